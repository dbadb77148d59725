import { FONT_FAMILIES, fontFamilyChoices, resolveFontFamily } from '../../rendering/font-families';
import type { FieldError } from '../../shared/errors';

export const listFonts = () => FONT_FAMILIES.map((f) => ({ ...f }));

/** A `font_family` the renderer cannot resolve to an embedded family, as a 422 field naming the choices. */
export function fontFamilyProblems(value: string | null | undefined, loc: string): FieldError[] {
  if (value === null || value === undefined || resolveFontFamily(value) !== null) return [];
  return [
    {
      loc,
      msg: `'${value}' is not an embedded font family; choose one of: ${fontFamilyChoices()}`,
      type: 'invalid_value',
    },
  ];
}

/** The embedded family a valid `font_family` will be drawn in (null and undefined pass through). */
export function drawnFontFamily<T extends string | null | undefined>(value: T): T | string {
  return typeof value === 'string' ? (resolveFontFamily(value) ?? value) : value;
}
