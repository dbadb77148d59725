import { SELF_HOSTED_PLAN_ID } from '../plans';
import type { BrandingProfileRow } from './schema';

/** The built-in free plan: the one plan on which the credit can never be hidden (SPEC 2). */
export const FREE_PLAN_ID = 'plan_free';

/**
 * Whether a render shows the service credit. `hide_service_branding` is stored on every plan but only
 * honoured off the free plan, so an upgrade takes effect without touching the profile. No profile: credit.
 * The self-hosted plan never shows it.
 */
export function serviceCreditApplies(
  planId: string,
  profile: Pick<BrandingProfileRow, 'hideServiceBranding'> | null | undefined,
): boolean {
  if (planId === FREE_PLAN_ID) return true;
  // An install's own account draws its own invoices: the credit advertises the service to nobody.
  if (planId === SELF_HOSTED_PLAN_ID) return false;
  return !profile?.hideServiceBranding;
}
