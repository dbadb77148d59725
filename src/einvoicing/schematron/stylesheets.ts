import { readFileSync } from 'node:fs';
import type { PackRuleset } from '../rule-pack';
import { cachedSefText, cachedSefTextIfPresent } from './compile-xslt';
import { loadSaxon, type SefNode } from './saxon';

/**
 * Compiled rulesets, kept for the life of the process: parsing a SEF costs 40-400 ms and its first run
 * another 300-650 ms, against tens of milliseconds once warm. Keyed by the artefact path so two packs
 * (tests) never share an entry. A failure is remembered too: a broken artefact stays broken until the
 * operator fixes the pack and restarts, and retrying a 20 s compile on every request would stall the server.
 */
const stylesheets = new Map<string, Promise<SefNode>>();

/** Smallest input that makes saxon-js prime (checksum, links, first run) a stylesheet. */
const PRIMING_DOCUMENT = '<priming/>';

export function loadStylesheet(ruleset: PackRuleset, cacheDir: string | null): Promise<SefNode> {
  const key = ruleset.sefPath ?? ruleset.xsltPath ?? ruleset.id;
  let entry = stylesheets.get(key);
  if (entry === undefined) {
    entry = prepare(ruleset, cacheDir);
    stylesheets.set(key, entry);
  }
  return entry;
}

async function prepare(ruleset: PackRuleset, cacheDir: string | null): Promise<SefNode> {
  const saxon = await loadSaxon();
  let text: string;
  // A SEF compiled here from the pack's XSLT carries the speed rewrites (compile-xslt.ts), which the
  // pack's own SEF lacks: prefer it once a run of `compileRulePack` has left it in the cache.
  const optimized =
    ruleset.xsltPath === null ? null : cachedSefTextIfPresent(saxon, ruleset.id, ruleset.xsltPath, cacheDir);
  if (optimized !== null) text = optimized;
  else if (ruleset.sefPath !== null) text = readFileSync(ruleset.sefPath, 'utf8');
  else if (ruleset.xsltPath !== null) text = cachedSefText(saxon, ruleset.id, ruleset.xsltPath, cacheDir);
  else throw new Error(ruleset.reason ?? 'no artefact');
  const sef = JSON.parse(text) as SefNode;
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
