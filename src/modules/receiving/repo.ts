import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  min,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { NotExportedBy } from '../../db/exported-periods';
import { scoped } from '../../db/scoped';
import type { PageRequest } from '../../shared/pagination';
import { type StatedFigures, sameFigures, sellerIds, vatConflict, vatIds } from './same-invoice';
import {
  type ReceivedDocumentRow,
  type ReceivedPaymentRow,
  type ReceivedSourceKind,
  type ReceivedStatus,
  receivedDocuments as rd,
  receivedPayments as rp,
} from './schema';

export const receivedBlobKey = (accountId: string, id: string) => `received/${accountId}/${id}`;

export async function insertReceived(db: DbOrTx, row: ReceivedDocumentRow): Promise<ReceivedDocumentRow> {
  return await db.insert(rd).values(row).returning().get();
}

export async function findReceived(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<ReceivedDocumentRow | undefined> {
  return await db
    .select()
    .from(rd)
    .where(scoped(rd, accountId, id))
    .get();
}

export async function findReceivedBySha(
  db: DbOrTx,
  accountId: string,
  sha256: string,
): Promise<ReceivedDocumentRow | undefined> {
  return await db
    .select()
    .from(rd)
    .where(and(eq(rd.accountId, accountId), eq(rd.sha256, sha256)))
    .get();
}

/** Rows of one number, day and type whose sellers findSameInvoice compares beyond an exact tax id. */
const SAME_INVOICE_CANDIDATES = 50;

/**
 * The first one received with this seller, number, issue date and type stating the same amounts (another
 * file of the same invoice; same-invoice.ts). The seller is the same when the two files share a tax id,
 * either one's VAT id or national tax number (BT-31, BT-32: a Factur-X may state only the Steuernummer
 * where the XRechnung of the same invoice states both), written with or without spaces, unless both state
 * VAT ids that differ; when either file states none, when their names are equal.
 */
export async function findSameInvoice(
  db: DbOrTx,
  accountId: string,
  key: {
    invoiceNumber: string;
    issueDate: string;
    /** An invoice and a credit note of one number and day (two number ranges) are two documents. */
    documentType: ReceivedDocumentRow['documentType'];
    seller: { name?: string | null; tax_id?: string | null; tax_number?: string | null } | undefined;
    /** Another total or amount due under the same number is no copy (differing-totals.ts warns of it). */
    figures: StatedFigures;
  },
): Promise<{ id: string; duplicateOf: string | null } | undefined> {
  const same = and(
    eq(rd.accountId, accountId),
    eq(rd.invoiceNumber, key.invoiceNumber),
    eq(rd.issueDate, key.issueDate),
    eq(rd.documentType, key.documentType),
    eq(rd.currency, key.figures.currency),
  );
  const columns = { id: rd.id, duplicateOf: rd.duplicateOf, total: rd.total, amountDue: rd.amountDue };
  const figuresAgree = (row: { total: string; amountDue: string }) =>
    sameFigures(key.figures, { ...row, currency: key.figures.currency });
  const taxId = sql<string | null>`json_extract(${rd.data}, '$.seller.tax_id')`;
  // Two VAT ids (BT-31) that differ are two sellers, though they share a Steuernummer (one tax office's
  // number for a group of firms, a landlord's and its managing agent's): a file is not of an invoice any
  // of whose files states another VAT id (one stating only the Steuernummer does not bridge them).
  const ourVat = vatIds([key.seller?.tax_id]);
  const conflicts = (theirs: Set<string>) => vatConflict(ourVat, theirs);
  const vatOfGroup = async (head: string) =>
    vatIds(
      (
        await db
          .select({ sellerTaxId: rd.sellerTaxId, taxId })
          .from(rd)
          .where(and(eq(rd.accountId, accountId), or(eq(rd.id, head), eq(rd.duplicateOf, head))))
          .all()
      ).flatMap((r) => [r.taxId, r.sellerTaxId]),
    );
  const found = (row: { id: string; duplicateOf: string | null }) => ({
    id: row.id,
    duplicateOf: row.duplicateOf,
  });
  // Most often the other file states the seller's tax id as this one does: found by the index alone.
  const written = [key.seller?.tax_id, key.seller?.tax_number].filter((id): id is string => !!id);
  if (written.length > 0) {
    const hit = (
      await db
        .select(columns)
        .from(rd)
        .where(and(same, inArray(rd.sellerTaxId, written)))
        .orderBy(asc(rd.id))
        .limit(SAME_INVOICE_CANDIDATES)
        .all()
    ).find(figuresAgree);
    if (hit && !conflicts(await vatOfGroup(hit.duplicateOf ?? hit.id))) return found(hit);
  }
  // Else the sellers of the first rows of that number and day are compared by both tax ids, written
  // either way (a bound: a flood of files of one number reads no more than this many).
  const candidates = await db
    .select({
      ...columns,
      sellerName: rd.sellerName,
      sellerTaxId: rd.sellerTaxId,
      taxId,
      taxNumber: sql<string | null>`json_extract(${rd.data}, '$.seller.tax_number')`,
    })
    .from(rd)
    .where(same)
    .orderBy(asc(rd.id))
    .limit(SAME_INVOICE_CANDIDATES)
    .all();
  const ours = sellerIds(written);
  const groupVat = new Map<string, Set<string>>();
  for (const row of candidates) {
    const group = row.duplicateOf ?? row.id;
    groupVat.set(group, new Set([...(groupVat.get(group) ?? []), ...vatIds([row.taxId, row.sellerTaxId])]));
  }
  const match = candidates.find((row) => {
    if (!figuresAgree(row)) return false;
    if (conflicts(groupVat.get(row.duplicateOf ?? row.id) ?? new Set())) return false;
    const theirs = sellerIds([row.sellerTaxId, row.taxId, row.taxNumber]);
    if (ours.size > 0 && theirs.size > 0) return [...ours].some((id) => theirs.has(id));
    return (row.sellerName ?? '') === (key.seller?.name ?? '');
  });
  return match && found(match);
}

export interface ReceivedFilter {
  status?: ReceivedStatus;
  /** Part of the seller's name or tax id, case-insensitive. */
  seller?: string;
  issuedFrom?: string;
  issuedTo?: string;
  valid?: boolean;
  source?: ReceivedSourceKind;
}

/**
 * LIKE patterns for a part of a seller's name, in any case on either engine (SQLite's lower() and LIKE fold
 * ASCII only: a letter such as Ö stands for any one character), and of its tax id without blanks
 * ("DE 999 999 999" finds DE999999999).
 */
function sellerPatterns(text: string): { name: string; taxId: string } {
  const plain = text.replace(/[%_\\]/g, '');
  const name = [...plain.toLowerCase()]
    .map((c) => (c.charCodeAt(0) > 0x7f && c.toUpperCase() !== c.toLowerCase() ? '_' : c))
    .join('');
  return { name: `%${name}%`, taxId: `%${plain.toUpperCase().replace(/\s/g, '')}%` };
}

export async function listReceived(
  db: DbOrTx,
  accountId: string,
  filter: ReceivedFilter,
  page: PageRequest,
): Promise<ReceivedDocumentRow[]> {
  const seller = filter.seller === undefined ? undefined : sellerPatterns(filter.seller);
  const conditions = [
    eq(rd.accountId, accountId),
    filter.status === undefined ? undefined : eq(rd.status, filter.status),
    seller === undefined
      ? undefined
      : or(
          like(sql`lower(${rd.sellerName})`, seller.name),
          like(sql`replace(upper(${rd.sellerTaxId}), ' ', '')`, seller.taxId),
        ),
    filter.issuedFrom === undefined ? undefined : gte(rd.issueDate, filter.issuedFrom),
    filter.issuedTo === undefined ? undefined : lte(rd.issueDate, filter.issuedTo),
    filter.valid === undefined ? undefined : eq(rd.valid, filter.valid),
    filter.source === undefined ? undefined : eq(rd.source, filter.source),
    page.after === null ? undefined : lt(rd.id, page.after),
  ];
  return await db
    .select()
    .from(rd)
    .where(and(...conditions))
    .orderBy(desc(rd.id))
    .limit(page.limit + 1)
    .all();
}

export async function updateReceived(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<Pick<ReceivedDocumentRow, 'status' | 'note' | 'amountPaid' | 'updatedAt'>>,
): Promise<ReceivedDocumentRow | undefined> {
  return await db
    .update(rd)
    .set(changes)
    .where(scoped(rd, accountId, id))
    .returning()
    .get();
}

export async function deleteReceivedRow(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<ReceivedDocumentRow | undefined> {
  return await db
    .delete(rd)
    .where(scoped(rd, accountId, id))
    .returning()
    .get();
}

export async function insertReceivedPayment(
  db: DbOrTx,
  row: ReceivedPaymentRow,
): Promise<ReceivedPaymentRow> {
  return await db.insert(rp).values(row).returning().get();
}

/** Every payment of one received document, newest first. */
export async function paymentsOfReceived(
  db: DbOrTx,
  accountId: string,
  receivedId: string,
): Promise<ReceivedPaymentRow[]> {
  return await db
    .select()
    .from(rp)
    .where(and(eq(rp.accountId, accountId), eq(rp.receivedDocumentId, receivedId)))
    .orderBy(desc(rp.id))
    .all();
}

export async function findReceivedPayment(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<ReceivedPaymentRow | undefined> {
  return await db
    .select()
    .from(rp)
    .where(and(eq(rp.accountId, accountId), eq(rp.id, id)))
    .get();
}

export async function deleteReceivedPaymentRow(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(rp)
        .where(and(eq(rp.accountId, accountId), eq(rp.id, id)))
        .returning({ id: rp.id })
        .all()
    ).length > 0
  );
}

/**
 * What the reports read: the account's received documents that count in them (not rejected, and of an
 * invoice's files the one that counts: copies.ts), a page at a time, newest first (as `listReceived` pages).
 */
export async function receivedForReports(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
): Promise<ReceivedDocumentRow[]> {
  return await db
    .select()
    .from(rd)
    .where(
      and(
        eq(rd.accountId, accountId),
        ne(rd.status, 'rejected'),
        isNull(rd.duplicateOf),
        page.after === null ? undefined : lt(rd.id, page.after),
      ),
    )
    .orderBy(desc(rd.id))
    .limit(page.limit + 1)
    .all();
}

/**
 * What the reports read: the account's payments to suppliers dated on or before `dateTo`, a page at a
 * time, newest first.
 */
export async function receivedPaymentsForReports(
  db: DbOrTx,
  accountId: string,
  dateTo: string,
  page: PageRequest,
): Promise<ReceivedPaymentRow[]> {
  return await db
    .select()
    .from(rp)
    .where(
      and(
        eq(rp.accountId, accountId),
        lte(rp.date, dateTo),
        page.after === null ? undefined : lt(rp.id, page.after),
      ),
    )
    .orderBy(desc(rp.id))
    .limit(page.limit + 1)
    .all();
}

/** How many of the account's received documents are in `status` ('received': waiting for approval). */
export async function countReceivedInStatus(
  db: DbOrTx,
  accountId: string,
  status: ReceivedStatus,
): Promise<number> {
  // An invoice received as several files waits once: as its file that counts (copies.ts).
  const where = and(eq(rd.accountId, accountId), eq(rd.status, status), isNull(rd.duplicateOf));
  return (await db.select({ n: count() }).from(rd).where(where).get())?.n ?? 0;
}

/**
 * The received documents a DATEV batch books, issued after `after` (YYYY-MM-DD; every one when null): how
 * many, and the earliest issue date among them. Booked as the export books them: not rejected, with an
 * issue date, and of an invoice's several files the one that counts (copies.ts).
 */
export async function receivedAfter(
  db: DbOrTx,
  accountId: string,
  /** The exports' condition (docs/office.md): a document none of them held counts. */
  notExportedBy: NotExportedBy,
): Promise<{ count: number; first: string | null }> {
  const row = await db
    .select({ n: count(), first: min(rd.issueDate) })
    .from(rd)
    .where(
      and(
        eq(rd.accountId, accountId),
        ne(rd.status, 'rejected'),
        isNotNull(rd.issueDate),
        isNull(rd.duplicateOf),
        notExportedBy(rd.issueDate, rd.createdAt),
      ),
    )
    .get();
  return { count: row?.n ?? 0, first: row?.first ?? null };
}
