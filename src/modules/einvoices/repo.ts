import { and, asc, desc, eq, gte, like, lt, lte, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import {
  type ReceivedDocumentRow,
  type ReceivedPaymentRow,
  type ReceivedSourceKind,
  type ReceivedStatus,
  receivedDocuments as rd,
  receivedPayments as rp,
} from './schema';

const scoped = (accountId: string, id: string) => and(eq(rd.accountId, accountId), eq(rd.id, id));

export const receivedBlobKey = (accountId: string, id: string) => `received/${accountId}/${id}`;

export function insertReceived(db: DbOrTx, row: ReceivedDocumentRow): ReceivedDocumentRow {
  return db.insert(rd).values(row).returning().get();
}

export function findReceived(db: DbOrTx, accountId: string, id: string): ReceivedDocumentRow | undefined {
  return db.select().from(rd).where(scoped(accountId, id)).get();
}

export function findReceivedBySha(
  db: DbOrTx,
  accountId: string,
  sha256: string,
): ReceivedDocumentRow | undefined {
  return db
    .select()
    .from(rd)
    .where(and(eq(rd.accountId, accountId), eq(rd.sha256, sha256)))
    .get();
}

/** The first one received with this seller, number and issue date (another file of the same invoice). */
export function findSameInvoice(
  db: DbOrTx,
  accountId: string,
  key: { invoiceNumber: string; issueDate: string; sellerTaxId: string | null; sellerName: string | null },
): ReceivedDocumentRow | undefined {
  const seller =
    key.sellerTaxId !== null ? eq(rd.sellerTaxId, key.sellerTaxId) : eq(rd.sellerName, key.sellerName ?? '');
  return db
    .select()
    .from(rd)
    .where(
      and(
        eq(rd.accountId, accountId),
        eq(rd.invoiceNumber, key.invoiceNumber),
        eq(rd.issueDate, key.issueDate),
        seller,
      ),
    )
    .orderBy(asc(rd.id))
    .get();
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

export function listReceived(
  db: DbOrTx,
  accountId: string,
  filter: ReceivedFilter,
  page: PageRequest,
): ReceivedDocumentRow[] {
  const pattern = filter.seller === undefined ? undefined : `%${filter.seller.replace(/[%_\\]/g, '')}%`;
  const conditions = [
    eq(rd.accountId, accountId),
    filter.status === undefined ? undefined : eq(rd.status, filter.status),
    pattern === undefined ? undefined : or(like(rd.sellerName, pattern), like(rd.sellerTaxId, pattern)),
    filter.issuedFrom === undefined ? undefined : gte(rd.issueDate, filter.issuedFrom),
    filter.issuedTo === undefined ? undefined : lte(rd.issueDate, filter.issuedTo),
    filter.valid === undefined ? undefined : eq(rd.valid, filter.valid),
    filter.source === undefined ? undefined : eq(rd.source, filter.source),
    page.after === null ? undefined : lt(rd.id, page.after),
  ];
  return db
    .select()
    .from(rd)
    .where(and(...conditions))
    .orderBy(desc(rd.id))
    .limit(page.limit + 1)
    .all();
}

export function updateReceived(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<Pick<ReceivedDocumentRow, 'status' | 'note' | 'amountPaid' | 'updatedAt'>>,
): ReceivedDocumentRow | undefined {
  return db.update(rd).set(changes).where(scoped(accountId, id)).returning().get();
}

export function deleteReceivedRow(
  db: DbOrTx,
  accountId: string,
  id: string,
): ReceivedDocumentRow | undefined {
  return db.delete(rd).where(scoped(accountId, id)).returning().get();
}

export function insertReceivedPayment(db: DbOrTx, row: ReceivedPaymentRow): ReceivedPaymentRow {
  return db.insert(rp).values(row).returning().get();
}

/** Every payment of one received document, newest first. */
export function paymentsOfReceived(db: DbOrTx, accountId: string, receivedId: string): ReceivedPaymentRow[] {
  return db
    .select()
    .from(rp)
    .where(and(eq(rp.accountId, accountId), eq(rp.receivedDocumentId, receivedId)))
    .orderBy(desc(rp.id))
    .all();
}

export function findReceivedPayment(
  db: DbOrTx,
  accountId: string,
  id: string,
): ReceivedPaymentRow | undefined {
  return db
    .select()
    .from(rp)
    .where(and(eq(rp.accountId, accountId), eq(rp.id, id)))
    .get();
}

export function deleteReceivedPaymentRow(db: DbOrTx, accountId: string, id: string): boolean {
  return (
    db
      .delete(rp)
      .where(and(eq(rp.accountId, accountId), eq(rp.id, id)))
      .returning({ id: rp.id })
      .all().length > 0
  );
}

/** What the reports read: the account's received documents that count (not rejected). */
export function receivedForReports(db: DbOrTx, accountId: string): ReceivedDocumentRow[] {
  return db
    .select()
    .from(rd)
    .where(and(eq(rd.accountId, accountId), ne(rd.status, 'rejected')))
    .orderBy(asc(rd.issueDate), asc(rd.id))
    .all();
}

/** What the reports read: the account's payments to suppliers dated on or before `dateTo`. */
export function receivedPaymentsForReports(
  db: DbOrTx,
  accountId: string,
  dateTo: string,
): ReceivedPaymentRow[] {
  return db
    .select()
    .from(rp)
    .where(and(eq(rp.accountId, accountId), lte(rp.date, dateTo)))
    .orderBy(asc(rp.date), asc(rp.id))
    .all();
}
