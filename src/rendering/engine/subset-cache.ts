// Font subsetting from a per-process cache of glyph records. pdfkit embeds each face a document uses as a
// TrueType subset (fontkit's TTFSubset), and for every glyph of every document fontkit decodes the glyph's
// header and copies its outline out of the font file again: a tenth of a one-page invoice's drawing time.
// The bytes of a glyph, its advance and bearing, and (for a composite) where its component ids sit never
// change for a font, so they are read once per process and the subsetter only copies them.
import type { Font } from 'fontkit';

interface GlyphRecord {
  bytes: Uint8Array;
  /** Composite glyphs: each component's glyph id and the byte offset where the subset's id is written. */
  components: { glyphID: number; pos: number }[] | null;
  advance: number;
  bearing: number;
}

/** The fields of fontkit's TTFSubset that `_addGlyph` fills (not in fontkit's types). */
interface TtfSubset {
  font: Font & {
    loca: { offsets: number[] };
    _variationProcessor?: unknown;
    _getTableStream(tag: string): { pos: number; readBuffer(length: number): Uint8Array };
  };
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  includeGlyph(gid: number): number;
  _addGlyph(gid: number): number;
}

interface DecodedGlyph {
  numberOfContours: number;
  components?: { glyphID: number; pos: number }[];
}

const records = new WeakMap<object, Map<number, GlyphRecord>>();
let installed = false;

/**
 * In a subset's glyph list, a slot with no glyph: no outline and no advance (engine/glyph-codes.ts numbers
 * glyphs for the whole process, and a document's font file leaves the numbers it does not use empty).
 */
export const EMPTY_GLYPH = -1;
const EMPTY: GlyphRecord = { bytes: new Uint8Array(0), components: null, advance: 0, bearing: 0 };

/**
 * Replaces TTFSubset's glyph step with the cached one, once per process (the class is shared by every
 * TrueType font, reached through a subset of `font`). Variable fonts keep fontkit's own path: their
 * outlines depend on the chosen instance. True once installed (false for a CFF font).
 */
export function installSubsetCache(font: Font): boolean {
  if (installed) return true;
  const subset = (font as unknown as { createSubset(): TtfSubset }).createSubset();
  const proto = Object.getPrototypeOf(subset) as TtfSubset;
  if (typeof proto._addGlyph !== 'function' || !('loca' in font)) return false; // a CFF font: nothing to cache
  const original = proto._addGlyph;
  proto._addGlyph = function cachedAddGlyph(this: TtfSubset, gid: number): number {
    if (this.font._variationProcessor && gid !== EMPTY_GLYPH) return original.call(this, gid);
    const record = gid === EMPTY_GLYPH ? EMPTY : glyphRecord(this.font, gid);
    let bytes = record.bytes;
    if (record.components) {
      bytes = record.bytes.slice();
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (const component of record.components)
        view.setUint16(component.pos, this.includeGlyph(component.glyphID));
    }
    this.glyf.push(bytes);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: record.advance, bearing: record.bearing });
    this.offset += bytes.length;
    return this.glyf.length - 1;
  };
  installed = true;
  return true;
}

function glyphRecord(font: TtfSubset['font'], gid: number): GlyphRecord {
  let byGid = records.get(font);
  if (!byGid) {
    byGid = new Map();
    records.set(font, byGid);
  }
  const known = byGid.get(gid);
  if (known) return known;
  const glyph = font.getGlyph(gid) as unknown as {
    _decode(): DecodedGlyph | null;
    advanceWidth: number;
    _getMetrics(): { leftBearing: number };
  };
  const decoded = glyph._decode();
  const start = font.loca.offsets[gid] ?? 0;
  const end = font.loca.offsets[gid + 1] ?? start;
  const stream = font._getTableStream('glyf');
  stream.pos += start;
  // A copy: the stream's buffer is the whole font file, which the record must not pin by a view alone.
  const bytes = new Uint8Array(stream.readBuffer(end - start));
  const record: GlyphRecord = {
    bytes,
    components:
      decoded && decoded.numberOfContours < 0
        ? (decoded.components ?? []).map(({ glyphID, pos }) => ({ glyphID, pos }))
        : null,
    advance: glyph.advanceWidth,
    bearing: glyph._getMetrics().leftBearing,
  };
  byGid.set(gid, record);
  return record;
}
