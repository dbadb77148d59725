import { transactional } from '../../../db/transaction';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { deleteDraft, findDocument } from '../repo';

/** Drafts are deleted for good; anything finalized is a record and stays (archive it instead). */
async function deleteDocumentInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<void> {
  const row = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Document');
  if (!(await deleteDraft(ctx.db, ctx.accountId, input.id))) {
    throw conflict(`Only draft documents can be deleted; this one is ${row.status}`);
  }
}

export const deleteDocument = transactional(deleteDocumentInTransaction);
