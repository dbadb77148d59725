import { BAD_TEXT_MESSAGES, badTextAt } from '../../../http/body';
import type { AccountCtx } from '../../../shared/context';
import { DomainError, notFound, validationError } from '../../../shared/errors';
import { findBusinessProfile } from '../../business-profiles';
import { type EInvoiceProfile, findCustomer } from '../../customers';
import { findDocument } from '../repo';
import type { DocumentRow } from '../schema';
import { changeDocumentStatus } from './change-document-status';
import { einvoiceInputOf, type StoredEInvoiceInput } from './document-data-of';
import { finalizedData, partiesGone } from './finalized-data';

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
 * outside the transaction (the official rules take a while); the status change then writes the row read
 * here, not read again, and only while the draft is still exactly that one (status and `updated_at`): an
 * edit while the check ran is a 409.
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
  const row = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Document');
  if (row.status === 'draft') refuseBadText(row.data);
  const checked = await finalizeCheckInput(ctx, row);
  if (checked !== null) {
    const violations = await check(ctx, checked);
    if (violations.length > 0) throw complianceRefusal(checked.profile, violations);
  }
  // The row read above is the one finalized, not read again: written only if still exactly that, else 409.
  return await changeDocumentStatus({ ctx, input: { read: row, action: 'finalize' } });
}

/**
 * A draft kept before text with U+0000 or a lone surrogate was refused at the door (commit 3fe5a19f) holds
 * it still: refused here with a 422 naming the field, as PostgreSQL's refusal of it is answered
 * (http/error-handler.ts `refusedValueResponse`), so both engines answer the same; a PATCH corrects it.
 */
function refuseBadText(data: unknown): void {
  const bad = badTextAt(data, '$');
  if (bad === null) return;
  const loc = bad.loc.replace(/^\$\.?/, '');
  const msg = BAD_TEXT_MESSAGES[bad.kind];
  throw validationError(
    [{ loc, msg, type: 'value_error' }],
    `${msg}: ${loc} holds it (kept before such text was refused); send that field again and retry`,
  );
}

/**
 * What finalize checks: a draft invoice or credit note whose customer needs an e-invoice, read as finalize
 * will freeze it (finalizedData: today's seller and buyer, the customer's buyer reference) from the row's
 * own data; null when nothing is checked.
 */
export async function finalizeCheckInput(
  ctx: AccountCtx,
  row: DocumentRow,
): Promise<(StoredEInvoiceInput & { profile: EInvoiceProfile }) | null> {
  if (row.status !== 'draft' || !EINVOICE_TYPES.has(row.documentType)) return null;
  const customer = await findCustomer(ctx.db, ctx.accountId, row.customerId);
  if (!customer) throw partiesGone();
  const profile = (customer.einvoiceProfile as EInvoiceProfile | null) ?? null;
  if (profile === null) return null;
  const seller = await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  if (!seller) throw partiesGone();
  const frozen = { ...row, data: finalizedData(row, seller, customer) };
  return { ...(await einvoiceInputOf(ctx, frozen)), profile };
}

/** 422 compliance_failed: the document stays a draft; each finding names the field to fix. */
export function complianceRefusal(profile: EInvoiceProfile, violations: FinalizeViolation[]): DomainError {
  const count = `${violations.length} finding${violations.length === 1 ? '' : 's'}`;
  return new DomainError(
    'compliance_failed',
    `The buyer needs ${profile} and this document fails it (${count}); it stays a draft: fix the fields named and finalize again`,
    { profile, violations },
  );
}
