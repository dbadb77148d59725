// What the seller's VAT law asks every invoice to state and a draft invoice or credit note lacks
// (domain/invoice-law.ts), read as finalize will freeze it: finalize-check answers them beside the buyer's
// e-invoice findings, and the draft's page shows them. Never a reason to refuse finalize.
import { type InvoiceNotice, invoiceLawNotices } from '../../../domain/invoice-law';
import type { AccountCtx } from '../../../shared/context';
import type { DocumentRow } from '../schema';
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
  return invoiceLawNotices(input.documentType, input.data, input.totals);
}
