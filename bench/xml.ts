// EN 16931 XML of a 20-line invoice: median and p95 per call of the semantic model and of each syntax,
// warm. Target: under 2 ms per serialization. Usage: bun bench/xml.ts [calls]
import { toSemantic } from '../src/einvoicing/semantic/index';
import { serialize } from '../src/einvoicing/semantic/serialize';
import { benchCase } from '../test/einvoicing-fixtures';

const calls = Number(process.argv[2] ?? 2000);
const { input } = benchCase();
const invoice = toSemantic(input);

function measure(label: string, run: () => unknown): void {
  for (let i = 0; i < 300; i++) run();
  const micros: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    run();
    micros.push((performance.now() - started) * 1000);
  }
  micros.sort((a, b) => a - b);
  const at = (q: number) => micros[Math.min(micros.length - 1, Math.floor(q * micros.length))] ?? Number.NaN;
  console.log(
    `${label.padEnd(34)} median ${(at(0.5) / 1000).toFixed(3)} ms, p95 ${(at(0.95) / 1000).toFixed(3)} ms`,
  );
}

console.log(`20-line invoice, ${calls} calls each after warm-up (${process.versions.bun ?? 'node'})`);
measure('toSemantic', () => toSemantic(input));
measure('UBL (peppol_bis_billing_3)', () => serialize(invoice, 'peppol_bis_billing_3'));
measure('CII (factur_x_en16931)', () => serialize(invoice, 'factur_x_en16931'));
measure('toSemantic + UBL', () => serialize(toSemantic(input), 'xrechnung_ubl'));
console.log(
  `sizes: UBL ${serialize(invoice, 'xrechnung_ubl').length} chars, CII ${serialize(invoice, 'xrechnung_cii').length} chars`,
);
