import { describe, expect, test } from 'bun:test';
import * as fontkit from 'fontkit';
import { installSubsetCache } from '../../src/rendering/engine/subset-cache';

interface Subset {
  includeGlyph(gid: number): number;
  encode(): Uint8Array;
}

describe('font subsets from the glyph cache', () => {
  test('a subset made twice holds the same outlines and advances as the font, composites included', async () => {
    // A font of its own: the renderer's shared face numbers glyphs for the whole process (glyph-codes
    // test), which subsets of Greek and Cyrillic made here must not disturb.
    const file = Bun.resolveSync(
      '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
      import.meta.dir,
    );
    const font = fontkit.openSync(file) as fontkit.Font;
    installSubsetCache(font as never);
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
