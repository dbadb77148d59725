import type { AccountCtx } from '../../../shared/context';
import { sellerToday } from '../../business-profiles';
import type { StoredTemplate } from '../model';
import { lastOccurrenceDate } from '../repo';
import { type ScheduleLimits, type ScheduleRule, type ServicePeriod, shiftDays } from '../schedule';
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

/** Which stretch the schedule's invoices bill (its template's `service_period`, in advance by default). */
export const modeOf = (template: unknown): ServicePeriod =>
  (template as StoredTemplate).service_period ?? 'in_advance';

/**
 * Where a schedule that was not running (paused, or finished by its limits) starts again: not before
 * today, so the dates it was stopped for are not billed after the fact, and never before the first date
 * it has not generated yet. Null when it cannot start again: its last date was 9999-12-31.
 */
export async function restartPoint(ctx: AccountCtx, row: RecurringInvoiceRow): Promise<string | null> {
  const last = await lastOccurrenceDate(ctx.db, row.id);
  const pending = row.nextOccurrenceDate ?? (last !== null ? shiftDays(last, 1) : row.startDate);
  if (pending === null) return null;
  const today = await sellerToday(ctx, row.businessProfileId);
  return [pending, today].sort()[1] ?? today;
}
