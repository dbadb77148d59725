import { transactional } from '../../../db/transaction';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { findDocument } from '../../documents';
import { deletePaymentRow, findPayment } from '../repo';
import { settle } from './record-payment';

/** Removes a payment; an invoice it no longer leaves settled goes back to sent or finalized. */
async function deletePaymentInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<void> {
  const payment = await findPayment(ctx.db, ctx.accountId, input.id);
  if (!payment) throw notFound('Payment');
  await deletePaymentRow(ctx.db, ctx.accountId, payment.id);
  const document = await findDocument(ctx.db, ctx.accountId, payment.documentId);
  if (document) await settle(ctx, document);
}

export const deletePayment = transactional(deletePaymentInTransaction);
