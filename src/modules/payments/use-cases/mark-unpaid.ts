import { transactional } from '../../../db/transaction';
import { cmp, dec, sub, sum } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { allowedAction, type DocumentRow, findDocument } from '../../documents';
import { deletePaymentRow, paymentsOfDocument } from '../repo';
import { settle } from './record-payment';

/**
 * SPEC 3's mark-unpaid (paid -> sent; finalized when it was never sent): removes the payments that settled
 * the invoice, newest first, until what is left no longer covers the amount due less what its credit notes
 * set against it; earlier partial payments stay. An invoice its credit notes settle by themselves stays
 * paid: a 409 (voiding the credit note reopens it). The figures and the status change in one transaction.
 */
async function markUnpaidInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<DocumentRow> {
  const document = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!document) throw notFound('Document');
  allowedAction(document, 'mark-unpaid');
  const owed = sub(dec(document.totals.amount_due ?? document.totals.total), dec(document.amountCredited));
  const left = await paymentsOfDocument(ctx.db, ctx.accountId, document.id);
  while (left.length > 0 && cmp(sum(left.map((p) => dec(p.amount))), owed) >= 0) {
    const newest = left.shift();
    if (newest) await deletePaymentRow(ctx.db, ctx.accountId, newest.id);
  }
  const after = await settle(ctx, document);
  if (after.status === 'paid') {
    throw conflict('The credit notes naming this invoice settle it; void the credit note to reopen it', {
      status: after.status,
      amount_credited: after.amountCredited,
    });
  }
  return after;
}

export const markUnpaid = transactional(markUnpaidInTransaction);
