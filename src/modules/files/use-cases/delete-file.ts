import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import { deleteFileRow } from '../repo';

/**
 * Row first, then bytes: once the row is gone nothing can reach the blob. Branding profiles that name the
 * file keep the id; readers find no file and draw no logo (SPEC 4 Files).
 */
export async function deleteFile({
  ctx,
  blobs,
  input,
}: {
  ctx: AccountCtx;
  blobs: BlobStore;
  input: { id: string };
}): Promise<void> {
  const row = await deleteFileRow(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('File');
  await blobs.delete(row.blobKey);
}
