// A built-in ThemeSpec plus the template config plus the document's own branding -> the concrete colours
// and text styles the blocks draw with. Precedence (SPEC 2): the document's branding wins over the
// template config, which wins over the theme's own colours.
import type { DocumentData } from '../../domain/document-data';
import type { TextStyle } from '../engine/layout';
import type { Rule } from '../engine/table';
import { DEFAULT_FONT_FAMILY, resolveFontFamily } from '../font-families';
import type { BuiltInTemplateId, TemplateConfig } from '../types';
import { THEMES } from './index';
import { type Palette, parseHex, resolvePalette, textColor } from './palette';
import type { ColorRole, RuleSpec, StyleName, ThemeSpec } from './types';

export interface Theme {
  spec: ThemeSpec;
  /** The embedded family every text is drawn in: the document's branding, else the template's, else Noto Sans. */
  fontFamily: string;
  palette: Palette;
  s: Record<StyleName, TextStyle>;
  c(role: ColorRole): string;
  rule(spec: RuleSpec | null): Rule | null;
}

// A theme is data the render only reads, and a handful of designs, colours and families come back on
// every render of an account: the last ones are kept (mixing colours and checking their contrast, and
// the styles built from them, cost as much as laying out a block). Bounded: it starts over when full.
const THEMES_KEPT = 256;
const themes = new Map<string, Theme>();

export function resolveTheme(
  templateId: BuiltInTemplateId,
  config: TemplateConfig | undefined,
  branding: DocumentData['branding'],
): Theme {
  const primary = parseHex(branding?.primary_color) ?? parseHex(config?.primary_color);
  const accent = parseHex(branding?.accent_color) ?? parseHex(config?.accent_color);
  // The API refuses names it does not know; a stored one this build lacks falls back to the default
  // rather than failing the render.
  const fontFamily =
    resolveFontFamily(branding?.font_family ?? '') ??
    resolveFontFamily(config?.font_family ?? '') ??
    DEFAULT_FONT_FAMILY;
  const key = `${templateId}|${primary}|${accent}|${fontFamily}`;
  let theme = themes.get(key);
  if (!theme) {
    theme = buildTheme(THEMES[templateId] ?? THEMES.tpl_modern, primary, accent, fontFamily);
    if (themes.size >= THEMES_KEPT) themes.clear();
    themes.set(key, theme);
  }
  return theme;
}

function buildTheme(
  spec: ThemeSpec,
  primary: string | null,
  accent: string | null,
  fontFamily: string,
): Theme {
  const palette = resolvePalette(spec, primary, accent);
  const s = {} as Record<StyleName, TextStyle>;
  for (const [name, text] of Object.entries(spec.styles) as [StyleName, ThemeSpec['styles'][StyleName]][]) {
    s[name] = { ...text, color: textColor(palette, text.color, text.size, text.font) };
  }
  return {
    spec,
    fontFamily,
    palette,
    s,
    c: (role) => palette[role],
    rule: (r) => (r ? { color: palette[r.color], width: r.width } : null),
  };
}
