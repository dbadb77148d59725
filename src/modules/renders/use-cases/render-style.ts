import type { DbOrTx } from '../../../db/client';
import type { LogoImage, TemplateConfig } from '../../../rendering/types';
import {
  type BrandingProfileRow,
  DEFAULT_FOOTER_TEXT,
  findDefaultBrandingProfile,
  resolveLogo,
  serviceCreditApplies,
} from '../../branding';
import type { ResolvedTemplate } from '../../templates';
import type { RenderServices } from '../services';

export interface RenderStyle {
  config: TemplateConfig;
  logo: LogoImage | null;
  serviceCredit: string | null;
}

/**
 * Layers, lowest first: the built-in theme (in the renderer), the custom template's config (pinned
 * version or current), the account's default branding profile, and the document's own `branding` (the
 * renderer applies that last, so it wins). Profile colours never chosen (left at the default) do not override.
 */
function layeredConfig(template: ResolvedTemplate, profile: BrandingProfileRow | undefined): TemplateConfig {
  const config: TemplateConfig = { ...template.config };
  if (!profile) return config;
  if (profile.primaryColorChosen) config.primary_color = profile.primaryColor;
  if (profile.accentColorChosen) config.accent_color = profile.accentColor;
  if (profile.fontFamily) config.font_family = profile.fontFamily;
  if (profile.headerText) config.header_text = profile.headerText;
  if (profile.footerText && profile.footerText !== DEFAULT_FOOTER_TEXT)
    config.footer_text = profile.footerText;
  return config;
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
  const profile = await findDefaultBrandingProfile(ctx.db, ctx.accountId);
  // The document's own logo, else its business profile's, else the branding profile's; a deleted file or a
  // non-image means no logo, never an error.
  const logoFileId = input.documentLogoId ?? input.businessProfileLogoId ?? profile?.logoFileId ?? null;
  return {
    config: layeredConfig(input.template, profile),
    logo: await resolveLogo(ctx.db, services.blobs, { accountId: ctx.accountId, logoFileId }),
    serviceCredit: serviceCreditApplies(input.planId, profile) ? DEFAULT_FOOTER_TEXT : null,
  };
}
