import type { AccountCtx } from '../../../shared/context';
import { findBusinessProfile } from '../../business-profiles';
import { lastOccurrenceDate } from '../repo';
import { addDays, localDate, type ScheduleLimits, type ScheduleRule } from '../schedule';
import type { RecurringInvoiceRow } from '../schema';

export const ruleOf = (
  row: Pick<RecurringInvoiceRow, 'startDate' | 'frequency' | 'interval'>,
): ScheduleRule => ({
  anchor: row.startDate,
  frequency: row.frequency,
  interval: row.interval,
});

export const limitsOf = (row: Pick<RecurringInvoiceRow, 'endDate' | 'maxOccurrences'>): ScheduleLimits => ({
  endDate: row.endDate,
  maxOccurrences: row.maxOccurrences,
});

/**
 * Today's date where the seller is: the business profile's `default_timezone` (UTC when it has none).
 * An occurrence is due once this date has reached it.
 */
export async function sellerToday(ctx: AccountCtx, businessProfileId: string): Promise<string> {
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, businessProfileId);
  return localDate(ctx.clock.now(), profile?.defaultTimezone ?? null);
}

/**
 * Where a schedule that was not running (paused, or finished by its limits) starts again: not before
 * today, so the dates it was stopped for are not billed after the fact, and never before the first date
 * it has not generated yet.
 */
export async function restartPoint(ctx: AccountCtx, row: RecurringInvoiceRow): Promise<string> {
  const last = await lastOccurrenceDate(ctx.db, row.id);
  const pending = row.nextOccurrenceDate ?? (last !== null ? addDays(last, 1) : row.startDate);
  const today = await sellerToday(ctx, row.businessProfileId);
  return [pending, today].sort()[1] ?? today;
}
