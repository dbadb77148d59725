import { t } from 'elysia';
import { CreatedBy, clearable, createdByField, nullable } from '../../domain/schema-parts';
import { FONT_FAMILIES as EMBEDDED_FONT_FAMILIES } from '../../rendering/font-families';
import type { FieldError } from '../../shared/errors';
import { drawnFontFamily } from '../reference';
import type { BrandingProfileRow } from './schema';

export const DEFAULT_COLOR = '#111827';
/** The default `footer_text`: the service credit line (SPEC 2). */
export const DEFAULT_FOOTER_TEXT = 'Created with invoice-service, self-hosted invoicing';
export const DEFAULT_PROFILE_NAME = 'Default';
/** The families the executable embeds (anything else could not be drawn, so it is refused). */
export const FONT_FAMILIES = EMBEDDED_FONT_FAMILIES.map((f) => f.name);

const Name = t.String({ minLength: 1, maxLength: 200 });
const HexColor = t.String({
  pattern: '^#[0-9A-Fa-f]{6}$',
  description: '#RRGGBB',
  examples: [DEFAULT_COLOR],
});
const FontFamily = t.String({
  maxLength: 100,
  description: `An embedded family (${FONT_FAMILIES.join(', ')}) or a common name for one (Helvetica, Georgia, Courier...): answered as the family drawn. GET /api/v1/reference/fonts lists them.`,
});
const Text = t.String({ maxLength: 1000 });

const optionalFields = {
  logo_file_id: clearable(t.String({ description: 'A PNG, JPEG or SVG file of this account' })),
  primary_color: t.Optional(HexColor),
  accent_color: t.Optional(HexColor),
  font_family: clearable(FontFamily),
  header_text: clearable(Text),
  footer_text: t.Optional(Text),
  hide_service_branding: t.Optional(t.Boolean({ description: 'Effective on paid plans only' })),
  is_default: t.Optional(
    t.Boolean({ description: 'true moves the default here; false on the default is 409' }),
  ),
};

export const CreateBrandingProfileBody = t.Object(
  { name: Name, ...optionalFields },
  { additionalProperties: false },
);
export type CreateBrandingProfileBody = typeof CreateBrandingProfileBody.static;

/** Non-clearable fields (name, colours, footer_text, flags) fail the schema on null at their own loc. */
export const UpdateBrandingProfileBody = t.Object(
  { name: t.Optional(Name), ...optionalFields },
  { additionalProperties: false },
);
export type UpdateBrandingProfileBody = typeof UpdateBrandingProfileBody.static;

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const BrandingProfile = t.Object({
  id: t.String({ examples: ['brnd_01jd0000000000000000000000'] }),
  name: t.String(),
  is_default: t.Boolean(),
  logo_file_id: nullable(t.String()),
  primary_color: t.String(),
  accent_color: t.String(),
  font_family: nullable(FontFamily),
  header_text: nullable(t.String()),
  footer_text: t.String(),
  hide_service_branding: t.Boolean(),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type BrandingProfile = typeof BrandingProfile.static;

export function nameProblems(name: string | undefined): FieldError[] {
  return name !== undefined && name.trim() === ''
    ? [{ loc: 'body.name', msg: 'name must not be blank', type: 'invalid_value' }]
    : [];
}

/** API fields -> columns; omitted fields stay out so an update leaves them alone. `is_default` is a move. */
export function toColumns(input: UpdateBrandingProfileBody): Partial<BrandingProfileRow> {
  const columns: Partial<BrandingProfileRow> = {
    name: input.name?.trim(),
    logoFileId: input.logo_file_id,
    primaryColor: input.primary_color,
    primaryColorChosen: input.primary_color === undefined ? undefined : true,
    accentColor: input.accent_color,
    accentColorChosen: input.accent_color === undefined ? undefined : true,
    fontFamily: drawnFontFamily(input.font_family),
    headerText: input.header_text,
    footerText: input.footer_text,
    hideServiceBranding: input.hide_service_branding,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export function presentBrandingProfile(row: BrandingProfileRow): BrandingProfile {
  return {
    id: row.id,
    name: row.name,
    is_default: row.isDefault,
    logo_file_id: row.logoFileId,
    primary_color: row.primaryColor,
    accent_color: row.accentColor,
    font_family: row.fontFamily,
    header_text: row.headerText,
    footer_text: row.footerText,
    hide_service_branding: row.hideServiceBranding,
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
