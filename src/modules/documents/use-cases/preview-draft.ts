import type { AccountCtx } from '../../../shared/context';
import type { CreateDocumentBody } from '../model';
import type { DocumentRow } from '../schema';
import { draftOf, withCustomerBuyerReference } from './create-document';
import { withDeductedInvoices } from './deducted-invoices';
import { einvoiceInputOf, type StoredEInvoiceInput } from './document-data-of';
import { prepareDraft } from './prepare-draft';

/** Stands in for the number a sequence would give, which a preview must not take. */
export const PREVIEW_NUMBER = 'DRAFT';

/**
 * A create body as the draft it would store, without storing it: the same checks (one 422 with `body.`
 * locs), the customer's buyer reference, the profile and customer as parties, so that what is drawn from it
 * is what a render of the stored document draws.
 */
export async function previewDraft(
  ctx: AccountCtx,
  input: CreateDocumentBody,
): Promise<{ row: DocumentRow; einvoice: StoredEInvoiceInput }> {
  const candidate = await withCustomerBuyerReference(ctx, draftOf(input));
  // The invoices it deducts as a stored draft would (one deducting them may be the draft previewed).
  const deducted = await withDeductedInvoices(ctx, candidate, input.deducted_invoices ?? [], null, false);
  const draft = deducted.draft;
  const totals = await prepareDraft(ctx, draft, deducted.problems);
  const now = ctx.clock.now().toISOString();
  const { content, ...identity } = draft;
  const row: DocumentRow = {
    id: 'doc_preview',
    accountId: ctx.accountId,
    ...identity,
    number: input.number ?? PREVIEW_NUMBER,
    status: 'draft',
    numberingSequenceId: input.numbering_sequence_id ?? null,
    data: content,
    totals,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    finalizedAt: null,
    sentAt: null,
    paidAt: null,
    voidedAt: null,
    archivedAt: null,
    amountPaid: '0',
    amountCredited: '0',
  };
  return { row, einvoice: await einvoiceInputOf(ctx, row) };
}
