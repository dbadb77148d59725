import { itemPdfs } from '../item-pdfs';
import type { BatchRow } from '../schema';
import type { BatchRunDeps } from './run-deps';

export const combinedBlobKey = (batch: BatchRow) => `batches/${batch.accountId}/${batch.id}/combined.pdf`;

/**
 * One PDF of every completed item in request order (`output.combine`). The pages are copied from the
 * stored renders, never drawn again, so the combined file shows exactly what the single PDFs show.
 * Assembled in memory, which is why create caps combined batches (MAX_COMBINED_ITEMS).
 */
export async function combineBatch(deps: BatchRunDeps, batch: BatchRow): Promise<string> {
  // Loaded on first use: pdf-lib and its dependencies are 1.5 MB of code a server start does not need.
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const combined = await PDFDocument.create();
  combined.setTitle(`Batch ${batch.id}`);
  combined.setProducer('invoice-service');
  combined.setCreationDate(deps.clock.now());
  for await (const { bytes } of itemPdfs(deps.db, deps.services.blobs, batch.id, null)) {
    if (bytes === null) continue;
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await combined.copyPages(source, source.getPageIndices());
    for (const page of pages) combined.addPage(page);
  }
  const key = combinedBlobKey(batch);
  await deps.services.blobs.put(key, await combined.save(), 'application/pdf');
  return key;
}
