import type { Db } from '../../../db/client';
import type { Clock } from '../../../shared/clock';
import type { BlobStore } from '../../../storage/blob-store';
import { deleteRender, findExpired } from '../repo';
import { ISSUED_PREFIX } from './issued-files';

/**
 * Removes expired renders' files and records (downloads already answer 404 from `expires_at` on). A render
 * that served a document's kept original loses its record only: the original is never deleted.
 */
export async function sweepExpiredRenders(deps: { db: Db; clock: Clock; blobs: BlobStore }): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await findExpired(deps.db, deps.clock.now().toISOString(), 200);
    if (batch.length === 0) return removed;
    for (const row of batch) {
      if (!row.blobKey.startsWith(ISSUED_PREFIX)) await deps.blobs.delete(row.blobKey);
      await deleteRender(deps.db, row.id);
      removed++;
    }
  }
}
