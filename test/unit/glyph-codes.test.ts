import { describe, expect, test } from 'bun:test';
import {
  decodePDFRawStream,
  type PDFArray,
  PDFDict,
  PDFName,
  type PDFRawStream,
  PDFDocument as PdfLib,
} from '@cantoo/pdf-lib';
import * as fontkit from 'fontkit';
import { loadFontFaces } from '../../src/rendering/engine/fonts';
import { faceCodes } from '../../src/rendering/engine/glyph-codes';
import { renderPdf } from '../../src/rendering/render-pdf';
import { german, pdfPagesText, savePdf } from '../rendering-fixtures';

/** The regular face's embedded TrueType file and its W array, read back from the PDF. */
async function regularFace(bytes: Uint8Array): Promise<{ file: Uint8Array; widths: Map<number, number> }> {
  const doc = await PdfLib.load(bytes);
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype'))?.toString() !== '/CIDFontType2')
      continue;
    if (!object.get(PDFName.of('BaseFont'))?.toString().endsWith('+NotoSans-Regular')) continue;
    const descriptor = doc.context.lookup(object.get(PDFName.of('FontDescriptor'))) as PDFDict;
    const stream = doc.context.lookup(descriptor.get(PDFName.of('FontFile2'))) as PDFRawStream;
    // W: [first [w w ...] first [w ...] ...]
    const widths = new Map<number, number>();
    const w = object.get(PDFName.of('W')) as PDFArray;
    for (let i = 0; i < w.size(); i += 2) {
      const first = Number(w.get(i).toString());
      const run = w.get(i + 1) as PDFArray;
      for (let k = 0; k < run.size(); k++) widths.set(first + k, Number(run.get(k).toString()));
    }
    return { file: decodePDFRawStream(stream).decode(), widths };
  }
  throw new Error('no NotoSans-Regular in the PDF');
}

// Drawn in the regular face (notes).
const LATIN = 'Ausführung „Straßenbau“ – Köln';
const withNotes = (notes: string) => {
  const input = german();
  input.data.notes = notes;
  return input;
};

describe('glyph numbers shared by the documents of a process', () => {
  test('a document embeds its glyphs at their process numbers, the numbers it does not use empty', async () => {
    // Greek first: this process numbers those glyphs before the Latin ones a German invoice draws.
    await renderPdf(withNotes('Ελληνικά Ψηφιακά Ωραία'));
    const bytes = await renderPdf(withNotes(LATIN));
    const { file, widths } = await regularFace(bytes);
    const embedded = fontkit.create(Buffer.from(file)) as fontkit.Font;
    const font = (await loadFontFaces()).regular;
    const face = faceCodes(font as never);
    if (!face) throw new Error('Noto Sans has no process numbering');
    for (const glyph of font.layout(LATIN).glyphs) {
      const code = face.codeOf.get(glyph.id) as number;
      expect(code).toBeGreaterThan(0);
      expect(embedded.getGlyph(code).path.toSVG()).toBe(glyph.path.toSVG());
      expect(embedded.getGlyph(code).advanceWidth).toBe(glyph.advanceWidth);
      expect(widths.get(code)).toBe(glyph.advanceWidth * (1000 / font.unitsPerEm));
    }
    for (const glyph of font.layout('ΨΩ').glyphs) {
      const code = face.codeOf.get(glyph.id) as number;
      expect(code).toBeGreaterThan(0);
      // Not drawn in this document: an empty slot, and no width listed for it. (When other files of this
      // test process drew Latin text first, the Greek glyphs were numbered after them: past the end of
      // this document's font, which holds no slot for them at all.)
      if (code < embedded.numGlyphs) {
        expect(embedded.getGlyph(code).path.commands).toHaveLength(0);
        expect(embedded.getGlyph(code).advanceWidth).toBe(0);
      }
      expect(widths.has(code)).toBe(false);
    }
    expect(pdfPagesText(savePdf(bytes)).join('')).toContain(LATIN);
  });

  test('two documents with the same glyphs embed the same font file; new glyphs, a new one', async () => {
    const first = await regularFace(await renderPdf(withNotes(LATIN)));
    const again = await regularFace(await renderPdf(withNotes(LATIN)));
    expect(again.file).toEqual(first.file);
    const bytes = await renderPdf(withNotes('Żółć Ĳsselmeer Œuvre'));
    const changed = await regularFace(bytes);
    expect(changed.file).not.toEqual(first.file);
    expect(pdfPagesText(savePdf(bytes)).join('')).toContain('Żółć Ĳsselmeer Œuvre');
  });
});
