// renderPdf in-process: median and p95 per document, and peak RSS.
// Targets: a one-page 20-line invoice under 10 ms median, 200 lines under 60 ms.
// Usage: bun bench/render.ts [runs20] [runs200] [template]

import { renderPdf } from '../src/rendering/render-pdf';
import { isBuiltInTemplate } from '../src/rendering/templates';
import type { RenderInput } from '../src/rendering/types';
import { invoice20, invoiceWithLines } from '../test/rendering-fixtures';

const runs20 = Number(process.argv[2] ?? 300);
const runs200 = Number(process.argv[3] ?? 60);
const template = process.argv[4] ?? 'tpl_modern';
if (!isBuiltInTemplate(template)) throw new Error(`unknown template ${template}`);

// One page: the 20-line invoice (SVG logo, EPC QR code, discounts, payment block) without the item
// descriptions, custom fields and notes that would carry it onto a second page.
const small = invoice20({ templateId: template });
small.data = {
  ...small.data,
  line_items: small.data.line_items.map(({ description: _, ...line }) => line),
  custom_fields: undefined,
  notes: undefined,
};
const large = invoiceWithLines(200, { templateId: template, pageSize: 'A4' });

async function pages(input: RenderInput): Promise<number> {
  const bytes = await renderPdf(input);
  return (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;
}

async function measure(name: string, input: RenderInput, runs: number): Promise<void> {
  const count = await pages(input);
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
  console.log(
    `${name}: ${count} page(s), ${(bytes / 1024).toFixed(0)} KiB, median ${at(0.5)} ms, p95 ${at(0.95)} ms`,
  );
}

const first = performance.now();
await renderPdf(small);
console.log(
  `${template}, first render (loads pdfkit, parses fonts): ${(performance.now() - first).toFixed(0)} ms`,
);
await measure('20 lines', small, runs20);
await measure('200 lines', large, runs200);
// maxRSS is in kilobytes on Linux.
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
