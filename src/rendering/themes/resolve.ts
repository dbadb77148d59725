// A built-in ThemeSpec plus the template config plus the document's own branding -> the concrete colours
// and text styles the blocks draw with. Precedence (SPEC 2): the document's branding wins over the
// template config, which wins over the theme's own colours.
import type { DocumentData } from '../../domain/document-data';
import type { TextStyle } from '../engine/layout';
import type { Rule } from '../engine/table';
import { DEFAULT_FONT_FAMILY, resolveFontFamily } from '../font-families';
import type { BuiltInTemplateId, TemplateConfig } from '../types';
import { THEMES } from './index';
import { type Palette, parseHex, resolvePalette } from './palette';
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

export function resolveTheme(
  templateId: BuiltInTemplateId,
  config: TemplateConfig | undefined,
  branding: DocumentData['branding'],
): Theme {
  const spec = THEMES[templateId] ?? THEMES.tpl_modern;
  const primary = parseHex(branding?.primary_color) ?? parseHex(config?.primary_color);
  const accent = parseHex(branding?.accent_color) ?? parseHex(config?.accent_color);
  // The API refuses names it does not know; a stored one this build lacks falls back to the default
  // rather than failing the render.
  const fontFamily =
    resolveFontFamily(branding?.font_family ?? '') ??
    resolveFontFamily(config?.font_family ?? '') ??
    DEFAULT_FONT_FAMILY;
  const palette = resolvePalette(spec, primary, accent);
  const s = {} as Record<StyleName, TextStyle>;
  for (const [name, text] of Object.entries(spec.styles) as [StyleName, ThemeSpec['styles'][StyleName]][]) {
    s[name] = { ...text, color: palette[text.color] };
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
