// renderPdf in-process: median and p95 per document, and peak RSS.
// Targets: a one-page 20-line invoice under 10 ms median, 200 lines under 60 ms.
// Usage: bun bench/render.ts [runs] [template for the full and 200-line documents]

import { renderPdf } from '../src/rendering/render-pdf';
import { isBuiltInTemplate } from '../src/rendering/templates';
import type { RenderInput } from '../src/rendering/types';
import { invoice20, invoiceOnePage, invoiceWithLines } from '../test/rendering-fixtures';

const runs = Number(process.argv[2] ?? 300);
const template = process.argv[3] ?? 'tpl_modern';
if (!isBuiltInTemplate(template)) throw new Error(`unknown template ${template}`);

const onePage = invoiceOnePage();
// The full 20-line fixture: descriptions, SVG logo, payment block with the EPC QR code, notes.
const full = invoice20({ templateId: template });
const large = invoiceWithLines(200, { templateId: template, pageSize: 'A4' });

const pageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\n/g) ?? []
  ).length;

async function measure(name: string, input: RenderInput, count: number): Promise<void> {
  const pages = pageCount(await renderPdf(input));
  for (let i = 0; i < Math.min(50, count); i++) await renderPdf(input);
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    bytes = (await renderPdf(input)).byteLength;
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(2);
  const size = `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `${name} (${input.templateId}): ${pages} page(s), ${size}, median ${at(0.5)} ms, p95 ${at(0.95)} ms`,
  );
}

const first = performance.now();
await renderPdf(onePage);
console.log(`first render (loads pdfkit, parses fonts): ${(performance.now() - first).toFixed(0)} ms`);
await measure('20 lines, one page', onePage, runs);
await measure('20 lines, full fixture', full, runs);
await measure('200 lines', large, Math.max(20, Math.round(runs / 5)));
// maxRSS is in kilobytes on Linux.
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
