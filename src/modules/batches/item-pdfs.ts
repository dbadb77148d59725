import type { DbOrTx } from '../../db/client';
import type { BlobStore } from '../../storage/blob-store';
import { findRenderById } from '../renders';
import { completedItems } from './repo';

const PAGE = 200;

/**
 * The PDFs of a batch's completed items in request order, read one at a time (a page of item rows at a
 * time from the database). Items whose render is gone, expired by `now` (when given) or missing its file
 * are skipped. The combined PDF and the ZIP download both walk the batch this way.
 */
export async function* itemPdfs(
  db: DbOrTx,
  blobs: BlobStore,
  batchId: string,
  now: string | null,
): AsyncGenerator<{ itemId: string; externalId: string | null; bytes: Uint8Array }, void> {
  let after = -1;
  for (;;) {
    const items = await completedItems(db, batchId, after, PAGE);
    if (items.length === 0) return;
    for (const item of items) {
      after = item.position;
      const render = item.renderId ? await findRenderById(db, item.renderId) : undefined;
      if (!render || (now !== null && render.expiresAt <= now)) continue;
      const bytes = await blobs.get(render.blobKey);
      if (bytes) yield { itemId: item.id, externalId: item.externalId, bytes };
    }
  }
}
