import { createHash } from 'node:crypto';
import type { RulePack } from '../../../einvoicing/rule-pack';
import type { ComplianceResult } from '../../compliance';

/** How many verdicts each rule pack keeps: the files a bookkeeper works through in a sitting, several times over. */
const KEPT = 256;

// Per rule pack object: a newly loaded pack starts with no verdicts, so an answer never outlives its rules.
const byPack = new WeakMap<RulePack, Map<string, ComplianceResult>>();

/**
 * The official rules' verdict on one e-invoice, computed once per (rule pack, profile, exact text): the same
 * file parsed, then visualized, then put in the inbox is checked once. The rules are deterministic for the
 * same bytes and the same pack, so a kept verdict is the verdict. Least recently used goes first.
 */
export async function verdictOf(
  pack: RulePack,
  profile: string,
  xml: string,
  check: () => Promise<ComplianceResult>,
): Promise<ComplianceResult> {
  let kept = byPack.get(pack);
  if (!kept) {
    kept = new Map();
    byPack.set(pack, kept);
  }
  const key = `${profile}\n${createHash('sha256').update(xml).digest('hex')}`;
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const verdict = await check();
  // A check cut short (time limit, busy account) says so and is not kept: the next ask may finish it.
  if (verdict.fully_checked || verdict.ruleset_version === '') {
    kept.set(key, verdict);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  }
  return verdict;
}
