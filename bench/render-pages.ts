// Pages of the realistic German invoice (bench/fixtures/german-invoice.ts) per built-in template and line
// count, in-process: where a layout change moves a page break, this table shows it.
// Usage: bun bench/render-pages.ts [page size=A4] [line counts=1,2,3,4,5,6,8,10,20,60]
import { renderPdf } from '../src/rendering/render-pdf';
import { BUILT_IN_TEMPLATES } from '../src/rendering/templates';
import { germanInvoice } from './fixtures/german-invoice';

const pageSize = process.argv[2] === 'LETTER' ? 'LETTER' : 'A4';
const counts = (process.argv[3] ?? '1,2,3,4,5,6,8,10,20,60').split(',').map(Number);
const pageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\n/g) ?? []
  ).length;

console.log(`${pageSize}: pages at ${counts.join(', ')} lines`);
for (const { id } of BUILT_IN_TEMPLATES) {
  const pages: number[] = [];
  for (const n of counts)
    pages.push(pageCount(await renderPdf(germanInvoice(n, { templateId: id, pageSize }))));
  console.log(`${id.padEnd(14)} ${pages.join(' ')}`);
}
