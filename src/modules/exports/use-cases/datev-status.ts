// Where an account stands with DATEV (the office overview, docs/office.md): the last export of each
// kind and what the bookings of a kind hold that no export has reached yet.
import type { AccountCtx } from '../../../shared/context';
import { issuedAfter } from '../../documents';
import { receivedAfter } from '../../receiving';
import { notExportedBy } from '../repo';
import type { DatevExportKind, DatevExportRow } from '../schema';
import { readAccountingSettings } from './accounting-settings';
import { BOOKED_TYPES } from './datev-entries';
import { lastDatevExports } from './datev-record';

export interface NotExported {
  /**
   * The last export's `to`: documents issued after it count, and those finalized or received after it was
   * made; null = never exported, every one counts.
   */
  after: string | null;
  count: number;
  /** The earliest issue date among them: where the next export's period begins; null when none. */
  from: string | null;
}

export interface DatevStatus {
  last: Record<DatevExportKind, DatevExportRow | null>;
  notExported: { issued: NotExported; received: NotExported };
}

/**
 * A Buchungsstapel books documents by their issue date, so what is not exported yet is every document no
 * export held: none whose period holds its date was made after it was issued (finalized) or received. So
 * one dated after the furthest period exported counts, and so does a late supplier invoice dated in a
 * month exported before it came (or before the first export), however many later months were exported
 * since. Not counted: a reversal (a cancellation after that period of a document issued within it), which
 * the next export books as well.
 */
export async function datevStatus(ctx: AccountCtx): Promise<DatevStatus> {
  const last = await lastDatevExports(ctx);
  // What the books kept elsewhere hold (booked_until) no export will book: not counted.
  const bookedUntil = (await readAccountingSettings(ctx)).booked_until ?? null;
  const issuedTo = last.issued?.to ?? null;
  const receivedTo = last.received?.to ?? null;
  const issued = await issuedAfter(
    ctx.db,
    ctx.accountId,
    BOOKED_TYPES,
    notExportedBy(ctx.accountId, 'issued', bookedUntil),
  );
  const received = await receivedAfter(
    ctx.db,
    ctx.accountId,
    notExportedBy(ctx.accountId, 'received', bookedUntil),
  );
  return {
    last,
    notExported: {
      issued: { after: issuedTo, count: issued.count, from: issued.first },
      received: { after: receivedTo, count: received.count, from: received.first },
    },
  };
}
