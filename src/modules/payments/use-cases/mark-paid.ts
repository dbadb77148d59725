import { transactional } from '../../../db/transaction';
import { dec, isNegative, isZero } from '../../../domain/money';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import {
  allowedAction,
  changeDocumentStatus,
  type DocumentRow,
  findDocument,
  paymentFigures,
} from '../../documents';
import { insertPayment } from '../repo';
import { newPaymentRow, settle } from './record-payment';

/**
 * SPEC 3's mark-paid (sent -> paid), now with its figures: the amount still due is recorded as one payment
 * dated today (the service clock), so amount_paid, amount_due and the payments list agree with the status.
 */
async function markPaidInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<DocumentRow> {
  const document = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!document) throw notFound('Document');
  allowedAction(document, 'mark-paid');
  const due = paymentFigures(document).amount_due;
  if (isZero(dec(due)) || isNegative(dec(due)))
    return await changeDocumentStatus({ ctx, input: { id: document.id, action: 'mark-paid' } });
  const today = isoNow(ctx.clock).slice(0, 10);
  await insertPayment(
    ctx.db,
    newPaymentRow(ctx, document, {
      amount: due,
      date: today,
      method: null,
      reference: null,
      note: 'Recorded by mark-paid',
    }),
  );
  return await settle(ctx, document);
}

export const markPaid = transactional(markPaidInTransaction);
