import { transactional } from '../../../db/transaction';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { creditNotesOf, deleteDraft, findDocument } from '../repo';
import { lockNumberSource, releaseNumber } from './release-number';

/**
 * Drafts are deleted for good; anything finalized is a record and stays (archive it instead). A draft
 * invoice that an issued credit note names stays too: the correction's reference (BG-3) must not go. A
 * draft's sequence number goes back to its sequence, or its gap is recorded (release-number.ts).
 */
async function deleteDocumentInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<void> {
  const row = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Document');
  // Only a draft invoice can be both deletable and named by a credit note: no lookup for anything else.
  if (row.status === 'draft' && row.documentType === 'invoice') {
    const notes = await creditNotesOf(ctx.db, ctx.accountId, row.id);
    const issued = notes.find((note) => note.status !== 'draft');
    if (issued) {
      throw conflict(`The issued credit note ${issued.number} names this invoice; it cannot be deleted`, {
        credit_note_id: issued.id,
      });
    }
  }
  if (row.status !== 'draft')
    throw conflict(`Only draft documents can be deleted; this one is ${row.status}`);
  // The sequence's lock first, as a create takes it before inserting its document.
  const sequence = await lockNumberSource(ctx, row);
  if (!(await deleteDraft(ctx.db, ctx.accountId, input.id))) {
    throw conflict(`Only draft documents can be deleted; this one is ${row.status}`);
  }
  await releaseNumber(ctx, row, sequence);
}

export const deleteDocument = transactional(deleteDocumentInTransaction);
