import type { AccountCtx } from '../../../shared/context';
import { latestDateOnEarth, localDate } from '../../../shared/dates';
import { businessProfileRows, profileTimeZones, sellerToday } from '../../business-profiles';
import type { StoredDocument } from '../model';
import { daysOverdue } from '../payment-figures';
import { presentDocument } from '../present';
import type { SellerDates } from '../repo';
import type { DocumentRow } from '../schema';
import { type DocumentParties, documentParties, documentPartiesOfRows } from './document-data-of';

/**
 * Whether a document's `days_overdue` depends on the day it is where its seller is: one overdue somewhere
 * on Earth now. Any other is 0 days overdue on every calendar, and its seller's time zone is not read.
 */
const zoneMatters = (ctx: AccountCtx, row: DocumentRow) =>
  daysOverdue(row, latestDateOnEarth(ctx.clock.now())) > 0;

/**
 * Today where the document's seller is, the day `days_overdue` counts to: the calendar date in its
 * business profile's `default_timezone` (UTC without one), as dunning counts (docs/dunning.md). `zone`:
 * the profile's, when the caller has read it.
 */
async function todayFor(ctx: AccountCtx, row: DocumentRow, zone?: string | null): Promise<string> {
  const now = ctx.clock.now();
  if (zone !== undefined) return localDate(now, zone);
  if (!zoneMatters(ctx, row)) return localDate(now, null);
  return await sellerToday(ctx, row.businessProfileId);
}

/**
 * The API's answer: finalized documents show their frozen parties; drafts the profile and customer as they
 * are now (`live`: a draft's, when the caller has just read its profile and customer, as create does).
 */
export async function readDocument(
  ctx: AccountCtx,
  row: DocumentRow,
  live?: DocumentParties,
  zone?: string | null,
): Promise<StoredDocument> {
  return presentDocument(row, await documentParties(ctx, row, live), await todayFor(ctx, row, zone));
}

/** `readDocument` of each of `rows` (a list's page) in a fixed number of queries, not one per draft. */
export async function readDocuments(
  ctx: AccountCtx,
  rows: readonly DocumentRow[],
): Promise<StoredDocument[]> {
  const parties = await documentPartiesOfRows(ctx, rows);
  const now = ctx.clock.now();
  // The sellers' time zones in one query, only for the rows overdue somewhere on Earth.
  const zoned = [...new Set(rows.filter((row) => zoneMatters(ctx, row)).map((row) => row.businessProfileId))];
  const zones = new Map(
    zoned.length === 0
      ? []
      : (await businessProfileRows.findMany(ctx.db, ctx.accountId, zoned)).map((p) => [
          p.id,
          p.defaultTimezone,
        ]),
  );
  return rows.map((row, i) =>
    presentDocument(
      row,
      parties[i] as DocumentParties,
      localDate(now, zones.get(row.businessProfileId) ?? null),
    ),
  );
}

/**
 * What `?overdue=true` counts as today: each seller's own date (its business profile's time zone), grouped
 * by date; the account's profiles are read once (a list's filter, not per row).
 */
export async function sellerDates(ctx: AccountCtx): Promise<SellerDates> {
  const now = ctx.clock.now();
  const today = localDate(now, null);
  const others = new Map<string, string[]>();
  for (const profile of await profileTimeZones(ctx.db, ctx.accountId)) {
    const date = localDate(now, profile.timeZone);
    if (date !== today) others.set(date, [...(others.get(date) ?? []), profile.id]);
  }
  return { today, others: [...others].map(([date, profileIds]) => ({ date, profileIds })) };
}
