// What leaving out values the document data cannot hold costs (src/einvoicing/receive/fit-data.ts):
// the read data of the large Peppol invoice as it is (the compiled check only), and with two item
// classifications on every line whose list ids are no UNTDID 7143 code (every one left out and named).
// Usage: bun bench/receive-unfit.ts [lines=10000] [runs=3]
import { parseEInvoice } from '../src/einvoicing/receive';
import { fitToData } from '../src/einvoicing/receive/fit-data';
import type { ReceiveWarning } from '../src/einvoicing/receive/types';
import { largePeppolInvoice } from './rules-large';

const lines = Number(process.argv[2] ?? 10000);
const runs = Number(process.argv[3] ?? 3);
const fits = parseEInvoice(largePeppolInvoice('../shared/rulesets', lines)).data;
const unfit = {
  ...fits,
  line_items: fits.line_items.map((l) => ({
    ...l,
    classifications: [
      { id: '1', scheme_id: 'UNSPSC' },
      { id: '2', scheme_id: 'TOOLONG' },
    ],
  })),
};
for (const [name, data] of [
  ['fits', fits],
  ['unfit', unfit],
] as const) {
  for (let run = 1; run <= runs; run++) {
    const warnings: ReceiveWarning[] = [];
    const started = performance.now();
    fitToData(data, warnings);
    const ms = (performance.now() - started).toFixed(1);
    console.log(`${lines} lines, ${name}, run ${run}: ${ms} ms, ${warnings.length} warnings`);
  }
}
