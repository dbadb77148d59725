import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { findBusinessProfile, sellerParty } from '../../business-profiles';
import { buyerParty, customerBuyerReference, findCustomer } from '../../customers';
import type { DocumentAction } from '../../reference';
import { actionTimestamp, transition } from '../lifecycle';
import { findDocument, updateDocumentIfStatus } from '../repo';
import type { DocumentRow } from '../schema';
import { applyCredits } from './apply-credits';

/**
 * Finalize copies the seller and buyer into the document, so later edits to the profile or customer never
 * change an issued document; its totals were computed on the last draft write and are never recomputed.
 */
async function finalizedData(ctx: AccountCtx, row: DocumentRow): Promise<Record<string, unknown>> {
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  const customer = await findCustomer(ctx.db, ctx.accountId, row.customerId);
  if (!profile || !customer)
    throw conflict('The document refers to a business profile or customer that is gone');
  // A draft made before its customer had a buyer reference (Leitweg-ID) gets it now, as a new one would.
  const reference = row.data.buyer_reference ?? customerBuyerReference(customer);
  return {
    ...row.data,
    ...(reference ? { buyer_reference: reference } : {}),
    seller: sellerParty(profile),
    buyer: buyerParty(customer),
  };
}

/** The status `action` moves the document to, or the 409 SPEC 3 answers when it may not. */
export function allowedAction(row: DocumentRow, action: DocumentAction) {
  const outcome = transition(row.documentType, row.status, action);
  if (outcome.ok) return outcome;
  const message =
    outcome.reason === 'not_offered'
      ? `A ${row.documentType} has no '${action}' action`
      : `Cannot ${action} a document that is ${row.status}`;
  throw conflict(message, { action, status: row.status, document_type: row.documentType });
}

async function changeDocumentStatusInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  /** `unchangedSince`: refuse (409) when the document was written after that moment (finalize's check). */
  input: { id: string; action: DocumentAction; unchangedSince?: string };
}): Promise<DocumentRow> {
  const row = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Document');
  if (input.unchangedSince !== undefined && row.updatedAt !== input.unchangedSince) {
    throw conflict('The document changed while it was checked; finalize again');
  }
  const outcome = allowedAction(row, input.action);
  const now = isoNow(ctx.clock);
  const stamp = actionTimestamp(input.action);
  const updated = await updateDocumentIfStatus(ctx.db, ctx.accountId, row.id, row.status, {
    status: outcome.next,
    updatedAt: now,
    ...(stamp ? { [stamp]: now } : {}),
    ...(input.action === 'finalize' ? { data: await finalizedData(ctx, row) } : {}),
    // Leaving a state clears its mark: an unpaid document has no paid_at; a restored one is finalized
    // again, so it is no longer archived, paid or void.
    ...(input.action === 'mark-unpaid' ? { paidAt: null } : {}),
    ...(input.action === 'restore' ? { archivedAt: null, paidAt: null, voidedAt: null } : {}),
  });
  if (!updated) throw conflict('The document changed meanwhile; read it again and retry');
  // A credit note issued, voided, archived or restored: the invoice it corrects has that much less to ask.
  if (updated.documentType === 'credit_note' && updated.sourceDocumentId !== null) {
    await applyCredits(ctx, updated.sourceDocumentId);
  }
  return updated;
}

export const changeDocumentStatus = transactional(changeDocumentStatusInTransaction);

/**
 * An e-mail of the document went out (the delivery job, in the transaction that records it): a finalized
 * invoice is `sent` now, as if `mark-sent` had been called, so "Send" leaves it "Sent" in the console.
 * SPEC 3 has the send request itself leave the document finalized (it only queues the mail); issue 36
 * asks for the sent state once it is out. A document in any other state, or of a type without
 * `mark-sent`, stays as it is; a concurrent change wins (nothing is forced).
 */
export async function noteDocumentSent(ctx: AccountCtx, documentId: string): Promise<void> {
  const row = await findDocument(ctx.db, ctx.accountId, documentId);
  if (row?.status !== 'finalized') return;
  const outcome = transition(row.documentType, row.status, 'mark-sent');
  if (!outcome.ok) return;
  const now = isoNow(ctx.clock);
  const stamp = actionTimestamp('mark-sent');
  await updateDocumentIfStatus(ctx.db, ctx.accountId, row.id, row.status, {
    status: outcome.next,
    updatedAt: now,
    ...(stamp ? { [stamp]: now } : {}),
  });
}
