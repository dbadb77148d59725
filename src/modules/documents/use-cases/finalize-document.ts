import type { AccountCtx } from '../../../shared/context';
import { conflict, DomainError, notFound } from '../../../shared/errors';
import { customerBuyerReference, type EInvoiceProfile, findCustomer } from '../../customers';
import { findDocument } from '../repo';
import type { DocumentRow } from '../schema';
import { changeDocumentStatus } from './change-document-status';
import { einvoiceInputOf, type StoredEInvoiceInput } from './document-data-of';

/** One finding that stops a finalize: `field` is the document field to fix (`data.buyer_reference`). */
export interface FinalizeViolation {
  rule: string;
  field: string;
  message: string;
}

/**
 * Checks a document as the buyer's e-invoice profile would (the compliance module's checks, handed in by
 * the app so documents does not depend on compliance): the fatal findings, none when it passes.
 */
export type FinalizeCheck = (
  ctx: AccountCtx,
  input: StoredEInvoiceInput & { profile: EInvoiceProfile },
) => Promise<FinalizeViolation[]>;

/** Only invoices and credit notes are e-invoices; quotes, delivery notes and the rest finalize as before. */
const EINVOICE_TYPES = new Set(['invoice', 'credit_note']);

/**
 * Finalize, refused while the buyer's e-invoice profile (customer `einvoice_profile`) rejects the document:
 * a finalized document cannot be edited, so a buyer's rejection would leave only Void. The check reads the
 * document as finalize will freeze it (today's seller and buyer, the customer's buyer reference) and runs
 * outside the transaction (the official rules take a while); the status change then requires the draft
 * to be exactly the one checked.
 */
export async function finalizeDocument({
  ctx,
  input,
  check,
}: {
  ctx: AccountCtx;
  input: { id: string };
  check: FinalizeCheck;
}): Promise<DocumentRow> {
  const row = findDocument(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Document');
  const profile = row.status === 'draft' ? buyerProfile(ctx, row) : null;
  if (profile === null || !EINVOICE_TYPES.has(row.documentType)) {
    return changeDocumentStatus({ ctx, input: { id: row.id, action: 'finalize' } });
  }
  const einvoice = einvoiceInputOf(ctx, row);
  const customer = findCustomer(ctx.db, ctx.accountId, row.customerId);
  const reference = einvoice.data.buyer_reference ?? (customer ? customerBuyerReference(customer) : null);
  const data = reference ? { ...einvoice.data, buyer_reference: reference } : einvoice.data;
  const violations = await check(ctx, { ...einvoice, data, profile });
  if (violations.length > 0) {
    const count = `${violations.length} finding${violations.length === 1 ? '' : 's'}`;
    throw new DomainError(
      'compliance_failed',
      `The buyer needs ${profile} and this document fails it (${count}); it stays a draft: fix the fields named and finalize again`,
      { profile, violations },
    );
  }
  return changeDocumentStatus({
    ctx,
    input: { id: row.id, action: 'finalize', unchangedSince: row.updatedAt },
  });
}

function buyerProfile(ctx: AccountCtx, row: DocumentRow): EInvoiceProfile | null {
  const customer = findCustomer(ctx.db, ctx.accountId, row.customerId);
  if (!customer) throw conflict('The document refers to a customer that is gone');
  return (customer.einvoiceProfile as EInvoiceProfile | null) ?? null;
}
