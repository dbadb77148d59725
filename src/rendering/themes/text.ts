import type { FontKey } from '../engine/fonts';
import type { ColorRole, TextSpec } from './types';

/** Shorthand for a TextSpec in the theme tables. */
export const t = (
  font: FontKey,
  size: number,
  color: ColorRole,
  extra: Partial<TextSpec> = {},
): TextSpec => ({
  font,
  size,
  color,
  ...extra,
});
