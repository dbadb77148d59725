// The originals on the audit data carrier: each issued document's PDF (and the e-invoice XML its customer
// gets), each received original byte for byte. This pass comes first and records what it put where: the
// tables then describe exactly the documents it saw (a document finalized while the export runs is in none
// of them), with the path and SHA-256 of each file.
import { createHash } from 'node:crypto';
import type { ComplianceProfile } from '../../../einvoicing/profiles';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { writeEInvoiceXml } from '../../compliance';
import { findCustomer } from '../../customers';
import { type DocumentRow, einvoiceInputOf, listDocuments } from '../../documents';
import { readSupportingFiles } from '../../files';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import { FACTUR_X, issuedPdf, issuedXml, type RenderServices } from '../../renders';
import { pagesOf } from '../period';
import { BOOKED_TYPES, supplierKeyOf } from '../use-cases/datev-export';

export interface AuditInput {
  from: string;
  to: string;
  /** The caller's plan: PDFs drawn for the export count against its monthly render quota as any render. */
  monthlyQuota: number;
  planId: string;
}

export interface Entry {
  name: string;
  bytes: Uint8Array;
}

export interface FileRef {
  path: string;
  sha256: string;
}

export interface IssuedOriginals {
  pdf: FileRef | null;
  xml: FileRef | null;
  notes: string[];
}

/** A supplier as the most recently received document of the period names it. */
export interface Supplier {
  name: string | null;
  taxId: string | null;
  address: Address | null;
}

export interface Address {
  line1?: string | null;
  line2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  country?: string | null;
}

/** What the originals pass saw: the documents the tables describe, and the parties they name. */
export interface Carrier {
  /** By document id, in the order read. */
  issued: Map<string, IssuedOriginals>;
  /** By received document id. */
  received: Map<string, FileRef | null>;
  customerIds: Set<string>;
  /** By supplier key, as the most recently received document naming it has it (listed newest first). */
  suppliers: Map<string, Supplier>;
  /** The seller of the newest issued document: who supplies the data. */
  seller: { name?: string; legal_name?: string; address?: Address } | null;
}

export const newCarrier = (): Carrier => ({
  issued: new Map(),
  received: new Map(),
  customerIds: new Set(),
  suppliers: new Map(),
  seller: null,
});

/** Issued documents the audit describes: invoices, credit notes and receipts that are not drafts. */
export const isAudited = (row: DocumentRow) =>
  row.status !== 'draft' && (BOOKED_TYPES as readonly string[]).includes(row.documentType);

/** File names inside the ZIP: safe characters, and a name used twice gets `-2`, `-3`. */
export class EntryNames {
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

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const problemOf = (error: unknown) =>
  error instanceof DomainError ? error.message : 'could not be produced';

/**
 * The document's PDF as issued: its kept original (docs/renders.md; the Factur-X one for a buyer who gets
 * Factur-X), else drawn now through the render pool (counted as a render) and kept from then on, so every
 * later audit holds the same bytes.
 */
async function pdfOf(
  ctx: AccountCtx,
  services: RenderServices,
  row: DocumentRow,
  input: AuditInput,
  profile: ComplianceProfile | null,
) {
  const made = await issuedPdf(ctx, services, row, {
    facturxFirst: profile === FACTUR_X,
    firstUse: 'audit',
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
    firstUse: 'audit',
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

/** The period's issued originals under `issued/`, one file at a time; a file that fails is a note. */
export async function* issuedOriginals(
  ctx: AccountCtx,
  services: RenderServices,
  input: AuditInput,
  names: EntryNames,
  carrier: Carrier,
): AsyncGenerator<Entry, void> {
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  for await (const rows of pagesOf(
    ctx,
    async (db, page) => await listDocuments(db, ctx.accountId, filters, page),
    async (_tx, r) => r,
  )) {
    for (const row of rows) {
      if (!isAudited(row)) continue;
      const seen: IssuedOriginals = { pdf: null, xml: null, notes: [] };
      carrier.issued.set(row.id, seen);
      carrier.customerIds.add(row.customerId);
      carrier.seller ??= (row.data.seller as Carrier['seller']) ?? null;
      const profile = await profileOf(ctx, row);
      try {
        const bytes = await pdfOf(ctx, services, row, input, profile);
        seen.pdf = { path: names.name('issued', row.number, 'pdf'), sha256: sha256(bytes) };
        yield { name: seen.pdf.path, bytes };
      } catch (error) {
        seen.notes.push(`PDF: ${problemOf(error)}`);
      }
      try {
        const bytes = await xmlOf(ctx, services, row, profile);
        if (bytes !== null) {
          seen.xml = { path: names.name('issued', row.number, 'xml'), sha256: sha256(bytes) };
          yield { name: seen.xml.path, bytes };
        }
      } catch (error) {
        seen.notes.push(`XML: ${problemOf(error)}`);
      }
    }
  }
}

const extensionOf = (contentType: string) =>
  contentType.includes('pdf') ? 'pdf' : contentType.includes('xml') ? 'xml' : 'bin';

/** The period's received originals under `received/`, byte for byte as they arrived. */
export async function* receivedOriginals(
  ctx: AccountCtx,
  services: RenderServices,
  input: AuditInput,
  names: EntryNames,
  carrier: Carrier,
): AsyncGenerator<Entry, void> {
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  const list = async (db: AccountCtx['db'], page: { limit: number; after: string | null }) =>
    await listReceived(db, ctx.accountId, filters, page);
  for await (const rows of pagesOf(ctx, list, async (_t, r: ReceivedDocumentRow[]) => r)) {
    for (const row of rows) {
      const key = supplierKeyOf(row);
      if (!carrier.suppliers.has(key)) {
        const address = (row.data.seller?.address as Address | undefined) ?? null;
        carrier.suppliers.set(key, { name: row.sellerName, taxId: row.sellerTaxId, address });
      }
      const bytes = await services.blobs.get(row.blobKey);
      if (!bytes) {
        carrier.received.set(row.id, null);
        continue;
      }
      const ref = {
        path: names.name('received', row.invoiceNumber ?? row.id, extensionOf(row.contentType)),
        sha256: sha256(bytes),
      };
      carrier.received.set(row.id, ref);
      yield { name: ref.path, bytes };
    }
  }
}
