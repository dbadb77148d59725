import notoLightPath from '@expo-google-fonts/noto-sans/300Light/NotoSans_300Light.ttf' with { type: 'file' };
import notoRegularPath from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' with {
  type: 'file',
};
import notoItalicPath from '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf' with {
  type: 'file',
};
import notoMediumPath from '@expo-google-fonts/noto-sans/500Medium/NotoSans_500Medium.ttf' with {
  type: 'file',
};
import notoSemiBoldPath from '@expo-google-fonts/noto-sans/600SemiBold/NotoSans_600SemiBold.ttf' with {
  type: 'file',
};
import notoBoldPath from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' with { type: 'file' };
import type { Font } from 'fontkit';

/** The faces a theme may name. One family (Noto Sans, OFL) in several weights: all share metrics. */
export type FontKey = 'light' | 'regular' | 'italic' | 'medium' | 'semibold' | 'bold';

export const FONT_KEYS: readonly FontKey[] = ['light', 'regular', 'italic', 'medium', 'semibold', 'bold'];

/** The font families `font_family` may name (lower-case); anything else is ignored. */
export const FONT_FAMILIES: readonly string[] = ['noto sans', 'noto-sans', 'notosans'];

const PATHS: Record<FontKey, string> = {
  light: notoLightPath,
  regular: notoRegularPath,
  italic: notoItalicPath,
  medium: notoMediumPath,
  semibold: notoSemiBoldPath,
  bold: notoBoldPath,
};

export type FontFaces = Record<FontKey, Font>;

export interface FontSet {
  regular: Font;
  bold: Font;
}

let cached: Promise<FontFaces> | null = null;

/**
 * Every embedded face, parsed once per process: parsing a TTF costs more than drawing a whole page, and
 * pdfkit accepts the parsed object. Embedded fonts (never pdfkit's built-in Helvetica) are also what a
 * PDF/A file and the compiled executable need. fontkit parses tables lazily, so six faces cost little more
 * than one; pdfkit embeds only the faces a document uses, subsetted.
 */
export function loadFontFaces(): Promise<FontFaces> {
  cached ??= (async () => {
    const fontkit = await import('fontkit');
    const parse = async (key: FontKey) => {
      const bytes = Buffer.from(await Bun.file(PATHS[key]).arrayBuffer());
      const font = fontkit.create(bytes) as Font;
      bindCodePoints(font);
      return [key, font] as const;
    };
    const parsed = await Promise.all(FONT_KEYS.map(parse));
    return Object.fromEntries(parsed) as FontFaces;
  })();
  // A failed load (missing asset) must not stick for the life of the process.
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/** The two faces the readiness probe needs. */
export async function loadFonts(): Promise<FontSet> {
  const faces = await loadFontFaces();
  return { regular: faces.regular, bold: faces.bold };
}

/**
 * fontkit caches one glyph object per glyph id, with the characters it was first looked up by, and pdfkit
 * writes those characters into the PDF's ToUnicode map (what copy, search and text extraction read). A
 * glyph first reached as a component while subsetting a composite (the period inside "·") is cached with
 * no characters, and every later document in the process would then extract "01.12.2026" as "01 12 2026".
 * Looking every mapped character up once, lowest code point first, binds each glyph to its character before
 * any document is drawn (about 40 ms and 8 MiB for the six faces, once per process).
 */
function bindCodePoints(font: Font): void {
  const codePoints = [...font.characterSet].sort((a, b) => a - b);
  for (const codePoint of codePoints) font.glyphForCodePoint(codePoint);
}
