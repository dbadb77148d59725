import { readFileSync } from 'node:fs';
import type { PackRuleset } from '../rule-pack';
import { cachedSef, cachedSefPath } from './compile-xslt';
import { loadSaxon, type SefNode } from './saxon';

/**
 * Compiled rulesets, kept for the life of the process: parsing a SEF costs 40-400 ms and its first run
 * another 300-650 ms, against tens of milliseconds once warm. Keyed by the artefact path so two packs
 * (tests) never share an entry. A failure is remembered too: a broken artefact stays broken until the
 * operator fixes the pack and restarts, and retrying a 20 s compile on every request would stall the server.
 */
const stylesheets = new Map<string, Promise<SefNode>>();
/** Keys whose loaded SEF carries the speed rewrites; any other entry is replaced once a rewritten one exists. */
const optimized = new Set<string>();

/** Smallest input that makes saxon-js prime (checksum, links, first run) a stylesheet. */
const PRIMING_DOCUMENT = '<priming/>';

function keyOf(ruleset: PackRuleset): string {
  return ruleset.sefPath ?? ruleset.xsltPath ?? ruleset.id;
}

export function loadStylesheet(ruleset: PackRuleset, cacheDir: string | null): Promise<SefNode> {
  const key = keyOf(ruleset);
  let entry = stylesheets.get(key);
  if (entry === undefined) {
    entry = prepare(ruleset, cacheDir, key);
    stylesheets.set(key, entry);
  }
  return entry;
}

/**
 * Called when a background compile (rules-compiler.ts) has put a rewritten SEF of this ruleset in the
 * cache: a process that already holds the pack's slower SEF drops it, and the next check loads the new one.
 * Requests running now keep the SEF they hold.
 */
export function forgetUnoptimizedStylesheet(ruleset: PackRuleset): boolean {
  const key = keyOf(ruleset);
  if (optimized.has(key) || !stylesheets.has(key)) return false;
  stylesheets.delete(key);
  return true;
}

async function prepare(ruleset: PackRuleset, cacheDir: string | null, key: string): Promise<SefNode> {
  const saxon = await loadSaxon();
  let text: string;
  // A SEF compiled here from the pack's XSLT carries the speed rewrites (compile-xslt.ts), which the
  // pack's own SEF lacks: prefer it once a run of `compileRulePack` has left it in the cache.
  const rewritten = ruleset.xsltPath === null ? null : cachedSefPath(ruleset.id, ruleset.xsltPath, cacheDir);
  if (rewritten !== null) text = readFileSync(rewritten, 'utf8');
  else if (ruleset.sefPath !== null) text = readFileSync(ruleset.sefPath, 'utf8');
  else if (ruleset.xsltPath !== null) text = cachedSef(saxon, ruleset.id, ruleset.xsltPath, cacheDir).text;
  else throw new Error(ruleset.reason ?? 'no artefact');
  const sef = JSON.parse(text) as SefNode;
  // Nothing faster can come: compiled here from the XSLT (with the rewrites), or no XSLT to compile.
  if (rewritten !== null || ruleset.sefPath === null || ruleset.xsltPath === null) optimized.add(key);
  // Run once on a trivial document so a corrupt SEF (bad checksum, wrong target) shows up here, as a
  // ruleset that cannot run, and not later as a transform error blamed on the invoice.
  saxon.transform(
    { stylesheetInternal: sef, sourceText: PRIMING_DOCUMENT, destination: 'document', deliverMessage: quiet },
    'sync',
  );
  return sef;
}

/** Schematron stylesheets may emit xsl:message; saxon-js would print those to the console. */
export function quiet(): void {}
