import { inTransaction, transactional } from '../../../db/transaction';
import { euroRateOf } from '../../../domain/euro-rate';
import { dec, isZero } from '../../../domain/money';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import { groupOf, regroupCopies } from '../copies';
import { markDifferingTotals } from '../differing-totals';
import type { UpdateReceivedBody } from '../model';
import { deleteReceivedRow, findReceived, updateReceived } from '../repo';
import type { ReceivedDocumentRow } from '../schema';
import { nothingToPay, recordSettlingPayment, undoSettlingPayment } from './received-payments';

/**
 * PATCH: the bookkeeper's decision (approved, rejected, paid, or back to received) and a note; paid records what
 * is still due as a payment dated today.
 */
async function changeReceivedInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  /**
   * `answered`: the status a network answer already told the seller (channels' respond): another file of an
   * invoice takes `paid` without a payment, the file that counts records it instead (a credit note or a
   * negative invoice is never answered `paid`: respond refuses it first).
   */
  input: { id: string; changes: UpdateReceivedBody; answered?: boolean };
}): Promise<ReceivedDocumentRow> {
  const row = await findReceived(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Received document');
  const { status, note, exchange_rate: euroRate } = input.changes;
  if (euroRate !== undefined && euroRate !== null) checkEuroRate(row, euroRate);
  const paidNow = status === 'paid' && row.status !== 'paid';
  if (paidNow && !input.answered) await recordSettlingPayment(ctx, row);
  if ((status === 'received' || status === 'approved') && row.status === 'paid')
    await undoSettlingPayment(ctx, row);
  const updated = await updateReceived(ctx.db, ctx.accountId, input.id, {
    ...(status === undefined ? {} : { status }),
    ...(note === undefined ? {} : { note }),
    ...(euroRate === undefined ? {} : rateChange(row, euroRate, isoNow(ctx.clock))),
    updatedAt: isoNow(ctx.clock),
  });
  if (!updated) throw notFound('Received document');
  // Rejected or taken back, another file of the invoice may count instead (copies.ts).
  const regroup = status !== undefined && (status === 'rejected') !== (row.status === 'rejected');
  if (regroup) {
    await regroupCopies(ctx.db, ctx.accountId, groupOf(row));
    // A rejected file no longer warns, nor is warned of, for amounts that differ (differing-totals.ts).
    await markDifferingTotals(ctx.db, ctx.accountId, row);
  }
  const answered = paidNow && input.answered;
  if (!regroup && !answered) return updated;
  // The row as regrouping left it; answered paid over a network, the payment goes to the file that counts.
  const now = (await findReceived(ctx.db, ctx.accountId, row.id)) ?? updated;
  if (!answered) return now;
  await answeredPaid(ctx, now);
  return (await findReceived(ctx.db, ctx.accountId, row.id)) ?? now;
}

export const changeReceived = transactional(changeReceivedInTransaction);

/**
 * A rate to the euro for the books is taken for a foreign-currency file that states none: a euro document
 * needs none, and a stated one (BT-6 EUR) is the file's, which the books keep. More than zero.
 */
function checkEuroRate(row: ReceivedDocumentRow, rate: string): void {
  const refuse = (msg: string, type: string) => validationError([{ loc: 'body.exchange_rate', msg, type }]);
  if (row.currency === 'EUR')
    throw refuse('a euro document needs no rate to the euro', 'not_foreign_currency');
  const stated = euroRateOf(row.currency, row.data as Record<string, unknown>);
  if (stated) {
    throw refuse(
      `the file states its own rate to the euro (${stated}): the books use that one`,
      'rate_stated',
    );
  }
  if (isZero(dec(rate))) throw refuse('exchange_rate must be more than 0', 'greater_than');
}

/**
 * The rate's columns for a PATCH: the canonical rate and, when it differs from the one kept (set, changed or
 * taken back), the time, which dates the DATEV file that books it (docs/exports.md).
 */
function rateChange(row: ReceivedDocumentRow, rate: string | null, now: string) {
  const next = rate === null ? null : canonicalRate(rate);
  return next === row.euroRate ? {} : { euroRate: next, euroRateSetAt: now };
}

/** `0.92130` and `00.9213` are one rate: kept without padding zeros (`1.0` as `1`), never in exponent form. */
function canonicalRate(rate: string): string {
  const [whole = '', fraction = ''] = rate.split('.');
  const digits = fraction.replace(/0+$/, '');
  const units = whole.replace(/^0+(?=\d)/, '');
  return digits === '' ? units : `${units}.${digits}`;
}

/**
 * A received document the buyer answered `paid` over its network: an invoice's file that counts records
 * what is due as mark-paid does; another file of it has that file marked paid instead (the payment goes
 * where the payables count it); a credit note or a negative invoice records nothing.
 */
async function answeredPaid(ctx: AccountCtx, row: ReceivedDocumentRow): Promise<void> {
  if (nothingToPay(row)) return;
  if (row.duplicateOf === null) return await recordSettlingPayment(ctx, row);
  const counted = await findReceived(ctx.db, ctx.accountId, row.duplicateOf);
  if (counted && !nothingToPay(counted) && counted.status !== 'paid' && counted.status !== 'rejected') {
    await changeReceivedInTransaction({ ctx, input: { id: counted.id, changes: { status: 'paid' } } });
  }
}

/** Deletes the row, then its original (a row never points at missing bytes; a left blob is unreachable). */
export async function deleteReceived({
  ctx,
  blobs,
  input,
}: {
  ctx: AccountCtx;
  blobs: BlobStore;
  input: { id: string };
}) {
  const row = await inTransaction(ctx, async (tx) => {
    const gone = await deleteReceivedRow(tx.db, ctx.accountId, input.id);
    // The file that counted gone, the next file of its invoice counts (copies.ts).
    if (gone) {
      await regroupCopies(tx.db, ctx.accountId, groupOf(gone));
      await markDifferingTotals(tx.db, ctx.accountId, gone);
    }
    return gone;
  });
  if (!row) throw notFound('Received document');
  await blobs.delete(row.blobKey).catch(() => undefined);
}
