import type { DbOrTx } from '../../db/client';
import type { BlobStore } from '../../storage/blob-store';
import { findRenderById } from '../renders';
import { completedItems } from './repo';

const PAGE = 200;

/**
 * The PDFs of a batch's completed items in request order, read one at a time (a page of item rows at a
 * time from the database). Items whose render is gone or expired by `now` (when given) are skipped; one
 * whose render is current but whose file the store no longer has comes with `bytes: null` (a store that
 * lost it: the caller says so rather than leave it out unseen). The combined PDF and the ZIP download both
 * walk the batch this way.
 */
export async function* itemPdfs(
  db: DbOrTx,
  blobs: BlobStore,
  batchId: string,
  now: string | null,
): AsyncGenerator<{ itemId: string; externalId: string | null; bytes: Uint8Array | null }, void> {
  let after = -1;
  for (;;) {
    const items = await completedItems(db, batchId, after, PAGE);
    if (items.length === 0) return;
    for (const item of items) {
      after = item.position;
      const render = item.renderId ? await findRenderById(db, item.renderId) : undefined;
      if (!render || (now !== null && render.expiresAt <= now)) continue;
      const bytes = await blobs.get(render.blobKey);
      yield { itemId: item.id, externalId: item.externalId, bytes: bytes ?? null };
    }
  }
}
