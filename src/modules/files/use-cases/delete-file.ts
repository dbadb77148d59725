import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import { deleteFileRow, findFile } from '../repo';

/**
 * Bytes first, then the row: a store that cannot be reached (a 503) leaves the file as it was, to be
 * deleted by the retry; the other order answered 503 for a file already gone, its bytes kept for good
 * with nothing pointing at them. Between the two a download finds no bytes (a 404, as for a file
 * deleted). Branding profiles that name the file keep the id; readers find no file and draw no logo
 * (SPEC 4 Files).
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
  const row = await findFile(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('File');
  await blobs.delete(row.blobKey);
  // Deleted meanwhile by another request: that one answered it.
  if (!(await deleteFileRow(ctx.db, ctx.accountId, input.id))) throw notFound('File');
}
