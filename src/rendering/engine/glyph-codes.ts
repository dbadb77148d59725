// Glyph numbers shared by every document of the process, and the embedded font files they make cached.
//
// pdfkit numbers a document's glyphs in the order the document first uses them (its own subset), so the
// same word is written with other numbers in every document, and every document builds, compresses and
// maps its font subsets anew: about a quarter of drawing a 20-line invoice. Here each face numbers its
// glyphs once for the process instead (the first glyph the process draws is 1, and so on; 0 stays the
// missing glyph), so:
// - a line's shown glyphs are the same hex in every document (engine/text-fast-path.ts keeps whole lines);
// - a document embeds the glyphs it used at their process numbers, the numbers it did not use as empty
//   glyphs (no outline, no advance), and two documents that use the same glyphs of a face embed the same
//   font file, ToUnicode map and widths: built and compressed once, kept for the next (a bounded cache).
// What is drawn is unchanged: each number still names the same outline and advance in the embedded file,
// the widths array and the ToUnicode map (copy, search, pdftotext) say the same for every number shown.

import { zlibDeflate } from './stream-fast-path';
import { EMPTY_GLYPH, installSubsetCache } from './subset-cache';

interface FontkitGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

interface TtfFont {
  postscriptName: string;
  unitsPerEm: number;
  loca?: unknown;
  _variationProcessor?: unknown;
  getGlyph(gid: number): FontkitGlyph;
  createSubset(): TtfSubset;
}

interface TtfSubset {
  glyphs: number[];
  mapping: Record<number, number>;
  encode(): Uint8Array;
}

/** The fields of pdfkit's EmbeddedFont this file reads or replaces (not in @types/pdfkit). */
export interface EmbeddedFont {
  id: string;
  font: TtfFont;
  document: PdfKitDocument;
  dictionary: PdfKitRef;
  scale: number;
  ascender: number;
  descender: number;
  name: string;
  layout(text: string, features?: unknown): { glyphs: FontkitGlyph[]; positions: Position[] };
  encode(text: string, features?: unknown): [string[], Position[]];
  embed(): void;
  ref(): unknown;
  widths: number[];
  unicode: number[][];
  /** This document's marks: `used[code]` is 1 once the document has drawn that glyph of the face. */
  _glyphsUsed?: Uint8Array;
}

interface PdfKitRef {
  data: Record<string, unknown>;
  end(chunk?: Uint8Array | string): void;
}

interface PdfKitDocument {
  compress: boolean;
  subset?: number;
  ref(data?: Record<string, unknown>): PdfKitRef;
}

/** A face's process-wide numbering: code -> glyph id, width (thousandths of an em), characters, hex. */
export interface FaceCodes {
  readonly font: TtfFont;
  readonly codeOf: Map<number, number>;
  readonly gids: number[];
  readonly widths: number[];
  readonly unicode: number[][];
  readonly hex: string[];
  readonly programs: Map<string, FontProgram>;
}

/** What a document embeds for one face, given the codes it used. */
interface FontProgram {
  /**
   * The TrueType file, made again from `used` when needed, and its FlateDecode form: once compressed the
   * file is dropped (documents are compressed; a kept font costs its compressed size only).
   */
  file?: Uint8Array;
  fileDeflated?: Uint8Array;
  toUnicode: string;
  toUnicodeDeflated?: Uint8Array;
  /** The W array of the descendant font, runs of consecutive used codes: `[first [w w ...] ...]`. */
  widths: PdfText;
  used: number[];
}

/** Font files kept per face (each some kilobytes): the last documents' glyph sets. */
const PROGRAMS_PER_FACE = 24;

const faces = new WeakMap<object, FaceCodes | null>();

/** The face's numbering, or null where it does not apply (a CFF or variable font: pdfkit's own subsets). */
export function faceCodes(font: TtfFont): FaceCodes | null {
  let codes = faces.get(font);
  if (codes !== undefined) return codes;
  codes = null;
  if ('loca' in font && !font._variationProcessor && installSubsetCache(font as never)) {
    const missing = font.getGlyph(0);
    codes = {
      font,
      codeOf: new Map([[0, 0]]),
      gids: [0],
      widths: [missing.advanceWidth * (1000 / font.unitsPerEm)],
      unicode: [[0]],
      hex: ['0000'],
      programs: new Map(),
    };
  }
  faces.set(font, codes);
  return codes;
}

/** The process-wide code of a shaped glyph, numbered on first use. */
export function codeOf(face: FaceCodes, glyph: FontkitGlyph): number {
  let code = face.codeOf.get(glyph.id);
  if (code === undefined) {
    code = face.gids.length;
    face.codeOf.set(glyph.id, code);
    face.gids.push(glyph.id);
    face.widths.push(glyph.advanceWidth * (1000 / face.font.unitsPerEm));
    face.unicode.push(readableCodePoints(glyph.codePoints));
    face.hex.push(`0000${code.toString(16)}`.slice(-4));
  }
  return code;
}

/**
 * What a glyph reads back as (the ToUnicode map): a ligature glyph (ﬁ, ﬀ, ﬂ, ﬃ, ﬄ, ﬅ, ﬆ) that fontkit names
 * by its presentation form, U+FB01, is its letters, "fi", so copying and searching the PDF find "offenen"
 * in "oﬀenen" (fontkit keeps the form when the glyph was first met without the text it came from).
 */
export function readableCodePoints(codePoints: number[]): number[] {
  if (!codePoints.some((point) => point >= 0xfb00 && point <= 0xfb06)) return codePoints;
  return Array.from(String.fromCodePoint(...codePoints).normalize('NFKC'), (c) => c.codePointAt(0) ?? 0);
}

/** Marks `codes` as drawn by this document in this face. */
export function markUsed(font: EmbeddedFont, face: FaceCodes, codes: ArrayLike<number>): void {
  let used = font._glyphsUsed as Uint8Array;
  if (!used) {
    used = new Uint8Array(256);
    font._glyphsUsed = used;
    // What pdfkit's encode fills per document, by code (svg-to-pdfkit reads `unicode` of what it encoded).
    font.widths = face.widths;
    font.unicode = face.unicode;
  }
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] as number;
    if (code >= used.length) {
      const grown: Uint8Array = new Uint8Array(Math.max(code + 1, used.length * 2));
      grown.set(used);
      used = grown;
      font._glyphsUsed = used;
    }
    used[code] = 1;
  }
}

let installed = false;

/**
 * Replaces pdfkit's EmbeddedFont `encode` and `embed` once per process (the class is reached through a
 * document's current font): every text pdfkit itself draws (an SVG logo's, a test's) is numbered the same
 * way as engine/text-fast-path's lines. Fonts without a numbering keep pdfkit's own methods.
 */
export function installGlyphCodes(doc: PDFKit.PDFDocument): void {
  if (installed) return;
  const font = (doc as unknown as { _font?: EmbeddedFont })._font;
  if (!font || typeof font.embed !== 'function' || !font.font) return;
  const proto = Object.getPrototypeOf(font) as EmbeddedFont;
  const originalEncode = proto.encode;
  const originalEmbed = proto.embed;
  proto.encode = function encode(this: EmbeddedFont, text: string, features?: unknown) {
    const face = faceCodes(this.font);
    if (!face) return originalEncode.call(this, text, features);
    const { glyphs, positions } = this.layout(text, features);
    const codes = glyphs.map((glyph) => codeOf(face, glyph));
    markUsed(this, face, codes);
    return [codes.map((code) => face.hex[code] as string), positions];
  };
  proto.embed = function embed(this: EmbeddedFont) {
    const face = faceCodes(this.font);
    if (!face) return originalEmbed.call(this);
    embedFace(this, face);
  };
  installed = true;
}

/** pdfkit's EmbeddedFont.embed with the font file, widths and ToUnicode map of the codes used. */
function embedFace(font: EmbeddedFont, face: FaceCodes): void {
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

/** The font program of the codes marked in `used` (code 0 always), from the cache or built. */
function programOf(face: FaceCodes, used: Uint8Array): FontProgram {
  const codes = [0];
  for (let code = 1; code < used.length; code++) if (used[code]) codes.push(code);
  const key = codes.join(',');
  const known = face.programs.get(key);
  if (known) {
    // Most recently used last: the first key is the one dropped when the cache is full.
    face.programs.delete(key);
    face.programs.set(key, known);
    return known;
  }
  const program = buildProgram(face, codes);
  if (face.programs.size >= PROGRAMS_PER_FACE) {
    const oldest = face.programs.keys().next().value;
    if (oldest !== undefined) face.programs.delete(oldest);
  }
  face.programs.set(key, program);
  return program;
}

function fontFileOf(face: FaceCodes, program: FontProgram): Uint8Array {
  program.file ??= encodeFontFile(face, program.used);
  return program.file;
}

function buildProgram(face: FaceCodes, codes: number[]): FontProgram {
  return { toUnicode: toUnicodeCmap(face, codes), widths: widthRuns(face, codes), used: codes };
}

/** The TrueType subset of `codes`, each glyph at its code. */
function encodeFontFile(face: FaceCodes, codes: number[]): Uint8Array {
  const last = codes[codes.length - 1] ?? 0;
  const subset = face.font.createSubset();
  // Glyph index = code: the codes this document did not use are empty glyphs. Components of composite
  // glyphs that are not themselves used are appended after the last code by the subsetter, as pdfkit's are.
  const glyphs: number[] = new Array(last + 1).fill(EMPTY_GLYPH);
  const mapping: Record<number, number> = {};
  for (const code of codes) {
    const gid = face.gids[code] as number;
    glyphs[code] = gid;
    mapping[gid] = code;
  }
  subset.glyphs = glyphs;
  subset.mapping = mapping;
  return subset.encode();
}

function widthRuns(face: FaceCodes, codes: number[]): PdfText {
  const runs: string[] = [];
  let run: number[] = [];
  let next = -1;
  const flush = () => {
    if (run.length > 0) runs.push(`${next - run.length} [${run.map(pdfNumber).join(' ')}]`);
  };
  for (const code of codes) {
    if (code !== next) {
      flush();
      run = [];
    }
    run.push(face.widths[code] as number);
    next = code + 1;
  }
  flush();
  return new PdfText(`[${runs.join(' ')}]`);
}

/** pdfkit's PDFObject.number. */
const pdfNumber = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A value already written as PDF: pdfkit's PDFObject.convert writes an object that is neither an array,
 * a plain object nor one of its own types by its `toString()`, so a cached font's W array is not written
 * number by number again for every document.
 */
class PdfText {
  constructor(private readonly text: string) {}

  get [Symbol.toStringTag](): string {
    return 'PdfText';
  }

  toString(): string {
    return this.text;
  }
}

// What pdfkit writes for `{ Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 }`
// (PDF strings, not names), written once instead of converted for every font of every document.
const CID_SYSTEM_INFO = new PdfText('<<\n/Registry (Adobe)\n/Ordering (Identity)\n/Supplement 0\n>>');

const hex4 = (n: number) => `0000${n.toString(16)}`.slice(-4);

/** pdfkit's ToUnicode CMap, over runs of consecutive used codes (a range never crosses a 256 boundary). */
function toUnicodeCmap(face: FaceCodes, codes: number[]): string {
  const ranges: string[] = [];
  let start = -1;
  let entries: string[] = [];
  let previous = -2;
  const flush = () => {
    if (entries.length > 0) ranges.push(`<${hex4(start)}> <${hex4(previous)}> [${entries.join(' ')}]`);
    entries = [];
  };
  for (const code of codes) {
    if (code !== previous + 1 || code % 256 === 0) {
      flush();
      start = code;
    }
    entries.push(`<${unicodeHex(face.unicode[code] ?? [])}>`);
    previous = code;
  }
  flush();
  // At most 100 ranges a block (the CMap format's limit).
  const blocks: string[] = [];
  for (let i = 0; i < ranges.length; i += 100) {
    const block = ranges.slice(i, i + 100);
    blocks.push(`${block.length} beginbfrange\n${block.join('\n')}\nendbfrange`);
  }
  return `\
/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo <<
  /Registry (Adobe)
  /Ordering (UCS)
  /Supplement 0
>> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000><ffff>
endcodespacerange
${blocks.join('\n')}
endcmap
CMapName currentdict /CMap defineresource pop
end
end
`;
}

/** UTF-16BE hex of the code points, as pdfkit writes them (surrogate pairs beyond the BMP). */
function unicodeHex(codePoints: number[]): string {
  const encoded: string[] = [];
  for (let value of codePoints) {
    if (value > 0xffff) {
      value -= 0x10000;
      encoded.push(hex4(((value >>> 10) & 0x3ff) | 0xd800));
      value = 0xdc00 | (value & 0x3ff);
    }
    encoded.push(hex4(value));
  }
  return encoded.join(' ');
}
