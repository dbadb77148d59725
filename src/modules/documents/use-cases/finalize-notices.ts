// What the seller's VAT law asks every invoice to state and a draft invoice or credit note lacks
// (domain/invoice-law.ts), read as finalize will freeze it, and a credit note crediting more than is left of
// its invoice (credit-limit.ts): finalize-check answers them beside the buyer's e-invoice findings, and the
// draft's page shows them. Never a reason to refuse finalize.
import { type DeductedPayments, type InvoiceNotice, invoiceLawNotices } from '../../../domain/invoice-law';
import type { AccountCtx } from '../../../shared/context';
import { paymentFigures } from '../payment-figures';
import { findDocument } from '../repo';
import type { DocumentRow } from '../schema';
import { overCreditNotice } from './credit-limit';
import { deductedIdsOf } from './deducted-invoices';
import { einvoiceInputOf, type StoredEInvoiceInput } from './document-data-of';
import { finalizedDataOf } from './finalized-data';

/**
 * The notices of a draft invoice or credit note; none for other documents and states. `frozen` is the
 * e-invoice check's input when finalize-check has one (the same frozen view), else it is built the same way.
 */
export async function finalizeNotices(
  ctx: AccountCtx,
  row: DocumentRow,
  frozen: StoredEInvoiceInput | null,
): Promise<InvoiceNotice[]> {
  if (row.status !== 'draft' || !['invoice', 'credit_note'].includes(row.documentType)) return [];
  const input = frozen ?? (await einvoiceInputOf(ctx, { ...row, data: await finalizedDataOf(ctx, row) }));
  const law = invoiceLawNotices(
    input.documentType,
    input.data,
    input.totals,
    await deductedPayments(ctx, row),
  );
  const credit = await overCreditNotice(ctx, row);
  return credit === null ? law : [...law, credit];
}

/** What is paid and still due on each invoice the draft deducts (data.deductions), by its id. */
async function deductedPayments(ctx: AccountCtx, row: DocumentRow): Promise<Map<string, DeductedPayments>> {
  const payments = new Map<string, DeductedPayments>();
  for (const id of deductedIdsOf(row.data)) {
    const deducted = await findDocument(ctx.db, ctx.accountId, id);
    if (!deducted) continue;
    const figures = paymentFigures(deducted);
    payments.set(id, { paid: figures.amount_paid, due: figures.amount_due });
  }
  return payments;
}
