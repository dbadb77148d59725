import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { statusAfterPayments } from '../lifecycle';
import { paymentFigures } from '../payment-figures';
import { findDocument, updateDocumentIfStatus } from '../repo';
import type { DocumentRow } from '../schema';

/**
 * Records the new sum of a document's payments and the status it implies (lifecycle.ts,
 * statusAfterPayments), in the caller's transaction: the payments module calls it with every write.
 */
async function applyPaymentsInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; amountPaid: string };
}): Promise<DocumentRow> {
  const row = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Document');
  const { settled } = paymentFigures({ ...row, amountPaid: input.amountPaid });
  const next = statusAfterPayments(row, settled);
  const now = isoNow(ctx.clock);
  const updated = await updateDocumentIfStatus(ctx.db, ctx.accountId, row.id, row.status, {
    amountPaid: input.amountPaid,
    status: next,
    updatedAt: now,
    ...(next === 'paid' && row.status !== 'paid' ? { paidAt: now } : {}),
    ...(row.status === 'paid' && next !== 'paid' ? { paidAt: null } : {}),
  });
  if (!updated) throw conflict('The document changed meanwhile; read it again and retry');
  return updated;
}

export const applyPayments = transactional(applyPaymentsInTransaction);
