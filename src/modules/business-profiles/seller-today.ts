import type { AccountCtx } from '../../shared/context';
import { localDate } from '../../shared/dates';
import { findBusinessProfile, profileTimeZones } from './repo';

/**
 * Today where a seller is: the calendar date in its business profile's `default_timezone` (UTC when it has
 * none, or the profile is gone). What recurring invoices fall due on, and what dunning and `days_overdue`
 * count to.
 */
export async function sellerToday(ctx: AccountCtx, businessProfileId: string): Promise<string> {
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, businessProfileId);
  return localDate(ctx.clock.now(), profile?.defaultTimezone ?? null);
}

/**
 * Today for the firm as a whole (the default day of an account-wide report and of a client in the office
 * overview): the date where its business profiles are (`default_timezone`, UTC for a profile naming none, as
 * dunning and the documents list count) when they are all on one date now, so a firm in Berlin reads its
 * overdue invoices as the documents list and dunning count them after midnight in Berlin; UTC's date when
 * the account has no profile, or its profiles are on different dates at this moment.
 */
export async function firmToday(ctx: AccountCtx): Promise<string> {
  const now = ctx.clock.now();
  const profiles = await profileTimeZones(ctx.db, ctx.accountId);
  const dates = new Set(profiles.map((profile) => localDate(now, profile.timeZone)));
  return dates.size === 1 ? [...dates][0]! : localDate(now, null);
}
