// Reading received e-invoices: parseEInvoice (checks, DOM, mapping) on official examples, warm.
// Usage: bun bench/receive.ts [runs]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEInvoice } from '../src/einvoicing/receive';

const runs = Number(process.argv[2] ?? 500);
const examples = resolve(import.meta.dir, '../../shared/rulesets/examples');
for (const file of [
  'xrechnung_ubl/01.01a-INVOICE_ubl.xml',
  'xrechnung_cii/01.01a-INVOICE_uncefact.xml',
  'peppol_bis_billing_3/base-example.xml',
]) {
  const xml = readFileSync(join(examples, file), 'utf8');
  for (let i = 0; i < 50; i++) parseEInvoice(xml);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    parseEInvoice(xml);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.floor(q * ms.length)] ?? 0).toFixed(3);
  console.log(
    `${file.padEnd(48)} ${(xml.length / 1024).toFixed(0).padStart(3)} KiB  median ${at(0.5)} ms, p95 ${at(0.95)} ms`,
  );
}
