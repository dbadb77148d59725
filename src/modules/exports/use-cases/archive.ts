import { once } from 'node:events';
import type { AccountCtx } from '../../../shared/context';
import { zipTools } from '../../../shared/zip';
import { storeReachable } from '../../../storage/blob-store';
import { listDocuments } from '../../documents';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import type { RenderServices } from '../../renders';
import { buyerNameOf, checkPeriod, pagesOf } from '../period';
import { ArchiveIndex } from './archive-index';
import { BOOKED_TYPES } from './datev-export';
import { EntryNames, issuedPdfBytes, issuedXmlBytes, problemOf, profileOf } from './issued-originals';

export interface ArchiveInput {
  from: string;
  to: string;
  /** The caller's plan: renders made for the archive count against its monthly quota as any render. */
  monthlyQuota: number;
  planId: string;
}

interface Entry {
  name: string;
  bytes: Uint8Array;
}

const extensionOf = (contentType: string) =>
  contentType.includes('pdf') ? 'pdf' : contentType.includes('xml') ? 'xml' : 'bin';

async function* issuedEntries(
  ctx: AccountCtx,
  services: RenderServices,
  input: ArchiveInput,
  names: EntryNames,
  index: ArchiveIndex,
): AsyncGenerator<Entry, void> {
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  for await (const rows of pagesOf(
    ctx,
    async (db, page) => await listDocuments(db, ctx.accountId, filters, page),
    async (_t, r) => r,
  )) {
    for (const row of rows) {
      if (row.status === 'draft' || !(BOOKED_TYPES as readonly string[]).includes(row.documentType)) continue;
      const files: string[] = [];
      const notes: string[] = [];
      const profile = await profileOf(ctx, row);
      try {
        const bytes = await issuedPdfBytes(ctx, services, row, input, profile, 'archive');
        const name = names.name('issued', row.number, 'pdf');
        files.push(name);
        yield { name, bytes };
      } catch (error) {
        notes.push(`PDF: ${problemOf(error)}`);
      }
      try {
        const bytes = await issuedXmlBytes(ctx, services, row, profile, 'archive');
        if (bytes !== null) {
          const name = names.name('issued', row.number, 'xml');
          files.push(name);
          yield { name, bytes };
        }
      } catch (error) {
        notes.push(`XML: ${problemOf(error)}`);
      }
      index.add({
        kind: 'issued',
        number: row.number,
        type: row.documentType,
        date: row.issueDate,
        party: await buyerNameOf(ctx, row),
        total: row.totals.total,
        currency: row.currency,
        // Cancelled stays cancelled, archived or not (voided_at is kept through archive and restore).
        status: row.voidedAt !== null ? 'void' : row.status,
        files,
        notes,
      });
    }
  }
}

async function* receivedEntries(
  ctx: AccountCtx,
  services: RenderServices,
  input: ArchiveInput,
  names: EntryNames,
  index: ArchiveIndex,
): AsyncGenerator<Entry, void> {
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  const list = async (db: AccountCtx['db'], page: { limit: number; after: string | null }) =>
    await listReceived(db, ctx.accountId, filters, page);
  for await (const rows of pagesOf(ctx, list, async (_t, r: ReceivedDocumentRow[]) => r)) {
    for (const row of rows) {
      const bytes = await services.blobs.get(row.blobKey);
      const name = bytes
        ? names.name('received', row.invoiceNumber ?? row.id, extensionOf(row.contentType))
        : '';
      if (bytes) yield { name, bytes };
      index.add({
        kind: 'received',
        number: row.invoiceNumber,
        type: row.documentType,
        date: row.issueDate,
        party: row.sellerName,
        total: row.total,
        currency: row.currency,
        status: row.status,
        files: bytes ? [name] : [],
        notes: bytes ? [] : ['original: file missing from storage'],
      });
    }
  }
}

/**
 * The period's archive as a streamed ZIP: each issued document's PDF (and the e-invoice XML its customer
 * needs), each received original, and `index.csv` last. One file is produced and handed to the archive at a
 * time, so a year's archive never sits in memory; a file that cannot be produced is named in the index.
 */
export async function archiveExport({
  ctx,
  services,
  input,
}: {
  ctx: AccountCtx;
  services: RenderServices;
  input: ArchiveInput;
}): Promise<{ filename: string; body: ReadableStream }> {
  checkPeriod(input.from, input.to);
  // The store away is a 503 before the first byte (the originals are read from it); away midway, the
  // download breaks off (problemOf throws outages on), never a ZIP that reads whole with holes.
  await storeReachable(services.blobs);
  const { ZipArchive, Readable } = await zipTools();
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const names = new EntryNames();
  const index = new ArchiveIndex();
  const date = ctx.clock.now();
  const add = async (entry: Entry) => {
    const processed = once(archive, 'entry');
    index.digest(entry.name, entry.bytes); // index.csv's size and SHA-256 of exactly what the ZIP holds
    archive.append(Buffer.from(entry.bytes), { name: entry.name, date });
    await processed;
  };
  const fill = async () => {
    try {
      for await (const entry of issuedEntries(ctx, services, input, names, index)) await add(entry);
      for await (const entry of receivedEntries(ctx, services, input, names, index)) await add(entry);
      await add({ name: 'index.csv', bytes: new TextEncoder().encode(index.csv()) });
      await archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
    }
  };
  void fill();
  return {
    filename: `archive_${input.from}_${input.to}.zip`,
    body: Readable.toWeb(archive) as ReadableStream,
  };
}
