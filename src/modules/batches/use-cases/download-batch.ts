import { once } from 'node:events';
import type { DbOrTx } from '../../../db/client';
import type { Clock } from '../../../shared/clock';
import { DomainError, notFound } from '../../../shared/errors';
import { zipTools } from '../../../shared/zip';
import type { BlobStore } from '../../../storage/blob-store';
import { itemPdfs } from '../item-pdfs';
import { findBatch } from '../repo';
import type { BatchRow } from '../schema';
import { ZipNames } from '../zip-names';

interface PdfEntry {
  name: string;
  bytes: Uint8Array;
}

interface DownloadCtx {
  db: DbOrTx;
  clock: Clock;
  accountId: string;
}

/**
 * The ZIP of a completed batch, streamed: one PDF is read from storage at a time and the next only once
 * the archive has taken it, so a 10,000-item download holds a few PDFs in memory, not all of them.
 */
export async function downloadBatch({
  ctx,
  blobs,
  input,
}: {
  ctx: DownloadCtx;
  blobs: BlobStore;
  input: { id: string };
}): Promise<{ batch: BatchRow; body: ReadableStream }> {
  const batch = await findBatch(ctx.db, ctx.accountId, input.id);
  if (!batch) throw notFound('Batch');
  if (batch.status !== 'completed') {
    throw new DomainError(
      'conflict',
      `Batch is ${batch.status}; the download is available once it is completed`,
      {
        status: batch.status,
      },
    );
  }
  const entries = pdfEntries(ctx, blobs, batch);
  const first = await entries.next();
  if (first.done)
    throw new DomainError('not_found', 'Batch has no completed renders to download (they may have expired)');
  const { ZipArchive, Readable } = await zipTools();
  const archive = new ZipArchive({ store: true }); // PDFs are compressed already
  const fill = async () => {
    try {
      for (let entry: IteratorResult<PdfEntry, void> = first; !entry.done; entry = await entries.next()) {
        const processed = once(archive, 'entry');
        archive.append(Buffer.from(entry.value.bytes), { name: entry.value.name, date: batch.createdAt });
        await processed;
      }
      await archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
    }
  };
  void fill();
  return { batch, body: Readable.toWeb(archive) as ReadableStream };
}

async function* pdfEntries(
  ctx: DownloadCtx,
  blobs: BlobStore,
  batch: BatchRow,
): AsyncGenerator<PdfEntry, void> {
  const names = new ZipNames();
  const combinedName = names.reserve(`${batch.id}-combined.pdf`);
  const now = ctx.clock.now().toISOString();
  let yielded = 0;
  const missing: string[] = [];
  for await (const pdf of itemPdfs(ctx.db, blobs, batch.id, now)) {
    const name = names.name(pdf.externalId, pdf.itemId);
    if (pdf.bytes === null) {
      missing.push(`${name} (${pdf.itemId})`);
      continue;
    }
    yielded++;
    yield { name, bytes: pdf.bytes };
  }
  // A PDF the store lost is named, not left out unseen: the ZIP would look whole with fewer invoices.
  if (missing.length > 0 && yielded === 0)
    throw new DomainError(
      'not_found',
      `Batch has no renders left to download: the files of ${missing.length} current render(s) are missing from the file store`,
    );
  if (missing.length > 0) {
    yield {
      name: names.reserve('MISSING.txt'),
      bytes: new TextEncoder().encode(missingNote(missing)),
    };
  }
  // Last, and only beside the PDFs it was made from: once those expired, the batch has nothing to offer.
  if (batch.combinedBlobKey && yielded > 0) {
    const bytes = await blobs.get(batch.combinedBlobKey);
    if (bytes) yield { name: combinedName, bytes };
  }
}

/** The note beside a ZIP whose PDFs the store no longer has, in German and English (CRLF: any editor). */
function missingNote(missing: string[]): string {
  return [
    'Diese PDFs fehlen im Dateispeicher und sind nicht in diesem ZIP (ihre Dateien wurden vor Ablauf entfernt):',
    'These PDFs are missing from the file store and not in this ZIP (their files were removed before they expired):',
    '',
    ...missing,
    '',
    'Rendern Sie diese Positionen neu. / Render these items again.',
    '',
  ].join('\r\n');
}
