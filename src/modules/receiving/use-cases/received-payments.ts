import { transactional } from '../../../db/transaction';
import { dec, isNegative, isZero } from '../../../domain/money';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import {
  type CreatePaymentBody,
  checkPaidBound,
  discountFields,
  paymentFields,
  totalPaid,
} from '../../payments';
import { receivedFigures } from '../model';
import {
  deleteReceivedPaymentRow,
  findReceived,
  findReceivedPayment,
  insertReceivedPayment,
  paymentsOfReceived,
  updateReceived,
} from '../repo';
import type { ReceivedDocumentRow, ReceivedPaymentRow } from '../schema';

/** The note of the payment PATCH `status: paid` records (what was still due, dated today). */
const MARK_PAID_NOTE = 'Recorded by mark-paid';

/** Paid, or marked paid: another file of an invoice is no second bill (copies.ts); the one that counts is. */
export function refuseCopy(row: ReceivedDocumentRow, action: string): void {
  if (row.duplicateOf === null) return;
  throw conflict(`This is another file of the same invoice (${row.duplicateOf}): record its payment there`, {
    action,
    duplicate_of: row.duplicateOf,
  });
}

/**
 * A received document a payment may be recorded against: an invoice that is not rejected and not another
 * file of an invoice (409 otherwise; a credit note takes no payments, as with documents).
 */
async function payableReceived(ctx: AccountCtx, id: string): Promise<ReceivedDocumentRow> {
  const row = await findReceived(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('Received document');
  refuseCopy(row, 'record-payment');
  if (row.status === 'rejected' || row.documentType !== 'invoice') {
    const message =
      row.documentType === 'invoice'
        ? 'Cannot record a payment on a rejected received document'
        : `A ${row.documentType} takes no payments`;
    throw conflict(message, {
      action: 'record-payment',
      status: row.status,
      document_type: row.documentType,
    });
  }
  return row;
}

/**
 * Recomputes amount_paid from the payments; one that settles it makes it paid, and a paid one no longer settled
 * (a payment deleted) goes back to approved.
 */
async function settleReceived(ctx: AccountCtx, row: ReceivedDocumentRow): Promise<ReceivedDocumentRow> {
  const amountPaid = totalPaid(await paymentsOfReceived(ctx.db, ctx.accountId, row.id), row.currency);
  const { settled } = receivedFigures({ ...row, amountPaid });
  const status =
    settled && (row.status === 'received' || row.status === 'approved')
      ? 'paid'
      : !settled && row.status === 'paid'
        ? 'approved'
        : row.status;
  const updated = await updateReceived(ctx.db, ctx.accountId, row.id, {
    amountPaid,
    status,
    updatedAt: isoNow(ctx.clock),
  });
  if (!updated) throw notFound('Received document');
  return updated;
}

function newReceivedPayment(
  ctx: AccountCtx,
  row: ReceivedDocumentRow,
  fields: Pick<ReceivedPaymentRow, 'amount' | 'date' | 'method' | 'reference' | 'note'>,
): ReceivedPaymentRow {
  return {
    id: newId('pay'),
    accountId: ctx.accountId,
    receivedDocumentId: row.id,
    currency: row.currency,
    ...fields,
    createdBy: creatorOf(ctx),
    createdAt: isoNow(ctx.clock),
  };
}

async function recordReceivedPaymentInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { receivedId: string; payment: CreatePaymentBody };
}): Promise<{ payment: ReceivedPaymentRow; received: ReceivedDocumentRow }> {
  const row = await payableReceived(ctx, input.receivedId);
  const fields = paymentFields(input.payment, row.currency);
  const discount = discountFields(input.payment, row.currency, receivedFigures(row).amount_due);
  checkPaidBound(
    await paymentsOfReceived(ctx.db, ctx.accountId, row.id),
    [fields.amount, ...(discount ? [discount.amount] : [])],
    row.currency,
  );
  const payment = await insertReceivedPayment(ctx.db, newReceivedPayment(ctx, row, fields));
  if (discount) await insertReceivedPayment(ctx.db, newReceivedPayment(ctx, row, discount));
  return { payment, received: await settleReceived(ctx, row) };
}

export const recordReceivedPayment = transactional(recordReceivedPaymentInTransaction);

async function deleteReceivedPaymentInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { receivedId: string; id: string };
}) {
  const payment = await findReceivedPayment(ctx.db, ctx.accountId, input.id);
  if (!payment || payment.receivedDocumentId !== input.receivedId) throw notFound('Payment');
  await deleteReceivedPaymentRow(ctx.db, ctx.accountId, payment.id);
  const row = await findReceived(ctx.db, ctx.accountId, input.receivedId);
  if (!row) throw notFound('Received document');
  await settleReceived(ctx, row);
}

export const deleteReceivedPayment = transactional(deleteReceivedPaymentInTransaction);

/**
 * "Mark paid" (PATCH status paid): what is still due is recorded as one payment dated today (the service clock),
 * so amount_paid, amount_due and the payments list agree with the status. Runs in the PATCH's transaction.
 */
export async function recordSettlingPayment(ctx: AccountCtx, row: ReceivedDocumentRow): Promise<void> {
  refuseCopy(row, 'mark-paid');
  if (row.documentType !== 'invoice') {
    throw conflict(`A ${row.documentType} takes no payments: it cannot be paid`, {
      action: 'mark-paid',
      status: row.status,
      document_type: row.documentType,
    });
  }
  const due = receivedFigures(row).amount_due;
  if (isZero(dec(due)) || isNegative(dec(due))) return;
  await insertReceivedPayment(
    ctx.db,
    newReceivedPayment(ctx, row, {
      amount: due,
      date: isoNow(ctx.clock).slice(0, 10),
      method: null,
      reference: null,
      note: MARK_PAID_NOTE,
    }),
  );
  const amountPaid = totalPaid(await paymentsOfReceived(ctx.db, ctx.accountId, row.id), row.currency);
  await updateReceived(ctx.db, ctx.accountId, row.id, { amountPaid });
}

/**
 * A paid invoice set back to received or approved (the bookkeeper's correction): the payment that marking
 * it paid recorded is removed, as mark-unpaid removes it from an issued invoice. One its own payments
 * settle stays paid (409): delete a payment to reopen it.
 */
export async function undoSettlingPayment(ctx: AccountCtx, row: ReceivedDocumentRow): Promise<void> {
  const payments = await paymentsOfReceived(ctx.db, ctx.accountId, row.id);
  const kept = payments.filter((p) => p.note !== MARK_PAID_NOTE);
  const { settled } = receivedFigures({ ...row, amountPaid: totalPaid(kept, row.currency) });
  if (settled && row.documentType === 'invoice' && kept.length > 0) {
    throw conflict('Its recorded payments settle it: delete a payment to reopen it', {
      action: 'mark-unpaid',
      status: row.status,
    });
  }
  for (const payment of payments) {
    if (payment.note === MARK_PAID_NOTE) await deleteReceivedPaymentRow(ctx.db, ctx.accountId, payment.id);
  }
  await updateReceived(ctx.db, ctx.accountId, row.id, { amountPaid: totalPaid(kept, row.currency) });
}
