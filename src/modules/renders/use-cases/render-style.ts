import type { DbOrTx } from '../../../db/client';
import type { LogoImage, TemplateConfig } from '../../../rendering/types';
import {
  type BrandingProfileRow,
  DEFAULT_FOOTER_TEXT,
  findDefaultBrandingProfile,
  serviceCreditApplies,
} from '../../branding';
import { findFile, readFileBytes } from '../../files';
import type { ResolvedTemplate } from '../../templates/resolve-template';
import type { RenderServices } from '../services';

/** A branding profile's colours start at this value; left there, they do not override a template's own. */
const UNSET_COLOR = '#111827';
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

export interface RenderStyle {
  config: TemplateConfig;
  logo: LogoImage | null;
  serviceCredit: string | null;
}

/**
 * Layers, lowest first: the built-in theme (in the renderer), the custom template's config (pinned
 * version or current), the account's default branding profile, and the document's own `branding` (the
 * renderer applies that last, so it wins). Profile values still at their defaults do not override.
 */
function layeredConfig(template: ResolvedTemplate, profile: BrandingProfileRow | undefined): TemplateConfig {
  const config: TemplateConfig = { ...template.config };
  if (!profile) return config;
  if (profile.primaryColor.toLowerCase() !== UNSET_COLOR) config.primary_color = profile.primaryColor;
  if (profile.accentColor.toLowerCase() !== UNSET_COLOR) config.accent_color = profile.accentColor;
  if (profile.fontFamily) config.font_family = profile.fontFamily;
  if (profile.headerText) config.header_text = profile.headerText;
  if (profile.footerText && profile.footerText !== DEFAULT_FOOTER_TEXT)
    config.footer_text = profile.footerText;
  return config;
}

/**
 * The logo: the document's own, else its business profile's, else the branding profile's. A file that was
 * deleted (or is not an image the renderer draws) means no logo, not an error.
 */
async function logoFor(
  ctx: { db: DbOrTx; accountId: string },
  services: RenderServices,
  fileId: string | null,
): Promise<LogoImage | null> {
  if (!fileId) return null;
  const file = findFile(ctx.db, ctx.accountId, fileId);
  if (!file || !LOGO_TYPES.has(file.contentType)) return null;
  const bytes = await readFileBytes(services.blobs, file);
  return bytes ? { bytes, contentType: file.contentType as LogoImage['contentType'] } : null;
}

export async function renderStyle(
  ctx: { db: DbOrTx; accountId: string },
  services: RenderServices,
  input: {
    template: ResolvedTemplate;
    planId: string;
    documentLogoId?: string | null;
    businessProfileLogoId?: string | null;
  },
): Promise<RenderStyle> {
  const profile = findDefaultBrandingProfile(ctx.db, ctx.accountId);
  const logoId = input.documentLogoId ?? input.businessProfileLogoId ?? profile?.logoFileId ?? null;
  return {
    config: layeredConfig(input.template, profile),
    logo: await logoFor(ctx, services, logoId),
    serviceCredit: serviceCreditApplies(input.planId, profile) ? DEFAULT_FOOTER_TEXT : null,
  };
}
