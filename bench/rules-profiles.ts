// The official rules on documents the service writes, every profile and size: the German B2B invoice of the
// e-invoicing tests (test/einvoicing-fixtures.ts, every profile accepts it) with its first line repeated up
// to the API's 2,000 lines, written by the service's own writer (UBL or CII by profile), then the whole
// tier-2 check (XML Schema + the profile's Schematron, runProfile) in this thread with the vendored
// rewritten SEFs (assets/rulesets-sef-cache), as a warm rules worker runs it. Prints each check's time and
// findings; SAVE=<dir> also writes each XML there (for bench/rules-java.ts's XML=).
// Usage: bun bench/rules-profiles.ts [lines=500,1000,2000] [profiles=all four] [runs=2]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ComplianceProfile } from '../src/einvoicing/profiles';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { runProfile } from '../src/einvoicing/schematron';
import { writeEInvoice } from '../src/modules/compliance/use-cases/write-einvoice';
import type { DocumentData } from '../src/modules/documents/model';
import { CASES } from '../test/einvoicing-fixtures';

const root = resolve(join(import.meta.dir, '..'));
const sizes = (process.argv[2] ?? '500,1000,2000').split(',').map(Number);
const profiles = (
  process.argv[3] ?? 'factur_x_en16931,xrechnung_cii,xrechnung_ubl,peppol_bis_billing_3'
).split(',') as ComplianceProfile[];
const runs = Number(process.argv[4] ?? 2);
const pack = loadRulePack(join(root, 'assets/rulesets'));
const cacheDir = join(root, 'assets/rulesets-sef-cache');

/** The fixture's invoice with its first line `n` times (the totals are not stated in the data). */
function invoiceOfLines(n: number): DocumentData {
  const data = structuredClone(CASES[0]?.input.data) as DocumentData;
  const first = data.line_items[0];
  if (first === undefined) throw new Error('the fixture has no line');
  data.line_items = Array.from({ length: n }, (_, i) => ({ ...first, name: `${first.name} ${i + 1}` }));
  return data;
}

console.log(
  `| Profile | Lines | XML | ${Array.from({ length: runs }, (_, i) => `Check ${i + 1}`).join(' | ')} | Findings |`,
);
console.log(`|---|---|---|${'---|'.repeat(runs)}---|`);
for (const profile of profiles) {
  for (const lines of sizes) {
    const written = writeEInvoice({ profile, documentType: 'invoice', data: invoiceOfLines(lines) });
    if (!written.ok) throw new Error(`${profile}: ${JSON.stringify(written.problems.slice(0, 3))}`);
    if (process.env.SAVE) {
      mkdirSync(process.env.SAVE, { recursive: true });
      writeFileSync(join(process.env.SAVE, `${profile}-${lines}.xml`), written.xml);
    }
    const times: string[] = [];
    let findings = '';
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const result = await runProfile(pack, profile, written.xml, { cacheDir });
      times.push(`${((performance.now() - started) / 1000).toFixed(2)} s`);
      if (!result.rulesets.every((r) => r.ran)) throw new Error(`${profile}: not fully checked`);
      findings = result.violations.map((v) => v.rule).join(' ') || 'none';
    }
    const size = `${(written.xml.length / 1e6).toFixed(1)} MB`;
    console.log(`| ${profile} | ${lines} | ${size} | ${times.join(' | ')} | ${findings} |`);
  }
}
