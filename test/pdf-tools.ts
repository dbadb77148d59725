import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Reads a PDF back with poppler (installed by .ci/run): text, page count, page size, metadata, fonts. */
export async function inspectPdf(bytes: Uint8Array) {
  const file = join(mkdtempSync(join(tmpdir(), 'inv-pdf-')), 'doc.pdf');
  writeFileSync(file, bytes);
  const info = await Bun.$`pdfinfo ${file}`.text();
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(info)?.[1]?.trim() ?? '';
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  return {
    text: await Bun.$`pdftotext -layout ${file} -`.text(),
    pages: Number(field('Pages')),
    width: Number(size?.[1]),
    height: Number(size?.[2]),
    title: field('Title'),
    author: field('Author'),
    fonts: await Bun.$`pdffonts ${file}`.text(),
  };
}
