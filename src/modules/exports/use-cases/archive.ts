import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { ComplianceProfile } from '../../../einvoicing/profiles';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { writeEInvoiceXml } from '../../compliance';
import { findCustomer } from '../../customers';
import { type DocumentRow, einvoiceInputOf, listDocuments } from '../../documents';
import { readSupportingFiles } from '../../files';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import { FACTUR_X, issuedPdf, issuedXml, type RenderServices } from '../../renders';
import { buyerNameOf, checkPeriod, pagesOf } from '../period';
import { ArchiveIndex } from './archive-index';
import { BOOKED_TYPES } from './datev-export';

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

/** File names inside the ZIP: safe characters, and a number used twice gets `-2`, `-3`. */
class EntryNames {
  private readonly used = new Set<string>();
  name(folder: string, stem: string, extension: string): string {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets replaced
    const safe = stem.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').trim() || 'document';
    let name = `${folder}/${safe}.${extension}`;
    for (let n = 2; this.used.has(name); n++) name = `${folder}/${safe}-${n}.${extension}`;
    this.used.add(name);
    return name;
  }
}

const problemOf = (error: unknown) =>
  error instanceof DomainError ? error.message : 'could not be produced';

/**
 * The document's PDF as issued: its kept original (docs/renders.md; the Factur-X one for a buyer who gets
 * Factur-X), else drawn now through the render pool (counted as a render) and kept from then on, so every
 * later archive holds the same bytes.
 */
async function pdfOf(
  ctx: AccountCtx,
  services: RenderServices,
  row: DocumentRow,
  input: ArchiveInput,
  profile: ComplianceProfile | null,
) {
  const made = await issuedPdf(ctx, services, row, {
    facturxFirst: profile === FACTUR_X,
    firstUse: 'archive',
    monthlyQuota: input.monthlyQuota,
    planId: input.planId,
  });
  return made.bytes;
}

/** The customer's e-invoice profile (`einvoice_profile`), null without one. */
async function profileOf(ctx: AccountCtx, row: DocumentRow): Promise<ComplianceProfile | null> {
  return ((await findCustomer(ctx.db, ctx.accountId, row.customerId))?.einvoiceProfile ??
    null) as ComplianceProfile | null;
}

/**
 * The e-invoice XML the customer needs (`profile`), as issued: the one kept since its first use (a send, the
 * XML route), else written now as sending writes it and kept; null without a profile.
 */
async function xmlOf(
  ctx: AccountCtx,
  services: RenderServices,
  row: DocumentRow,
  profile: ComplianceProfile | null,
): Promise<Uint8Array | null> {
  if (!profile) return null;
  const outcome = await issuedXml(ctx, services.blobs, row, {
    profile,
    firstUse: 'archive',
    write: async () => {
      const input = await einvoiceInputOf(ctx, row);
      const attachedFiles = await readSupportingFiles(
        ctx,
        services.blobs,
        input.data.supporting_documents,
        'document',
      );
      return await writeEInvoiceXml({ profile, ...input, attachedFiles });
    },
  });
  if (!outcome.ok)
    throw new DomainError('unprocessable_entity', `the ${profile} e-invoice cannot be written`);
  return outcome.bytes;
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
        const bytes = await pdfOf(ctx, services, row, input, profile);
        const name = names.name('issued', row.number, 'pdf');
        files.push(name);
        yield { name, bytes };
      } catch (error) {
        notes.push(`PDF: ${problemOf(error)}`);
      }
      try {
        const bytes = await xmlOf(ctx, services, row, profile);
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
  const { ZipArchive } = await import('archiver'); // on first use, as batches load it
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
