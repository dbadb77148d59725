// The queries of the reports (modules/reports) and the office overview: which issued documents count, and
// the counts the overview shows.
import { and, count, eq, gte, inArray, isNull, lt, lte, min, ne, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';
import type { NotExportedBy } from '../../db/exported-periods';
import type { PageRequest } from '../../shared/pagination';
import { documentsPage } from './repo';
import { type DocumentRow, documents } from './schema';

/**
 * The one place that says which issued documents count in the reports (modules/reports), for
 * `issuedForReports` and the summing readers of report-sums.ts: the account's documents that are finalized,
 * sent, paid or archived and not voided (`voided_at` unset, whatever the status). Of `table` (the
 * documents, or an alias of them in a self-join).
 */
export function countedIssued(
  table: { accountId: AnySQLiteColumn; status: AnySQLiteColumn; voidedAt: AnySQLiteColumn },
  accountId: string,
): SQL | undefined {
  return and(
    eq(table.accountId, accountId),
    inArray(table.status, ['finalized', 'sent', 'paid', 'archived']),
    isNull(table.voidedAt),
  );
}

/**
 * What the reports read (modules/reports), and which issued documents count in them (`countedIssued`):
 * invoices and credit notes that are finalized, sent, paid or archived (neither drafts, quotes nor voided),
 * optionally of one customer and issued in a range. A page at a time, newest first, as `listDocuments` pages.
 * Voided means `voided_at` set, whatever the status: a cancelled invoice filed away (archived keeps
 * `voided_at`) is no claim and no revenue either.
 */
export async function issuedForReports(
  db: DbOrTx,
  accountId: string,
  filters: { customerId?: string; issuedFrom?: string; issuedTo?: string },
  page: PageRequest,
): Promise<DocumentRow[]> {
  const conditions: (SQL | undefined)[] = [
    countedIssued(documents, accountId),
    inArray(documents.documentType, ['invoice', 'credit_note']),
  ];
  if (filters.customerId) conditions.push(eq(documents.customerId, filters.customerId));
  if (filters.issuedFrom) conditions.push(gte(documents.issueDate, filters.issuedFrom));
  if (filters.issuedTo) conditions.push(lte(documents.issueDate, filters.issuedTo));
  if (page.after !== null) conditions.push(lt(documents.id, page.after));
  return await documentsPage(db, conditions, page);
}

/** How many drafts the account has, of any document type (the office overview). */
export async function countDrafts(db: DbOrTx, accountId: string): Promise<number> {
  const where = and(eq(documents.accountId, accountId), eq(documents.status, 'draft'));
  return (await db.select({ n: count() }).from(documents).where(where).get())?.n ?? 0;
}

/**
 * The documents of `types` that left draft (void ones too: they were issued), issued after `after`
 * (YYYY-MM-DD; every one when null): how many, and the earliest issue date among them. What the office
 * overview counts as not exported to DATEV yet; exports says which types are bookings.
 */
export async function issuedAfter(
  db: DbOrTx,
  accountId: string,
  types: readonly string[],
  /** The exports' condition (docs/office.md): a document none of them held counts. */
  notExportedBy: NotExportedBy,
): Promise<{ count: number; first: string | null }> {
  const row = await db
    .select({ n: count(), first: min(documents.issueDate) })
    .from(documents)
    .where(
      and(
        eq(documents.accountId, accountId),
        inArray(documents.documentType, [...types]),
        ne(documents.status, 'draft'),
        notExportedBy(documents.issueDate, documents.finalizedAt),
      ),
    )
    .get();
  return { count: row?.n ?? 0, first: row?.first ?? null };
}
