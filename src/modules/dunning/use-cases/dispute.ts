import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { findDocument } from '../../documents';
import { deleteDispute, findDispute, insertDispute } from '../repo';

export interface DisputeView {
  document_id: string;
  disputed: boolean;
  note: string | null;
}

/** Marks an invoice disputed (or not): no reminder goes out about a disputed one, by hand or by the job. */
export async function setDispute({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { documentId: string; disputed: boolean; note?: string | null };
}): Promise<DisputeView> {
  const document = await findDocument(ctx.db, ctx.accountId, input.documentId);
  if (!document) throw notFound('Document');
  if (!input.disputed) {
    await deleteDispute(ctx.db, ctx.accountId, document.id);
    return { document_id: document.id, disputed: false, note: null };
  }
  const row = await insertDispute(ctx.db, {
    documentId: document.id,
    accountId: ctx.accountId,
    note: input.note ?? null,
    createdAt: isoNow(ctx.clock),
  });
  return { document_id: document.id, disputed: true, note: row.note };
}

export async function readDispute(ctx: AccountCtx, documentId: string): Promise<DisputeView> {
  const document = await findDocument(ctx.db, ctx.accountId, documentId);
  if (!document) throw notFound('Document');
  const row = await findDispute(ctx.db, ctx.accountId, document.id);
  return { document_id: document.id, disputed: row !== undefined, note: row?.note ?? null };
}
