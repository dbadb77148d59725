// Colours from the theme and the branding. Light fills are mixed with white rather than drawn with opacity
// (transparency is what PDF/A forbids and some printers render badly), and any brand colour is checked for
// contrast: a pale yellow accent still gets dark text on it and is darkened before it is used as text (to
// 4.5:1 for small text, 3:1 for large headings: WCAG 2's AA levels).
import type { ColorRole, ThemeSpec } from './types';

type Rgb = [number, number, number];

const HEX = /^#?([0-9a-f]{6})$/i;

export function parseHex(value: string | null | undefined): string | null {
  const match = value ? HEX.exec(value.trim()) : null;
  return match?.[1] ? `#${match[1].toLowerCase()}` : null;
}

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: Rgb): string {
  const to = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${to(r)}${to(g)}${to(b)}`;
}

/** `amount` 0 keeps `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([0, 1, 2].map((i) => (x[i] ?? 0) + ((y[i] ?? 0) - (x[i] ?? 0)) * amount) as Rgb);
}

/** WCAG relative luminance. */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE = '#ffffff';

/** Darkens `color` toward `ink` until it reaches `ratio` against white (4.5: body text). */
export function readableOnWhite(color: string, ink: string, ratio = 4.5): string {
  for (let step = 0; step <= 10; step += 1) {
    const candidate = mix(color, ink, step / 10);
    if (contrast(candidate, WHITE) >= ratio) return candidate;
  }
  return ink;
}

/** White or the ink on a fill, whichever has more contrast. */
export function textOn(fill: string, ink: string): string {
  return contrast(fill, WHITE) >= contrast(fill, ink) ? WHITE : ink;
}

export type Palette = Record<ColorRole, string>;

export function resolvePalette(spec: ThemeSpec, primary: string | null, accent: string | null): Palette {
  const base = spec.colors;
  const p = primary ?? base.primary;
  const a = accent ?? base.accent;
  return {
    primary: p,
    accent: a,
    ink: base.ink,
    muted: base.muted,
    rule: base.rule,
    panel: base.panel,
    paper: WHITE,
    primaryTint: mix(p, WHITE, 0.92),
    accentTint: mix(a, WHITE, 0.9),
    onPrimary: textOn(p, base.ink),
    onAccent: textOn(a, base.ink),
    primaryInk: readableOnWhite(p, base.ink, 3),
    accentInk: readableOnWhite(a, base.ink, 3),
    primaryText: readableOnWhite(p, base.ink, 4.5),
    accentText: readableOnWhite(a, base.ink, 4.5),
  };
}

/** WCAG 2's large text: 18 pt and up, or 14 pt and up in bold (semibold counts). */
export function isLargeText(size: number, font: string): boolean {
  return size >= 18 || (size >= 14 && (font === 'bold' || font === 'semibold'));
}

/** The colour a text in `role` is drawn with: the brand's ink roles read at 4.5:1 below large text. */
export function textColor(palette: Palette, role: ColorRole, size: number, font: string): string {
  if (isLargeText(size, font)) return palette[role];
  if (role === 'primaryInk') return palette.primaryText;
  if (role === 'accentInk') return palette.accentText;
  return palette[role];
}
