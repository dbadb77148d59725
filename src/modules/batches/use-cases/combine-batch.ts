import { PDFDocument } from '@cantoo/pdf-lib';
import { findRenderById } from '../../renders/repo';
import { completedItems } from '../repo';
import type { BatchRow } from '../schema';
import type { BatchRunDeps } from './run-batch';

const PAGE = 200;

export const combinedBlobKey = (batch: BatchRow) => `batches/${batch.accountId}/${batch.id}/combined.pdf`;

/**
 * One PDF of every completed item in request order (`output.combine`). The pages are copied from the
 * stored renders, never drawn again, so the combined file shows exactly what the single PDFs show.
 * Assembled in memory, which is why create caps combined batches (MAX_COMBINED_ITEMS).
 */
export async function combineBatch(deps: BatchRunDeps, batch: BatchRow): Promise<string> {
  const combined = await PDFDocument.create();
  combined.setTitle(`Batch ${batch.id}`);
  combined.setProducer('invoice-service');
  combined.setCreationDate(deps.clock.now());
  let after = -1;
  for (;;) {
    const items = completedItems(deps.db, batch.id, after, PAGE);
    if (items.length === 0) break;
    for (const item of items) {
      after = item.position;
      const render = item.renderId ? findRenderById(deps.db, item.renderId) : undefined;
      const bytes = render ? await deps.services.blobs.get(render.blobKey) : null;
      if (!bytes) continue;
      const source = await PDFDocument.load(bytes, { updateMetadata: false });
      const pages = await combined.copyPages(source, source.getPageIndices());
      for (const page of pages) combined.addPage(page);
    }
  }
  const key = combinedBlobKey(batch);
  await deps.services.blobs.put(key, await combined.save(), 'application/pdf');
  return key;
}
