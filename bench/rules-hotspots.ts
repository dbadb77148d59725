// Which asserts of a ruleset cost the time on a large invoice. Compiles the ruleset's XSLT (as the
// service would, with or without the speed rewrites) with every assert and report gated by a parameter,
// `$bench-only`: a run with `bench-only = N` evaluates assert N alone (its template still matches, its
// fired-rule is still written), `bench-only = 0` none. Cost of assert N = its run minus the baseline run.
// Only meaningful on an invoice without findings (a skipped assert reports nothing either way).
// Usage: bun bench/rules-hotspots.ts <ruleset id> [lines=200] [rewritten|raw] [top=25] [rulesets dir]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { compileXslt, fixMod97, rewriteForSaxonJs } from '../src/einvoicing/schematron/compile-xslt';
import { loadSaxon } from '../src/einvoicing/schematron/saxon';
import { largePeppolInvoice } from './rules-large';

const rulesetId = process.argv[2] ?? 'en16931-ubl';
const lines = Number(process.argv[3] ?? 200);
const variant = process.argv[4] ?? 'rewritten';
const top = Number(process.argv[5] ?? 25);
const dir = resolve(process.argv[6] ?? '../shared/rulesets');

interface Gate {
  id: string;
  test: string;
}

/** Gates every assert/report test of an ISO-skeleton or SchXslt stylesheet by `$bench-only`. */
function instrument(xslt: string): { xslt: string; gates: Gate[] } {
  const gates: Gate[] = [];
  const idAfter = (at: number): string => {
    const near = xslt.slice(at, at + 1500);
    return /name="id">([^<]+)</.exec(near)?.[1] ?? /\sid="([^"]+)"/.exec(near)?.[1] ?? '?';
  };
  // ISO skeleton asserts: <xsl:when test="X"/> then <xsl:otherwise><svrl:failed-assert ...
  // Reports (both) and SchXslt asserts: <xsl:if test="X"> then <svrl:successful-report|failed-assert.
  const pattern =
    /<xsl:when test="([^"]*)"\s*\/>(?=\s*<xsl:otherwise>\s*<svrl:failed-assert)|<xsl:if test="([^"]*)">(?=\s*<svrl:(?:failed-assert|successful-report))/g;
  const out = xslt.replace(
    pattern,
    (all, whenTest: string | undefined, ifTest: string | undefined, at: number) => {
      const n = gates.length + 1;
      gates.push({ id: idAfter(at), test: (whenTest ?? ifTest ?? '').replace(/\s+/g, ' ').trim() });
      if (whenTest !== undefined) return `<xsl:when test="$bench-only != ${n} or (${whenTest})"/>`;
      if (ifTest !== undefined) return `<xsl:if test="$bench-only = ${n} and (${ifTest})">`;
      return all;
    },
  );
  const anchor = /<xsl:(?:stylesheet|transform)\b[^>]*>/.exec(out);
  if (anchor === null) throw new Error('no xsl:stylesheet or xsl:transform element');
  const at = out.indexOf(anchor[0]) + anchor[0].length;
  const param = '\n<xsl:param name="bench-only" select="0"/>\n';
  return { xslt: out.slice(0, at) + param + out.slice(at), gates };
}

const pack = loadRulePack(dir);
const ruleset = pack.rulesets.get(rulesetId);
if (ruleset?.xsltPath == null) throw new Error(`${rulesetId}: no XSLT in the pack`);
const saxon = await loadSaxon();
const source = readFileSync(ruleset.xsltPath, 'utf8');
const prepared = variant === 'raw' ? fixMod97(source) : rewriteForSaxonJs(source);
const { xslt, gates } = instrument(prepared);
const start = performance.now();
const sef = compileXslt(saxon, xslt, pathToFileURL(ruleset.xsltPath).href);
console.log(
  `${rulesetId} (${variant}): ${gates.length} asserts gated, compiled in ${((performance.now() - start) / 1000).toFixed(1)} s`,
);
const xml = largePeppolInvoice(dir, lines);
const run = (only: number): number => {
  const t = performance.now();
  saxon.transform(
    {
      stylesheetInternal: sef,
      sourceText: xml,
      destination: 'document',
      stylesheetParams: { 'bench-only': only },
      deliverMessage: () => {},
    },
    'sync',
  );
  return performance.now() - t;
};
run(0);
const baseline = Math.min(run(0), run(0));
console.log(`${lines} lines: baseline (no assert evaluated) ${baseline.toFixed(0)} ms`);
const costs: Array<Gate & { ms: number }> = [];
for (let n = 1; n <= gates.length; n++) {
  const gate = gates[n - 1] as Gate;
  costs.push({ ...gate, ms: run(n) - baseline });
}
costs.sort((a, b) => b.ms - a.ms);
const total = costs.reduce((sum, c) => sum + Math.max(0, c.ms), 0);
console.log(`sum of assert costs ${total.toFixed(0)} ms; top ${top}:`);
for (const c of costs.slice(0, top)) {
  console.log(`${c.ms.toFixed(0).padStart(7)} ms  ${c.id.padEnd(24)} ${c.test.slice(0, 220)}`);
}
