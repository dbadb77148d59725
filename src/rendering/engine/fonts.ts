import notoRegularPath from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' with {
  type: 'file',
};
import notoBoldPath from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' with { type: 'file' };
import type { Font } from 'fontkit';

export interface FontSet {
  regular: Font;
  bold: Font;
}

let cached: Promise<FontSet> | null = null;

/**
 * The embedded fonts, parsed once per process: parsing a TTF costs more than drawing a whole page, and
 * pdfkit accepts the parsed object. Embedded fonts (never pdfkit's built-in Helvetica) are also what a
 * PDF/A file and the compiled executable need.
 */
export function loadFonts(): Promise<FontSet> {
  cached ??= (async () => {
    const fontkit = await import('fontkit');
    const parse = async (path: string) => {
      const bytes = Buffer.from(await Bun.file(path).arrayBuffer());
      return fontkit.create(bytes) as Font;
    };
    const [regular, bold] = await Promise.all([parse(notoRegularPath), parse(notoBoldPath)]);
    return { regular, bold };
  })();
  return cached;
}
