import { fontFileOf, programOf } from './font-program';
import type { EmbeddedFont, FaceCodes, TtfFont } from './glyph-code-types';
import { PdfText, pdfNumber } from './pdf-text';
import { zlibDeflate } from './stream-fast-path';

/** pdfkit's EmbeddedFont.embed with the font file, widths and ToUnicode map of the codes used. */
export function embedFace(font: EmbeddedFont, face: FaceCodes): void {
  const program = programOf(face, font._glyphsUsed ?? new Uint8Array(1));
  const doc = font.document;
  const compress = doc.compress;
  const fontFile = doc.ref(compress ? { Filter: 'FlateDecode' } : {});
  if (compress && !program.fileDeflated) {
    program.fileDeflated = zlibDeflate(fontFileOf(face, program) as Uint8Array<ArrayBuffer>);
    program.file = undefined;
  }
  fontFile.end(compress ? program.fileDeflated : fontFileOf(face, program));

  const fk = font.font as TtfFont & {
    'OS/2'?: { sFamilyClass?: number };
    post: { isFixedPitch: boolean };
    head: { macStyle: { italic: boolean } };
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
    italicAngle: number;
    capHeight: number;
    ascent: number;
    xHeight: number;
  };
  const familyClass = (fk['OS/2']?.sFamilyClass || 0) >> 8;
  let flags = 0;
  if (fk.post.isFixedPitch) flags |= 1 << 0;
  if (1 <= familyClass && familyClass <= 7) flags |= 1 << 1;
  flags |= 1 << 2;
  if (familyClass === 10) flags |= 1 << 3;
  if (fk.head.macStyle.italic) flags |= 1 << 6;
  const tag = [1, 2, 3, 4, 5, 6].map((i) => String.fromCharCode((font.id.charCodeAt(i) || 73) + 17)).join('');
  const name = `${tag}+${fk.postscriptName?.replaceAll(' ', '_')}`;
  const { bbox } = fk;
  const scale = font.scale;
  const descriptor = doc.ref({
    Type: 'FontDescriptor',
    FontName: name,
    Flags: flags,
    FontBBox: bboxOf(face, [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale]),
    ItalicAngle: fk.italicAngle,
    Ascent: font.ascender,
    Descent: font.descender,
    CapHeight: (fk.capHeight || fk.ascent) * scale,
    XHeight: (fk.xHeight || 0) * scale,
    StemV: 0,
  });
  descriptor.data.FontFile2 = fontFile;
  if (doc.subset === 1) {
    // PDF/A-1 names the glyphs present in a CIDSet (pdfkit writes one there too).
    const last = program.used[program.used.length - 1] ?? 0;
    const cidSet = new Uint8Array(Math.ceil((last + 1) / 8));
    for (const cid of program.used) cidSet[cid >> 3] = (cidSet[cid >> 3] as number) | (0x80 >> (cid % 8));
    const cidSetRef = doc.ref();
    cidSetRef.end(cidSet);
    descriptor.data.CIDSet = cidSetRef;
  }
  descriptor.end();
  const descendantFont = doc.ref({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: name,
    CIDSystemInfo: CID_SYSTEM_INFO,
    FontDescriptor: descriptor,
    W: program.widths,
    CIDToGIDMap: 'Identity',
  });
  descendantFont.end();
  const cmap = doc.ref(compress ? { Filter: 'FlateDecode' } : {});
  if (compress) program.toUnicodeDeflated ??= zlibDeflate(Buffer.from(program.toUnicode, 'latin1'));
  cmap.end(compress ? program.toUnicodeDeflated : Buffer.from(program.toUnicode, 'latin1'));
  font.dictionary.data = {
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: name,
    Encoding: 'Identity-H',
    DescendantFonts: [descendantFont],
    ToUnicode: cmap,
  };
  font.dictionary.end();
}

const bboxes = new WeakMap<FaceCodes, PdfText>();

/** The face's FontBBox as pdfkit writes the array, kept with the face. */
function bboxOf(face: FaceCodes, box: number[]): PdfText {
  let text = bboxes.get(face);
  if (!text) {
    text = new PdfText(`[${box.map(pdfNumber).join(' ')}]`);
    bboxes.set(face, text);
  }
  return text;
}

// What pdfkit writes for `{ Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 }`
// (PDF strings, not names), written once instead of converted for every font of every document.
const CID_SYSTEM_INFO = new PdfText('<<\n/Registry (Adobe)\n/Ordering (Identity)\n/Supplement 0\n>>');
