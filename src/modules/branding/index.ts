export { brandingAccess } from './access';
export { FREE_PLAN_ID, serviceCreditApplies } from './credit';
export {
  BrandingProfile,
  DEFAULT_COLOR,
  DEFAULT_FOOTER_TEXT,
  FONT_FAMILIES,
  presentBrandingProfile,
} from './model';
export { findDefaultProfile as findDefaultBrandingProfile, findProfile as findBrandingProfile } from './repo';
export type { BrandingProfileRow } from './schema';
export { resolveLogo } from './use-cases/resolve-logo';
