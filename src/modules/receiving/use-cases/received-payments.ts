import { transactional } from '../../../db/transaction';
import { dec, isNegative, isZero, toFixedString } from '../../../domain/money';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { minorUnitsOf } from '../../documents';
import {
  type CreatePaymentBody,
  checkPaidBound,
  discountFields,
  paymentFields,
  totalPaid,
} from '../../payments';
import { heldAmounts, receivedFigures } from '../payment-view';
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
 * Whether anything is to be paid on a received document: not on a credit note (the seller owes its amount
 * back or sets it against an invoice), nor on an invoice whose stated amount due (BT-115) is below zero (a
 * negative invoice, the Nordic way of crediting: the seller owes it). An invoice stating 0.00 due (paid in
 * advance) is none of these: marked paid, it records nothing.
 */
export const nothingToPay = (row: Pick<ReceivedDocumentRow, 'documentType' | 'amountDue'>): boolean =>
  row.documentType !== 'invoice' || isNegative(dec(row.amountDue));

/**
 * A payment or mark-paid on a document nothing is paid on: a 409 saying it is a credit, with its type and
 * stated amount due in the details (no status: it is no state the document could leave). An answer `paid`
 * sent over a network (channels' respond) is refused with the same 409 before it reaches the seller.
 */
export function refuseCredit(
  row: Pick<ReceivedDocumentRow, 'documentType' | 'amountDue' | 'currency'>,
  action: string,
): void {
  if (!nothingToPay(row)) return;
  const amountDue = toFixedString(dec(row.amountDue), minorUnitsOf(row.currency));
  const stated = `${amountDue} ${row.currency}`;
  throw conflict(
    row.documentType === 'credit_note'
      ? `This is a credit note (${stated}): the seller owes the amount back, nothing is paid on it`
      : `This invoice states a negative amount due (${stated}): the seller owes it back, nothing is paid on it`,
    { action, document_type: row.documentType, amount_due: amountDue, currency: row.currency },
  );
}

/**
 * A received document a payment may be recorded against: an invoice with something to pay that is not
 * rejected and not another file of an invoice (409 otherwise; a credit note takes no payments, as with
 * documents).
 */
async function payableReceived(ctx: AccountCtx, id: string): Promise<ReceivedDocumentRow> {
  const row = await findReceived(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('Received document');
  if (!heldAmounts(row)) {
    // Kept by an older version with an amount of more than 15 digits (such a file is refused now): nothing
    // can be reckoned against it.
    throw conflict(
      `This received document states an amount due the service cannot hold (${row.amountDue.slice(0, 40)}): it takes no payments; reject it, or delete it and receive the corrected file`,
      { action: 'record-payment', amount_due: row.amountDue.slice(0, 40) },
    );
  }
  refuseCopy(row, 'record-payment');
  refuseCredit(row, 'record-payment');
  if (row.status === 'rejected') {
    throw conflict('Cannot record a payment on a rejected received document', {
      action: 'record-payment',
      status: row.status,
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
 * so amount_paid, amount_due and the payments list agree with the status. A credit note or a negative
 * invoice is refused (409): paid, it would say unpaid with a negative amount due. Runs in the PATCH's
 * transaction.
 */
export async function recordSettlingPayment(ctx: AccountCtx, row: ReceivedDocumentRow): Promise<void> {
  refuseCopy(row, 'mark-paid');
  refuseCredit(row, 'mark-paid');
  // Settled already (0.00 stated, or paid in full or beyond by hand): marked paid, nothing recorded.
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
    // What holds it paid is named (as void names the payments it refuses for), not its state.
    throw conflict('Its recorded payments settle it: delete a payment to reopen it', {
      action: 'mark-unpaid',
      amount_paid: totalPaid(kept, row.currency),
      currency: row.currency,
    });
  }
  for (const payment of payments) {
    if (payment.note === MARK_PAID_NOTE) await deleteReceivedPaymentRow(ctx.db, ctx.accountId, payment.id);
  }
  await updateReceived(ctx.db, ctx.accountId, row.id, { amountPaid: totalPaid(kept, row.currency) });
}
