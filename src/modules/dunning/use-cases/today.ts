import type { AccountCtx } from '../../../shared/context';
import { localDate } from '../../../shared/dates';
import { findBusinessProfile } from '../../business-profiles';
import type { DocumentRow } from '../../documents';

/**
 * Today where the invoice's seller is: the calendar date in its business profile's `default_timezone` (UTC
 * when it has none), as recurring invoices count their dates. Whether the invoice is overdue, the letter's
 * date, its `pay_by` and "one reminder a day" are all this date: a reminder written at 00:30 in Berlin is
 * dated that Berlin day, not the UTC day before.
 */
export async function sellerToday(
  ctx: AccountCtx,
  document: Pick<DocumentRow, 'businessProfileId'>,
): Promise<string> {
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, document.businessProfileId);
  return localDate(ctx.clock.now(), profile?.defaultTimezone ?? null);
}
