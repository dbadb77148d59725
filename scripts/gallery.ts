// Renders every built-in template x document type x page size from the test fixtures to /tmp/gallery
// (PDF + PNG pages via pdftoppm), for looking at. `--docs` also refreshes docs/gallery/: the 20-line A4
// invoice's first page per template and page 2 of the 60-line invoice.
//
//   bun scripts/gallery.ts [--docs] [--only tpl_modern] [--out /tmp/gallery]
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_SIZE_IDS } from '../src/modules/reference';
import { renderPdf } from '../src/rendering/render-pdf';
import { BUILT_IN_TEMPLATES } from '../src/rendering/templates';
import type { RenderInput } from '../src/rendering/types';
import {
  creditNote,
  deliveryNote,
  german,
  invoice20,
  invoice60,
  jpy,
  quote,
} from '../test/rendering-fixtures';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const out = flag('--out') ?? '/tmp/gallery';
const only = flag('--only');
const docs = args.includes('--docs');

/** One document per type (the three without a fixture of their own reuse the 20-line invoice). */
const DOCUMENTS: Record<string, () => RenderInput> = {
  invoice: invoice20,
  credit_note: creditNote,
  quote,
  receipt: () => ({ ...invoice20(), documentType: 'receipt' }),
  proforma: () => ({ ...invoice20(), documentType: 'proforma' }),
  purchase_order: () => ({ ...invoice20(), documentType: 'purchase_order' }),
  delivery_note: deliveryNote,
  invoice60,
  german,
  jpy,
};

async function run(cmd: string[]): Promise<void> {
  const proc = Bun.spawn(cmd, { stderr: 'pipe' });
  if ((await proc.exited) !== 0)
    throw new Error(`${cmd[0]} failed: ${await new Response(proc.stderr).text()}`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let count = 0;
const started = performance.now();
for (const { id } of BUILT_IN_TEMPLATES) {
  if (only && id !== only) continue;
  for (const [name, make] of Object.entries(DOCUMENTS)) {
    for (const pageSize of PAGE_SIZE_IDS) {
      const base = `${id.replace('tpl_', '')}-${name}-${pageSize}`;
      const bytes = await renderPdf({ ...make(), templateId: id, pageSize });
      const pdf = join(out, `${base}.pdf`);
      await Bun.write(pdf, bytes);
      await run(['pdftoppm', '-png', '-r', '60', pdf, join(out, base)]);
      count += 1;
    }
  }
}
console.log(`${count} PDFs in ${out} (${Math.round(performance.now() - started)} ms)`);

if (docs) {
  const dir = join(import.meta.dir, '..', 'docs', 'gallery');
  mkdirSync(dir, { recursive: true });
  for (const { id } of BUILT_IN_TEMPLATES) {
    const pdf = join(out, `${id.replace('tpl_', '')}-invoice-A4.pdf`);
    await run([
      'pdftoppm',
      '-png',
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      join(dir, id.replace('tpl_', '')),
    ]);
  }
  const multi = join(out, 'modern-invoice60-LETTER.pdf');
  await run([
    'pdftoppm',
    '-png',
    '-r',
    '50',
    '-f',
    '2',
    '-l',
    '2',
    '-singlefile',
    multi,
    join(dir, 'modern-multipage-page2'),
  ]);
  console.log(`docs gallery refreshed in ${dir}`);
}
