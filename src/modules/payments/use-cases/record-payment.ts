import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import {
  applyPayments,
  type DocumentRow,
  findDocument,
  paymentFigures,
  TAKES_PAYMENTS,
} from '../../documents';
import { getDocumentType, isDocumentType } from '../../reference';
import { checkPaidBound, discountFields, paymentFields, totalPaid } from '../amounts';
import type { CreatePaymentBody } from '../model';
import { insertPayment, paymentsOfDocument } from '../repo';
import type { PaymentRow } from '../schema';

/** The invoice a payment may be recorded against: a payable type, finalized, sent or paid (else 409). */
export async function payableDocument(ctx: AccountCtx, documentId: string): Promise<DocumentRow> {
  const document = await findDocument(ctx.db, ctx.accountId, documentId);
  if (!document) throw notFound('Document');
  const type = document.documentType;
  const payable = isDocumentType(type) && getDocumentType(type)?.payable === true;
  if (!payable || !TAKES_PAYMENTS.includes(document.status)) {
    const message = payable
      ? `Cannot record a payment on a document that is ${document.status}`
      : `A ${document.documentType} takes no payments`;
    throw conflict(message, {
      action: 'record-payment',
      status: document.status,
      document_type: document.documentType,
    });
  }
  return document;
}

/** Recomputes the document's amount paid from its payments and lets it move status (one transaction). */
export async function settle(ctx: AccountCtx, document: DocumentRow): Promise<DocumentRow> {
  const amountPaid = totalPaid(
    await paymentsOfDocument(ctx.db, ctx.accountId, document.id),
    document.currency,
  );
  return await applyPayments({ ctx, input: { id: document.id, amountPaid } });
}

/** A new payment row of `document`: its account, customer and currency, made now by the acting member. */
export function newPaymentRow(
  ctx: AccountCtx,
  document: DocumentRow,
  fields: Pick<PaymentRow, 'amount' | 'date' | 'method' | 'reference' | 'note'>,
): PaymentRow {
  return {
    id: newId('pay'),
    accountId: ctx.accountId,
    documentId: document.id,
    customerId: document.customerId,
    currency: document.currency,
    ...fields,
    createdBy: creatorOf(ctx),
    createdAt: isoNow(ctx.clock),
  };
}

/** Stores a payment and the document's new figures and status together; overpayments are kept and shown. */
async function recordPaymentInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { documentId: string; payment: CreatePaymentBody };
}): Promise<{ payment: PaymentRow; document: DocumentRow }> {
  const document = await payableDocument(ctx, input.documentId);
  const fields = paymentFields(input.payment, document.currency);
  const discount = discountFields(input.payment, document.currency, paymentFigures(document).amount_due);
  checkPaidBound(
    await paymentsOfDocument(ctx.db, ctx.accountId, document.id),
    [fields.amount, ...(discount ? [discount.amount] : [])],
    document.currency,
  );
  const payment = await insertPayment(ctx.db, newPaymentRow(ctx, document, fields));
  if (discount) await insertPayment(ctx.db, newPaymentRow(ctx, document, discount));
  return { payment, document: await settle(ctx, document) };
}

export const recordPayment = transactional(recordPaymentInTransaction);
