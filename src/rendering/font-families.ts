// The font families the executable embeds, and the names people type for them. Pure data: the API
// validates `font_family` with it and lists it at GET /api/v1/reference/fonts; the engine loads the faces.

export type FontStyle = 'sans-serif' | 'serif' | 'monospace';

export interface FontFamilyInfo {
  /** The family drawn, as the API answers it. */
  name: string;
  style: FontStyle;
  /** Other names that resolve to this family (case and spacing do not matter). */
  aliases: string[];
  /** The weights the themes draw with (light, regular, medium, semibold, bold). */
  weights: number[];
  /** Whether a true italic is embedded (a monospace family draws upright text for italic). */
  italic: boolean;
  scripts: string[];
  /** Where the font comes from and its licence. */
  source: string;
}

const SCRIPTS = ['Latin', 'Greek', 'Cyrillic'];
const WEIGHTS = [300, 400, 500, 600, 700];

export const FONT_FAMILIES: readonly FontFamilyInfo[] = [
  {
    name: 'Noto Sans',
    style: 'sans-serif',
    aliases: ['Helvetica', 'Helvetica Neue', 'Arial', 'sans-serif', 'sans'],
    weights: WEIGHTS,
    italic: true,
    scripts: SCRIPTS,
    source: 'Noto Sans (Google Fonts), SIL Open Font License 1.1',
  },
  {
    name: 'Noto Serif',
    style: 'serif',
    aliases: ['Times', 'Times New Roman', 'Georgia', 'Garamond', 'Cambria', 'serif'],
    weights: WEIGHTS,
    italic: true,
    scripts: SCRIPTS,
    source: 'Noto Serif (Google Fonts), SIL Open Font License 1.1',
  },
  {
    name: 'Noto Sans Mono',
    style: 'monospace',
    aliases: ['Courier', 'Courier New', 'Consolas', 'Menlo', 'monospace', 'mono'],
    weights: WEIGHTS,
    italic: false,
    scripts: SCRIPTS,
    source: 'Noto Sans Mono (Google Fonts), SIL Open Font License 1.1',
  },
  {
    name: 'Inter',
    style: 'sans-serif',
    aliases: ['system-ui', 'Segoe UI', 'Roboto', 'SF Pro', 'San Francisco'],
    weights: WEIGHTS,
    italic: true,
    scripts: SCRIPTS,
    source: 'Inter (Rasmus Andersson), SIL Open Font License 1.1',
  },
];

export const DEFAULT_FONT_FAMILY = 'Noto Sans';

/** Lower case, quotes dropped, runs of spaces, hyphens and underscores as one space. */
const normal = (name: string) =>
  name
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

const BY_NAME = new Map<string, string>();
for (const family of FONT_FAMILIES) {
  for (const name of [family.name, family.name.replace(/\s+/g, ''), ...family.aliases]) {
    BY_NAME.set(normal(name), family.name);
  }
}

/**
 * The embedded family a typed name means, or null. A CSS-like list ("Georgia, serif") resolves by its
 * first name this service knows.
 */
export function resolveFontFamily(typed: string): string | null {
  for (const name of typed.split(',')) {
    const family = BY_NAME.get(normal(name));
    if (family) return family;
  }
  return null;
}

/** The sentence a 422 for an unknown name carries. */
export function fontFamilyChoices(): string {
  return FONT_FAMILIES.map((f) => `${f.name} (also ${f.aliases.join(', ')})`).join('; ');
}
