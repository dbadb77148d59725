// What the account's default branding profile takes over from a template (the designer names it). Apart
// from model.ts, which calls the API: the service's unit tests import this file without the browser's types.
import type { BrandingProfile } from '../../api-types';

/** The template settings a branding profile can take over, in the designer form's order. */
export type OverriddenSetting =
  | 'primary_color'
  | 'accent_color'
  | 'font_family'
  | 'header_text'
  | 'footer_text';

/** What the profile's defaults are (src/modules/branding/model.ts): left at them, it takes over nothing. */
const PROFILE_DEFAULT_COLOR = '#111827';
const PROFILE_DEFAULT_FOOTER = 'Created with invoice-service, self-hosted invoicing';

/**
 * The settings the account's default branding profile draws instead of the template's (every render and
 * the designer's preview layer it over the template: docs/templates.md, Layering). A colour counts when it
 * is not the profile's default (the API does not say whether a default-looking colour was chosen).
 */
export function profileOverrides(
  profile:
    | Pick<BrandingProfile, 'primary_color' | 'accent_color' | 'font_family' | 'header_text' | 'footer_text'>
    | undefined,
): OverriddenSetting[] {
  if (!profile) return [];
  const chosen = (color: string) => color.trim().toLowerCase() !== PROFILE_DEFAULT_COLOR;
  const found: OverriddenSetting[] = [];
  if (chosen(profile.primary_color)) found.push('primary_color');
  if (chosen(profile.accent_color)) found.push('accent_color');
  if (profile.font_family) found.push('font_family');
  if (profile.header_text?.trim()) found.push('header_text');
  if (profile.footer_text && profile.footer_text !== PROFILE_DEFAULT_FOOTER) found.push('footer_text');
  return found;
}
