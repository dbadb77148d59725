import { dec, isNegative, isZero } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { sellerToday } from '../../business-profiles';
import { type DocumentRow, findDocument, paymentFigures } from '../../documents';
import { findDispute } from '../repo';

/** Whose reminders exist: an invoice, finalized or sent, past its due date with something still due, not disputed. */
export async function remindableProblem(ctx: AccountCtx, document: DocumentRow): Promise<string | null> {
  if (document.documentType !== 'invoice') return `A ${document.documentType} gets no reminders`;
  if (document.status !== 'finalized' && document.status !== 'sent') {
    return `Cannot send a reminder about a document that is ${document.status}`;
  }
  const due = dec(paymentFigures(document).amount_due);
  if (isZero(due) || isNegative(due)) return 'Nothing is due on this invoice';
  // A reminder before the due date has no effect (§ 286 BGB) and would use up its level; one without a
  // due date is due at once (§ 271 BGB). Today is the seller's (its business profile's time zone).
  const today = await sellerToday(ctx, document.businessProfileId);
  if (document.dueDate !== null && document.dueDate >= today) {
    return `The invoice is not overdue yet: it is due on ${document.dueDate}`;
  }
  if (await findDispute(ctx.db, ctx.accountId, document.id)) return 'The invoice is disputed';
  return null;
}

/** The invoice a reminder may be sent about (404, or 409 with the reason in details). */
export async function remindableDocument(ctx: AccountCtx, documentId: string): Promise<DocumentRow> {
  const document = await findDocument(ctx.db, ctx.accountId, documentId);
  if (!document) throw notFound('Document');
  const problem = await remindableProblem(ctx, document);
  if (problem) {
    throw conflict(problem, {
      action: 'send-reminder',
      status: document.status,
      document_type: document.documentType,
      payment_status: paymentFigures(document).payment_status,
      disputed: (await findDispute(ctx.db, ctx.accountId, document.id)) !== undefined,
    });
  }
  return document;
}
