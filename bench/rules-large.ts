// The official rules on a large invoice: the Peppol BIS base example with its first line repeated N times
// (IDs 1..N, totals adjusted so the invoice stays valid), through XSD, EN 16931 UBL and Peppol, each step
// timed on its own, plus the whole profile (runProfile in this thread), and the whole profile through a rules
// pool of two workers (what validate-compliance runs in the service: the whole check in one worker; until
// 2026-11-26 20:40 EN 16931 in one worker and XSD + Peppol in the other, at the same time).
// Usage: bun bench/rules-large.ts [lines=1000] [runs=3] [sef=rewritten|pack] [rulesets dir]
//   sef=rewritten: SEFs compiled with the speed rewrites (compile-xslt.ts) into $SEF_CACHE_DIR (default
//   <tmp>/invoice-bench-sef), as a service's data dir cache holds them; sef=pack: the pack's own SEFs.
// Prints the median of the runs (the first run, which loads and primes the stylesheets, is reported apart)
// and the process's peak RSS. STEPS=pool runs the pool step alone (what the service runs; for 10,000 lines).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { compileRulePack, runProfile, runRuleset } from '../src/einvoicing/schematron';
import { parseUntrustedXml, validateXsd } from '../src/einvoicing/xsd';
import { RulesPool } from '../src/workers/rules-pool';

const lines = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 3);
const sef = process.argv[4] ?? 'rewritten';
const dir = resolve(process.argv[5] ?? '../shared/rulesets');
const cacheDir = sef === 'pack' ? null : (process.env.SEF_CACHE_DIR ?? join(tmpdir(), 'invoice-bench-sef'));
const PROFILE = 'peppol_bis_billing_3';

/** The base example with its first invoice line repeated `n` times and the totals made to match. */
export function largePeppolInvoice(rulesetsDir: string, n: number): string {
  const base = readFileSync(join(rulesetsDir, 'examples/peppol_bis_billing_3/base-example.xml'), 'utf8');
  const first = base.indexOf('<cac:InvoiceLine>');
  const end = base.indexOf('</cac:InvoiceLine>', first) + '</cac:InvoiceLine>'.length;
  const line = base.slice(first, end);
  const body = Array.from({ length: n }, (_, i) =>
    line.replace(/<cbc:ID>1<\/cbc:ID>/, `<cbc:ID>${i + 1}</cbc:ID>`),
  ).join('\n');
  // Line 1 is 2,800.00 at 25 %; the document has a 25.00 charge at 25 % too.
  const lineTotal = 2800 * n;
  const taxable = lineTotal + 25;
  const tax = (taxable * 25) / 100;
  const amount = (tag: string, value: number) => (xml: string) =>
    xml.replace(
      new RegExp(`(<cbc:${tag} currencyID="EUR">)[^<]*(</cbc:${tag}>)`, 'g'),
      `$1${value.toFixed(2)}$2`,
    );
  const header = [
    amount('LineExtensionAmount', lineTotal),
    amount('TaxExclusiveAmount', taxable),
    amount('TaxableAmount', taxable),
    amount('TaxAmount', tax),
    amount('TaxInclusiveAmount', taxable + tax),
    amount('PayableAmount', taxable + tax),
  ].reduce((xml, f) => f(xml), base.slice(0, first));
  const tail = base.slice(base.lastIndexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length);
  return `${header}${body}${tail}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function peakRssMiB(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

if (import.meta.main) {
  const pack = loadRulePack(dir);
  if (cacheDir !== null) {
    for (const c of await compileRulePack(pack, cacheDir, [PROFILE])) {
      if (!c.ok) console.log(`${c.id}: ${c.reason}`);
    }
  }
  const xml = largePeppolInvoice(dir, lines);
  const definition = pack.profiles.get(PROFILE);
  if (definition === undefined) throw new Error(`the pack has no ${PROFILE}`);
  console.log(
    `${lines} lines, ${(xml.length / 1e6).toFixed(2)} MB, ${sef} SEFs, ${runs} runs (first apart), ${dir}`,
  );

  const steps: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  const time = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const out = await step();
    const used = process.cpuUsage(startCpu);
    steps[name] = [...(steps[name] ?? []), performance.now() - start];
    cpu[name] = [...(cpu[name] ?? []), (used.user + used.system) / 1000];
    return out;
  };
  const findings: Record<string, number> = {};
  const pool = new RulesPool(2, 3_600_000);
  const poolOnly = process.env.STEPS === 'pool';
  for (let run = 0; run <= runs; run++) {
    if (poolOnly) {
      await time('whole profile, pool of 2 workers', () => pool.run(pack, PROFILE, xml, { cacheDir }));
      continue;
    }
    const doc = await time('parse (libxml2)', () => parseUntrustedXml(xml));
    const xsd = await time('XSD', () => validateXsd(pack, definition.xsd, doc));
    doc.dispose();
    findings.XSD = xsd.violations.length;
    for (const id of definition.rulesets) {
      const result = await time(id, () => runRuleset(pack, id, xml, { cacheDir }));
      if (!result.run.ran) throw new Error(`${id} did not run: ${result.run.reason}`);
      findings[id] = result.violations.length;
    }
    await time('whole profile (runProfile)', () => runProfile(pack, PROFILE, xml, { cacheDir }));
    await time('whole profile, pool of 2 workers', () => pool.run(pack, PROFILE, xml, { cacheDir }));
  }
  pool.close();
  // CPU time (user + system, all threads) says more than wall time on a machine shared with others.
  console.log('| Step | First run | Median of the rest | Median CPU | Findings |');
  console.log('|---|---|---|---|---|');
  for (const [name, times] of Object.entries(steps)) {
    const [first, ...rest] = times;
    const f = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
    const cpuRest = (cpu[name] ?? []).slice(1);
    console.log(
      `| ${name} | ${f(first)} | ${f(median(rest))} | ${f(median(cpuRest))} | ${findings[name] ?? ''} |`,
    );
  }
  console.log(`peak RSS ${peakRssMiB().toFixed(0)} MiB`);
}
