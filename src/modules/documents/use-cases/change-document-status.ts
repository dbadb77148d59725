import { transactional } from '../../../db/transaction';
import { dec, isZero, toFixedString } from '../../../domain/money';
import { minorUnitsOf } from '../../../domain/reference';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import type { DocumentAction } from '../../reference';
import { actionTimestamp, transition } from '../lifecycle';
import { findDocument, updateDocumentIfStatus, updateDocumentIfUnchanged } from '../repo';
import type { DocumentRow } from '../schema';
import { applyCredits } from './apply-credits';
import { deductionsStillHold, issuedDeductionOf } from './deducted-invoices';
import { finalizedDataOf } from './finalized-data';

/** The status `action` moves the document to, or the 409 SPEC 3 answers when it may not. */
export function allowedAction(row: DocumentRow, action: DocumentAction) {
  const outcome = transition(row.documentType, row.status, action, row);
  if (outcome.ok) return outcome;
  const message =
    outcome.reason === 'not_offered'
      ? `A ${row.documentType} has no '${action}' action`
      : `Cannot ${action} a document that is ${row.status}`;
  throw conflict(message, { action, status: row.status, document_type: row.documentType });
}

/**
 * A document with payments recorded on it is not cancelled as if none had been: the payments would vanish
 * from the customer's statement and the receivables (the customer paid, and nothing shows it). A 409 says
 * to delete them first (and refund the customer). Credit notes correcting it are not asked about: SPEC 3
 * lets a finalized or sent invoice be voided, and voiding the credit notes too is the adviser's call.
 */
function refuseVoidWithPayments(row: DocumentRow): void {
  const paid = dec(row.amountPaid);
  if (isZero(paid)) return;
  const amount = toFixedString(paid, minorUnitsOf(row.currency));
  throw conflict(
    `This document cannot be cancelled while payments of ${amount} ${row.currency} are recorded on it: delete them first`,
    { action: 'void', status: row.status, amount_paid: amount },
  );
}

/**
 * An invoice an issued final invoice deducts (deducted-invoices.ts) is not cancelled under it, nor corrected
 * by a credit note (the normal German way to cancel one): that invoice would deduct a payment never owed. A
 * 409 names it: correct or void the final invoice first. A draft deducting it does not stop either (its
 * finalize then refuses).
 */
async function refuseWhileDeducted(ctx: AccountCtx, row: DocumentRow, action: DocumentAction): Promise<void> {
  const corrected =
    action === 'finalize' && row.documentType === 'credit_note' && row.sourceDocumentId !== null
      ? await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId)
      : action === 'void'
        ? row
        : undefined;
  if (!corrected) return;
  const by = await issuedDeductionOf(ctx, corrected);
  if (!by) return;
  const what =
    action === 'void'
      ? 'This invoice cannot be cancelled'
      : `The invoice ${corrected.number} cannot be corrected`;
  throw conflict(`${what} while the invoice ${by.number} deducts it: correct or cancel ${by.number} first`, {
    action,
    status: row.status,
    deducted_by: by.id,
    deducted_by_number: by.number,
  });
}

/**
 * The document by its id, read in the transaction; or `read`, the row as the caller read it before (finalize,
 * with its check in between): not read again, and written only while it is still exactly that (status and
 * `updated_at`), else a 409.
 */
type StatusChange = { action: DocumentAction } & ({ id: string } | { read: DocumentRow });

async function changeDocumentStatusInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: StatusChange;
}): Promise<DocumentRow> {
  const row = 'read' in input ? input.read : await findDocument(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Document');
  const outcome = allowedAction(row, input.action);
  if (input.action === 'void') refuseVoidWithPayments(row);
  await refuseWhileDeducted(ctx, row, input.action);
  // In this transaction, so that a void of a deducted invoice meeting it is refused on one side.
  if (input.action === 'finalize') await deductionsStillHold(ctx, row);
  const now = isoNow(ctx.clock);
  const stamp = actionTimestamp(input.action);
  const changes = {
    status: outcome.next,
    updatedAt: now,
    ...(stamp ? { [stamp]: now } : {}),
    // Finalize freezes the parties; the totals were computed on the last draft write and are never recomputed.
    ...(input.action === 'finalize' ? { data: await finalizedDataOf(ctx, row) } : {}),
    // Leaving a state clears its mark: an unpaid document has no paid_at; a restored one is no longer
    // archived or paid. Its voided_at stays: a voided document is restored to void (lifecycle.ts), and a
    // cancellation keeps its date through archive and restore.
    ...(input.action === 'mark-unpaid' ? { paidAt: null } : {}),
    ...(input.action === 'restore' ? { archivedAt: null, paidAt: null } : {}),
  };
  const updated =
    'read' in input
      ? await updateDocumentIfUnchanged(ctx.db, ctx.accountId, row, changes)
      : await updateDocumentIfStatus(ctx.db, ctx.accountId, row.id, row.status, changes);
  if (!updated) {
    throw conflict(
      'read' in input
        ? `The document changed while it was checked; ${input.action} again`
        : 'The document changed meanwhile; read it again and retry',
    );
  }
  // A credit note issued, voided, archived or restored: the invoice it corrects has that much less to ask.
  if (updated.documentType === 'credit_note' && updated.sourceDocumentId !== null) {
    await applyCredits(ctx, updated.sourceDocumentId);
  }
  // An invoice issued after a credit note naming it was: set against it now, and settled by a full one.
  // (SPEC 3 restores an archived one to `finalized` even when its payments settle it: not moved here.)
  if (updated.documentType !== 'credit_note' && input.action === 'finalize') {
    return (await applyCredits(ctx, updated.id)) ?? updated;
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
