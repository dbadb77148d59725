import interLight from '@expo-google-fonts/inter/300Light/Inter_300Light.ttf' with { type: 'file' };
import interRegular from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf' with { type: 'file' };
import interItalic from '@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf' with {
  type: 'file',
};
import interMedium from '@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf' with { type: 'file' };
import interSemibold from '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf' with { type: 'file' };
import interBold from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf' with { type: 'file' };
import notoSansLight from '@expo-google-fonts/noto-sans/300Light/NotoSans_300Light.ttf' with { type: 'file' };
import notoSansRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' with {
  type: 'file',
};
import notoSansItalic from '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf' with {
  type: 'file',
};
import notoSansMedium from '@expo-google-fonts/noto-sans/500Medium/NotoSans_500Medium.ttf' with {
  type: 'file',
};
import notoSansSemibold from '@expo-google-fonts/noto-sans/600SemiBold/NotoSans_600SemiBold.ttf' with {
  type: 'file',
};
import notoSansBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' with { type: 'file' };
import notoSansMonoLight from '@expo-google-fonts/noto-sans-mono/300Light/NotoSansMono_300Light.ttf' with {
  type: 'file',
};
import notoSansMonoRegular from '@expo-google-fonts/noto-sans-mono/400Regular/NotoSansMono_400Regular.ttf' with {
  type: 'file',
};
import notoSansMonoMedium from '@expo-google-fonts/noto-sans-mono/500Medium/NotoSansMono_500Medium.ttf' with {
  type: 'file',
};
import notoSansMonoSemibold from '@expo-google-fonts/noto-sans-mono/600SemiBold/NotoSansMono_600SemiBold.ttf' with {
  type: 'file',
};
import notoSansMonoBold from '@expo-google-fonts/noto-sans-mono/700Bold/NotoSansMono_700Bold.ttf' with {
  type: 'file',
};
import notoSerifLight from '@expo-google-fonts/noto-serif/300Light/NotoSerif_300Light.ttf' with {
  type: 'file',
};
import notoSerifRegular from '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf' with {
  type: 'file',
};
import notoSerifItalic from '@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf' with {
  type: 'file',
};
import notoSerifMedium from '@expo-google-fonts/noto-serif/500Medium/NotoSerif_500Medium.ttf' with {
  type: 'file',
};
import notoSerifSemibold from '@expo-google-fonts/noto-serif/600SemiBold/NotoSerif_600SemiBold.ttf' with {
  type: 'file',
};
import notoSerifBold from '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf' with { type: 'file' };
import type { Font } from 'fontkit';
import { DEFAULT_FONT_FAMILY } from '../font-families';

/** The faces a theme may name: one family's weights and italic (docs/templates.md lists the families). */
export type FontKey = 'light' | 'regular' | 'italic' | 'medium' | 'semibold' | 'bold';

export const FONT_KEYS: readonly FontKey[] = ['light', 'regular', 'italic', 'medium', 'semibold', 'bold'];

/** Every embedded face's file, by family (the names in ../font-families.ts) and face. */
const PATHS: Record<string, Record<FontKey, string>> = {
  'Noto Sans': {
    light: notoSansLight,
    regular: notoSansRegular,
    italic: notoSansItalic,
    medium: notoSansMedium,
    semibold: notoSansSemibold,
    bold: notoSansBold,
  },
  'Noto Serif': {
    light: notoSerifLight,
    regular: notoSerifRegular,
    italic: notoSerifItalic,
    medium: notoSerifMedium,
    semibold: notoSerifSemibold,
    bold: notoSerifBold,
  },
  'Noto Sans Mono': {
    light: notoSansMonoLight,
    regular: notoSansMonoRegular,
    italic: notoSansMonoRegular, // no italic in a monospace family: upright
    medium: notoSansMonoMedium,
    semibold: notoSansMonoSemibold,
    bold: notoSansMonoBold,
  },
  Inter: {
    light: interLight,
    regular: interRegular,
    italic: interItalic,
    medium: interMedium,
    semibold: interSemibold,
    bold: interBold,
  },
};

export type FontFaces = Record<FontKey, Font>;

export interface FontSet {
  regular: Font;
  bold: Font;
}

const cached = new Map<string, Promise<FontFaces>>();

/**
 * Every embedded face, parsed once per process: parsing a TTF costs more than drawing a whole page, and
 * pdfkit accepts the parsed object. Embedded fonts (never pdfkit's built-in Helvetica) are also what a
 * PDF/A file and the compiled executable need. fontkit parses tables lazily, so six faces cost little more
 * than one; pdfkit embeds only the faces a document uses, subsetted.
 */
export function loadFontFaces(family: string = DEFAULT_FONT_FAMILY): Promise<FontFaces> {
  const paths = PATHS[family] ?? (PATHS[DEFAULT_FONT_FAMILY] as Record<FontKey, string>);
  const known = cached.get(family);
  if (known) return known;
  const loading = (async () => {
    const fontkit = await import('fontkit');
    // The same file may serve two faces (a monospace family's italic is its regular): parsed once.
    const byPath = new Map<string, Promise<Font>>();
    const open = (path: string) => {
      let font = byPath.get(path);
      if (!font) {
        font = Bun.file(path)
          .arrayBuffer()
          .then((bytes) => {
            const parsed = fontkit.create(Buffer.from(bytes)) as Font;
            bindCodePoints(parsed);
            return parsed;
          });
        byPath.set(path, font);
      }
      return font;
    };
    const parsed = await Promise.all(FONT_KEYS.map(async (key) => [key, await open(paths[key])] as const));
    return Object.fromEntries(parsed) as FontFaces;
  })();
  cached.set(family, loading);
  // A failed load (missing asset) must not stick for the life of the process.
  loading.catch(() => cached.delete(family));
  return loading;
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
 * Looking every mapped character up once, preferred scripts first, binds each glyph to its character before
 * any document is drawn (about 40 ms and 8 MiB for the six faces, once per process).
 */
function bindCodePoints(font: Font): void {
  const codePoints = [...font.characterSet].sort((a, b) => preference(a) - preference(b) || a - b);
  for (const codePoint of codePoints) font.glyphForCodePoint(codePoint);
}

/**
 * Which character a glyph shared by several is bound to: the one text is likely written with. Inter draws
 * Greek iota (U+03B9) and Latin iota (U+0269, IPA) with one glyph; by lowest code point "Ελληνικά" would
 * extract as "Ελληνɩκά". Latin, Greek, Cyrillic, punctuation and currency signs come first.
 */
const PREFERRED: readonly [number, number][] = [
  [0x0000, 0x024f],
  [0x0370, 0x03ff],
  [0x0400, 0x04ff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
];
const preference = (codePoint: number) => {
  const index = PREFERRED.findIndex(([from, to]) => codePoint >= from && codePoint <= to);
  return index === -1 ? PREFERRED.length : index;
};
