// The pdfkit and fontkit internals the glyph codes (engine/glyph-codes.ts) read or replace, and what they
// keep per face.
import type { PdfText } from './pdf-text';

export interface FontkitGlyph {
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

export interface TtfFont {
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

/** The fields of pdfkit's EmbeddedFont the glyph codes read or replace (not in @types/pdfkit). */
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
export interface FontProgram {
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
