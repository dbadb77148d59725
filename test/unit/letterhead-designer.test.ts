// The template designer's preview is drawn as documents are: the account's default branding profile is
// layered over the template (docs/templates.md, Layering). A profile made in Settings → Branding always
// sets its colour (the form sends one), so a colour typed in the designer changed nothing in the preview
// and nothing said why. The designer names the settings the profile takes over.
import { describe, expect, test } from 'bun:test';
import type { BrandingProfile } from '../../src/console/api-types';
import { profileOverrides } from '../../src/console/pages/templates/overrides';

const profile = (over: Partial<BrandingProfile> = {}): BrandingProfile => ({
  id: 'brnd_1',
  name: 'Default',
  is_default: true,
  logo_file_id: null,
  primary_color: '#111827',
  accent_color: '#111827',
  font_family: null,
  header_text: null,
  footer_text: 'Created with invoice-service, self-hosted invoicing',
  hide_service_branding: false,
  created_at: '2026-12-01T00:00:00Z',
  updated_at: '2026-12-01T00:00:00Z',
  ...over,
});

describe('what the default branding profile takes over from a template', () => {
  test('a profile left at its defaults takes over nothing', () => {
    expect(profileOverrides(profile())).toEqual([]);
    expect(profileOverrides(profile({ primary_color: '#111827'.toUpperCase(), header_text: '  ' }))).toEqual(
      [],
    );
  });

  test('a chosen colour, font, header or own footer is named, in the form’s order', () => {
    expect(
      profileOverrides(
        profile({
          primary_color: '#1f4e79',
          accent_color: '#ffff99',
          font_family: 'Noto Serif',
          header_text: 'Gestaltung mit Licht',
          footer_text: 'GLS Bank · IBAN DE89 3704 0044 0532 0130 00',
        }),
      ),
    ).toEqual(['primary_color', 'accent_color', 'font_family', 'header_text', 'footer_text']);
    expect(profileOverrides(profile({ primary_color: '#1f4e79' }))).toEqual(['primary_color']);
  });

  test('no profile, nothing taken over', () => {
    expect(profileOverrides(undefined)).toEqual([]);
  });
});
