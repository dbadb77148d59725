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

import { embedFace } from './embed-face';
import type { EmbeddedFont, FaceCodes, FontkitGlyph, TtfFont } from './glyph-code-types';
import { installSubsetCache } from './subset-cache';

export type { EmbeddedFont, FaceCodes } from './glyph-code-types';

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
