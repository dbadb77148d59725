// The originals on the audit data carrier: each issued document's PDF (and the e-invoice XML its customer
// gets), each received original byte for byte. This pass comes first and records what it put where: the
// tables then describe exactly the documents it saw (a document finalized while the export runs is in none
// of them), with the path and SHA-256 of each file.
import { createHash } from 'node:crypto';
import type { AccountCtx } from '../../../shared/context';
import { type DocumentRow, listDocuments } from '../../documents';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import type { RenderServices } from '../../renders';
import { pagesOf } from '../period';
import { BOOKED_TYPES, supplierKeyOf } from '../use-cases/datev-export';
import {
  type EntryNames,
  issuedPdfBytes,
  issuedXmlBytes,
  problemOf,
  profileOf,
} from '../use-cases/issued-originals';

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
  line3?: string | null;
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

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

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
        const bytes = await issuedPdfBytes(ctx, services, row, input, profile, 'audit');
        seen.pdf = { path: names.name('issued', row.number, 'pdf'), sha256: sha256(bytes) };
        yield { name: seen.pdf.path, bytes };
      } catch (error) {
        seen.notes.push(`PDF: ${problemOf(error)}`);
      }
      try {
        const bytes = await issuedXmlBytes(ctx, services, row, profile, 'audit');
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
