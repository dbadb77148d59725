import type { AccountCtx } from '../../shared/context';
import { localDate } from '../../shared/dates';
import { findBusinessProfile } from './repo';

/**
 * Today where a seller is: the calendar date in its business profile's `default_timezone` (UTC when it has
 * none, or the profile is gone). What recurring invoices fall due on, and what dunning and `days_overdue`
 * count to.
 */
export async function sellerToday(ctx: AccountCtx, businessProfileId: string): Promise<string> {
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, businessProfileId);
  return localDate(ctx.clock.now(), profile?.defaultTimezone ?? null);
}
