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

/** The PDF with its streams decompressed (qpdf), to look for drawing operators such as colours. */
export async function decompressedPdf(bytes: Uint8Array): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'inv-qdf-'));
  const input = join(dir, 'in.pdf');
  const output = join(dir, 'out.pdf');
  writeFileSync(input, bytes);
  await Bun.$`qpdf --qdf --object-streams=disable ${input} ${output}`.quiet().nothrow();
  return new TextDecoder('latin1').decode(await Bun.file(output).arrayBuffer());
}

/** True when the PDF fills or strokes with this #rrggbb colour somewhere. */
export function usesColor(content: string, hex: string): boolean {
  // pdfkit writes each component as the plain float division, at full precision.
  const channel = (i: number) => String(Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const rgb = `${channel(1)} ${channel(3)} ${channel(5)}`;
  return (
    content.includes(`${rgb} rg`) ||
    content.includes(`${rgb} RG`) ||
    content.includes(`${rgb} scn`) ||
    content.includes(`${rgb} SCN`)
  );
}
