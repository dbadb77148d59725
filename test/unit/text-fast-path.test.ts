import { describe, expect, test } from 'bun:test';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { loadFontFaces } from '../../src/rendering/engine/fonts';
import { installGlyphCodes } from '../../src/rendering/engine/glyph-codes';
import { Pdf } from '../../src/rendering/engine/pdf';
import { drawTextLine } from '../../src/rendering/engine/text-fast-path';
import { pdfPagesText, rasterPage, savePdf } from '../rendering-fixtures';

type Draw = (
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  spacing: number,
  color?: string,
) => void;

const viaPdfKit: Draw = (doc, text, x, y, spacing, color) => {
  if (color !== undefined) doc.fillColor(color);
  doc.text(text, x, y, { lineBreak: false, baseline: 'alphabetic', characterSpacing: spacing });
};

/** A whole uncompressed PDF with fixed dates, so that two runs can be compared byte for byte. */
async function pdfOf(draw: Draw): Promise<string> {
  const faces = await loadFontFaces();
  const doc = new PDFDocument({
    compress: false,
    margin: 0,
    size: 'A4',
    info: { CreationDate: new Date(0) },
    font: faces.regular as unknown as string,
  });
  // The process-wide glyph numbers (engine/glyph-codes.ts), for pdfkit's own text as for drawTextLine.
  installGlyphCodes(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc
    .font(faces.bold as unknown as string)
    .fontSize(18)
    .fillColor('#1e3a8a');
  draw(doc, 'Rechnung RE-2026-1138', 56, 80, 0);
  doc
    .font(faces.regular as unknown as string)
    .fontSize(9.5)
    .fillColor('#111827');
  draw(doc, 'AVAILABLE "To" WAVE Typografie im Alltag', 56, 120, 0);
  draw(doc, 'Ελληνικά Кириллица Bäckerei Müller & Söhne', 56, 140, 0.4);
  // A decomposed accent: the mark is positioned by an offset, which takes its own text matrix.
  draw(doc, 'Cafe\u0301 cre\u0300me bru\u0302le\u0301e', 300, 160, 0);
  draw(doc, '', 56, 180, 0);
  draw(doc, 'line one\nstill one line', 56, 200, 1);
  draw(doc, 'In colour', 56, 220, 0, '#b91c1c');
  draw(doc, 'Again in colour\nand on', 56, 240, 0.2, '#0f766e');
  doc.end();
  await done;
  return Buffer.concat(chunks)
    .toString('latin1')
    .replace(/\/ID \[[^\]]*\]/, '');
}

describe('drawTextLine', () => {
  test('writes exactly what pdfkit writes for a one-line text', async () => {
    const ours = await pdfOf(drawTextLine);
    const theirs = await pdfOf(viaPdfKit);
    expect(ours.length).toBeGreaterThan(1000);
    expect(ours).toBe(theirs);
    // Again, with every line already encoded in the process-wide cache: the same operators, the same
    // embedded font.
    expect(await pdfOf(drawTextLine)).toBe(theirs);
  });
});

describe('lines joined in one text block', () => {
  test('consecutive lines in one colour share it and one q ... Q, and the page looks the same', async () => {
    const lines: [string, number, number, string][] = [
      ['Rechnung RE-2026-04711', 0, 0, '#111827'],
      ['Königsallee 92a, 40212 Düsseldorf', 0, 0, '#111827'],
      ['LETTER-SPACED LABEL', 1.2, 0, '#111827'],
      ['after the spaced one', 0, 0, '#111827'],
      ['another colour', 0, 0, '#1d4ed8'],
      ['and again', 0, 0, '#1d4ed8'],
      ['after a rectangle', 0, 1, '#1d4ed8'],
      ['two pieces\non one line', 0, 0, '#1d4ed8'],
    ];
    const draw = async (ours: boolean) => {
      const pdf = await Pdf.create({ pageSize: 'A4', title: 't', author: 'a', lang: 'de-DE' });
      pdf.font('regular', 10);
      lines.forEach(([text, spacing, rectFirst, color], i) => {
        if (rectFirst) pdf.doc.rect(40, 30 + i * 20, 300, 1).fill('#cbd5e1');
        if (ours) drawTextLine(pdf.doc, text, 56, 40 + i * 20, spacing, color);
        else viaPdfKit(pdf.doc, text, 56, 40 + i * 20, spacing, color);
      });
      return pdf.finish();
    };
    const ours = await draw(true);
    const theirs = await draw(false);
    expect(rasterPage(savePdf(ours), 1, 100).data).toEqual(rasterPage(savePdf(theirs), 1, 100).data);
    expect(pdfPagesText(savePdf(ours))).toEqual(pdfPagesText(savePdf(theirs)));
    // Joined: fewer q ... Q pairs than lines drawn.
    const content = inflateSync(pageContent(ours)).toString('latin1');
    expect(content.match(/^q$/gm)?.length).toBeLessThan(lines.length - 2);
  });
});

/** The first page's content stream (compressed), found by its FlateDecode dictionary after the header. */
function pageContent(pdf: Uint8Array): Buffer {
  const text = Buffer.from(pdf).toString('latin1');
  const streams = [...text.matchAll(/\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)];
  const biggest = streams
    .map((m) =>
      Buffer.from(pdf).subarray((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + Number(m[1])),
    )
    .filter((b) => inflateSync(b).toString('latin1').includes(' Tf'));
  return biggest[0] as Buffer;
}
