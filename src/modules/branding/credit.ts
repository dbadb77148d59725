import type { BrandingProfileRow } from './schema';

/** The built-in free plan: the one plan on which the credit can never be hidden (SPEC 2). */
export const FREE_PLAN_ID = 'plan_free';

/**
 * Whether a render shows the service credit. `hide_service_branding` is stored on every plan but only
 * honoured off the free plan, so an upgrade takes effect without touching the profile. No profile: credit.
 */
export function serviceCreditApplies(
  planId: string,
  profile: Pick<BrandingProfileRow, 'hideServiceBranding'> | null | undefined,
): boolean {
  if (planId === FREE_PLAN_ID) return true;
  return !profile?.hideServiceBranding;
}
