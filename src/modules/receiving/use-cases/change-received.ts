import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import type { UpdateReceivedBody } from '../model';
import { deleteReceivedRow, findReceived, updateReceived } from '../repo';
import type { ReceivedDocumentRow } from '../schema';
import { recordSettlingPayment } from './received-payments';

/**
 * PATCH: the bookkeeper's decision (approved, rejected, paid, or back to received) and a note; paid records what
 * is still due as a payment dated today.
 */
async function changeReceivedInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; changes: UpdateReceivedBody };
}): Promise<ReceivedDocumentRow> {
  const row = await findReceived(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Received document');
  const { status, note } = input.changes;
  if (status === 'paid' && row.status !== 'paid') await recordSettlingPayment(ctx, row);
  const updated = await updateReceived(ctx.db, ctx.accountId, input.id, {
    ...(status === undefined ? {} : { status }),
    ...(note === undefined ? {} : { note }),
    updatedAt: isoNow(ctx.clock),
  });
  if (!updated) throw notFound('Received document');
  return updated;
}

export const changeReceived = transactional(changeReceivedInTransaction);

/** Deletes the row, then its original (a row never points at missing bytes; a left blob is unreachable). */
export async function deleteReceived({
  ctx,
  blobs,
  input,
}: {
  ctx: AccountCtx;
  blobs: BlobStore;
  input: { id: string };
}) {
  const row = await deleteReceivedRow(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Received document');
  await blobs.delete(row.blobKey).catch(() => undefined);
}
