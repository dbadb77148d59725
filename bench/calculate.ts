// computeTotals on a 200-line document: median and p95 per call. Target: well under 1 ms.
// Usage: bun bench/calculate.ts [calls]
import { computeTotals, type LineInput, type TaxInput, type TotalsInput } from '../src/domain/money';

const calls = Number(process.argv[2] ?? 2000);

const exclusive: TaxInput[][] = [
  [{ rate: '19', category: 'S', name: 'VAT' }],
  [{ rate: '7', category: 'S', name: 'VAT' }],
  [{ rate: '0', category: 'Z', name: 'VAT' }],
  [],
];
const inclusive: TaxInput[] = [{ rate: '19', category: 'S', name: 'VAT', inclusive: true }];

// Deterministic mix: every 10th line tax-inclusive, every 7th with a percentage and every 11th with a fixed
// line discount, prices with awkward cents so rounding does real work.
const lines: LineInput[] = Array.from({ length: 200 }, (_, i) => {
  const line: LineInput = {
    quantity: ['1', '2', '3.5', '0.333', '12'][i % 5] as string,
    unit_price: `${10 + ((i * 37) % 900)}.${String((i * 53) % 100).padStart(2, '0')}`,
    taxes: i % 10 === 0 ? inclusive : (exclusive[i % exclusive.length] as TaxInput[]),
  };
  if (i % 7 === 0) line.discount = { type: 'percentage', value: '12.5' };
  else if (i % 11 === 0) line.discount = { type: 'fixed', value: '1.99' };
  return line;
});

const input: TotalsInput = {
  minorUnits: 2,
  lines,
  discounts: [{ type: 'percentage', value: '3', reason: 'loyalty' }],
  shipping: { amount: '24.90' },
};

const first = computeTotals(input);
if (!first.ok) throw new Error(`bench document is invalid: ${JSON.stringify(first.problems)}`);

for (let i = 0; i < 300; i++) computeTotals(input);

const micros: number[] = [];
for (let i = 0; i < calls; i++) {
  const started = performance.now();
  computeTotals(input);
  micros.push((performance.now() - started) * 1000);
}
micros.sort((a, b) => a - b);
const at = (q: number) => micros[Math.min(micros.length - 1, Math.floor(q * micros.length))] ?? Number.NaN;

console.log(`computeTotals, ${lines.length} lines, ${calls} calls (${process.versions.bun ?? 'node'})`);
console.log(`median ${at(0.5).toFixed(1)} us, p95 ${at(0.95).toFixed(1)} us per call`);
console.log(`total ${first.totals.total}, ${first.totals.tax_groups.length} tax groups`);
