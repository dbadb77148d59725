import { describe, expect, test } from 'bun:test';
import * as fontkit from 'fontkit';
import { loadFontFaces } from '../../src/rendering/engine/fonts';
import { installSubsetCache } from '../../src/rendering/engine/subset-cache';

interface Subset {
  includeGlyph(gid: number): number;
  encode(): Uint8Array;
}

describe('font subsets from the glyph cache', () => {
  test('a subset made twice holds the same outlines and advances as the font, composites included', async () => {
    const faces = await loadFontFaces();
    const font = faces.regular;
    installSubsetCache(font);
    // Plain letters, accented ones (composites in Noto), quotes, digits, Greek and Cyrillic.
    const text = 'Rechnung „Bäckerei Müller“ Ελληνικά Кириллица 0123456789 €·';
    const glyphs = font.layout(text).glyphs;
    for (let round = 0; round < 2; round++) {
      const subset = (font as unknown as { createSubset(): Subset }).createSubset();
      const ids = glyphs.map((g) => subset.includeGlyph(g.id));
      const parsed = fontkit.create(Buffer.from(subset.encode())) as fontkit.Font;
      glyphs.forEach((glyph, i) => {
        const copy = parsed.getGlyph(ids[i] as number);
        expect(copy.path.toSVG()).toBe(glyph.path.toSVG());
        expect(copy.advanceWidth).toBe(glyph.advanceWidth);
      });
    }
  });
});
