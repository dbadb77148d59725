// Factur-X renders in-process: the 20-line invoice as PDF/A-3b with factur-x.xml attached, next to the same
// document rendered plain, so the cost of Factur-X itself shows. Target: under 15 ms median, warm.
// Usage: bun bench/facturx.ts [runs]

import { renderPdf } from '../src/rendering/render-pdf';
import type { RenderInput } from '../src/rendering/types';
import { invoice20 } from '../test/rendering-fixtures';

const runs = Number(process.argv[2] ?? 300);

// A CII document of realistic size (about 20 KB, like a 20-line EN 16931 invoice): the renderer only
// attaches it, so its content does not matter, only its size.
const line = (i: number) =>
  `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i}</ram:LineID>` +
  '</ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>Design work</ram:Name>' +
  '</ram:SpecifiedTradeProduct>'.padEnd(800, ' ') +
  '</ram:IncludedSupplyChainTradeLineItem>';
const xml =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice ' +
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">' +
  Array.from({ length: 20 }, (_, i) => line(i + 1)).join('') +
  '</rsm:CrossIndustryInvoice>\n';

async function measure(name: string, input: RenderInput): Promise<void> {
  for (let i = 0; i < Math.min(50, runs); i++) await renderPdf(input);
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = (await renderPdf(input)).byteLength;
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(2);
  console.log(`${name}: ${(bytes / 1024).toFixed(0)} KiB, median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}

const first = performance.now();
await renderPdf(invoice20({ facturx: { xml } }));
console.log(`first Factur-X render (loads pdfkit, fonts, ICC): ${(performance.now() - first).toFixed(0)} ms`);
await measure('20 lines, plain', invoice20());
await measure(
  `20 lines, Factur-X (${(xml.length / 1024).toFixed(0)} KiB XML)`,
  invoice20({ facturx: { xml } }),
);
