import { and, desc, eq, gte, inArray, isNull, lt, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { LinkRows } from '../../db/links';
import { preparedPerHandle } from '../../db/prepared';
import { scopedByPlaceholders } from '../../db/scoped';
import type { PageRequest } from '../../shared/pagination';
import { type BusinessProfileRow, businessProfiles } from '../business-profiles';
import { type CustomerRow, customers } from '../customers';
import { DOCUMENT_TYPE_IDS, getDocumentType } from '../reference';
import { type DocumentRow, type DocumentStatus, documents, type NewDocumentRow } from './schema';
import { decimalParts, normalizedParts, plusParts, type SqlParts } from './sql-money';

const scoped = (accountId: string, id: string) =>
  and(eq(documents.accountId, accountId), eq(documents.id, id));

const PAYABLE_TYPES = DOCUMENT_TYPE_IDS.filter((type) => getDocumentType(type)?.payable === true);

export interface DocumentFilters {
  documentType?: string;
  status?: DocumentStatus;
  customerId?: string;
  /** Only those naming this document as their source (a quote's invoices, an invoice's credit notes). */
  sourceDocumentId?: string;
  updatedSince?: string;
  /** Issue dates from and to, both included (YYYY-MM-DD). */
  issuedFrom?: string;
  issuedTo?: string;
  /**
   * Only payable documents, finalized or sent, with an amount due, due before this date (YYYY-MM-DD), or
   * before each seller's own date (`SellerDates`: the business profiles whose today is another day).
   */
  overdueOn?: string | SellerDates;
  /** Only documents another module's link ties to `id` (`?cost_centre_id=`: src/http/links.ts). */
  linkedTo?: readonly { rows: LinkRows; id: string }[];
}

/** Today by each seller's calendar: `today` for every document but those of the profiles listed, whose own date is given. */
export interface SellerDates {
  today: string;
  others: readonly { date: string; profileIds: readonly string[] }[];
}

/** Due before the seller's today: one date for all, or each listed profile's own and `today` for the rest. */
function dueBefore(today: string | SellerDates): SQL | undefined {
  if (typeof today === 'string') return lt(documents.dueDate, today);
  const listed = today.others.flatMap((o) => o.profileIds);
  if (listed.length === 0) return lt(documents.dueDate, today.today);
  return or(
    and(notInArray(documents.businessProfileId, listed), lt(documents.dueDate, today.today)),
    ...today.others.map((o) =>
      and(inArray(documents.businessProfileId, [...o.profileIds]), lt(documents.dueDate, o.date)),
    ),
  );
}

/**
 * Overdue in SQL without a float: what is still due, the totals' amount due less the payments and what the
 * credit notes set against it (`amount_due` of docs/payments.md), is above zero. A finalized or sent invoice
 * mostly owes its whole amount due, but SPEC 3 restores an archived paid invoice to `finalized` with its
 * payments kept. Summed exactly as whole units and ten-billionths (sql-money.ts; json_extract is SQLite's,
 * and the PostgreSQL migrations define it).
 */
function overdueOn(today: string | SellerDates, payableTypes: readonly string[]): SQL | undefined {
  const minus = ({ units, parts }: SqlParts): SqlParts => ({
    units: sql`-(${units})`,
    parts: sql`-(${parts})`,
  });
  // The amount due read from the JSON once (decimalParts repeats its value), in a row of its own.
  const open = normalizedParts(
    plusParts(
      decimalParts(sql.raw('due.owed')),
      minus(decimalParts(sql.raw('due.paid'))),
      minus(decimalParts(sql.raw('due.credited'))),
    ),
  );
  return and(
    inArray(documents.documentType, [...payableTypes]),
    inArray(documents.status, ['finalized', 'sent']),
    dueBefore(today),
    sql`EXISTS (SELECT 1 FROM (SELECT coalesce(json_extract(${documents.totals}, '$.amount_due'), json_extract(${documents.totals}, '$.total')) AS owed,
      ${documents.amountPaid} AS paid, ${documents.amountCredited} AS credited) AS due
      WHERE (${open.units}) > 0 OR ((${open.units}) = 0 AND (${open.parts}) > 0))`,
  );
}

export async function insertDocument(db: DbOrTx, row: NewDocumentRow): Promise<DocumentRow> {
  return await db.insert(documents).values(row).returning().get();
}

const documentById = preparedPerHandle((db) =>
  db.select().from(documents).where(scopedByPlaceholders(documents)).prepare(),
);

export async function findDocument(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  return await documentById(db).get({ accountId, id });
}

const documentWithPartyRows = preparedPerHandle((db) =>
  db
    .select({ document: documents, profile: businessProfiles, customer: customers })
    .from(documents)
    .leftJoin(
      businessProfiles,
      and(
        eq(businessProfiles.accountId, documents.accountId),
        eq(businessProfiles.id, documents.businessProfileId),
      ),
    )
    .leftJoin(
      customers,
      and(eq(customers.accountId, documents.accountId), eq(customers.id, documents.customerId)),
    )
    .where(scopedByPlaceholders(documents))
    .prepare(),
);

/**
 * A document with its business profile and customer rows as they are now, in one statement built once:
 * what a read of a draft shows (its live parties); a finalized document's parties are frozen in its data,
 * the joined rows unused. A profile or customer that is gone is null.
 */
export async function findDocumentWithPartyRows(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<
  { document: DocumentRow; profile: BusinessProfileRow | null; customer: CustomerRow | null } | undefined
> {
  return await documentWithPartyRows(db).get({ accountId, id });
}

export async function findDocumentByNumber(
  db: DbOrTx,
  accountId: string,
  number: string,
): Promise<DocumentRow | undefined> {
  return await db
    .select()
    .from(documents)
    .where(and(eq(documents.accountId, accountId), eq(documents.number, number)))
    .get();
}

/** The account's document numbers that begin with `begins` (a sequence's numbers of one year). */
export async function numbersBeginningWith(db: DbOrTx, accountId: string, begins: string): Promise<string[]> {
  const rows = await db
    .select({ number: documents.number })
    .from(documents)
    .where(
      and(
        eq(documents.accountId, accountId),
        sql`substr(${documents.number}, 1, ${begins.length}) = ${begins}`,
      ),
    )
    .all();
  return rows.map((r) => r.number);
}

/** Which of `numbers` the account already uses, with the id holding each; 500 numbers per query. */
export async function findDocumentIdsByNumbers(
  db: DbOrTx,
  accountId: string,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const taken = new Map<string, string>();
  for (let i = 0; i < numbers.length; i += 500) {
    const rows = await db
      .select({ id: documents.id, number: documents.number })
      .from(documents)
      .where(and(eq(documents.accountId, accountId), inArray(documents.number, numbers.slice(i, i + 500))))
      .all();
    for (const row of rows) taken.set(row.number, row.id);
  }
  return taken;
}

/**
 * A page of documents, newest first: the page's ids chosen in a subquery, then their rows by primary key, in
 * one statement. A filter the planner answers from another index (updated_since, issue dates) sorts every
 * match by id, and sorting whole rows (`data` is kilobytes each) held the event loop for 0.7 s at 60,000
 * documents on SQLite; sorting ids takes a tenth of that. Two statements (ids, then `id IN (...)` with the
 * filters again) let PostgreSQL's generic plan read the rows through the filter's index and drop all but the
 * page's: 25-50 ms a page at 20,000 invoices, a DATEV export of them 20 s.
 */
export async function documentsPage(
  db: DbOrTx,
  conditions: (SQL | undefined)[],
  page: PageRequest,
): Promise<DocumentRow[]> {
  const ids = db
    .select({ id: documents.id })
    .from(documents)
    .where(and(...conditions))
    .orderBy(desc(documents.id))
    .limit(page.limit + 1);
  return await db
    .select()
    .from(documents)
    .where(inArray(documents.id, ids))
    .orderBy(desc(documents.id))
    .all();
}

export async function listDocuments(
  db: DbOrTx,
  accountId: string,
  filters: DocumentFilters,
  page: PageRequest,
) {
  const conditions: (SQL | undefined)[] = [eq(documents.accountId, accountId)];
  if (filters.documentType) conditions.push(eq(documents.documentType, filters.documentType));
  if (filters.status) conditions.push(eq(documents.status, filters.status));
  if (filters.customerId) conditions.push(eq(documents.customerId, filters.customerId));
  if (filters.sourceDocumentId) conditions.push(eq(documents.sourceDocumentId, filters.sourceDocumentId));
  if (filters.updatedSince) conditions.push(gte(documents.updatedAt, filters.updatedSince));
  if (filters.issuedFrom) conditions.push(gte(documents.issueDate, filters.issuedFrom));
  if (filters.issuedTo) conditions.push(lte(documents.issueDate, filters.issuedTo));
  if (filters.overdueOn) conditions.push(overdueOn(filters.overdueOn, PAYABLE_TYPES));
  for (const { rows, id } of filters.linkedTo ?? []) {
    conditions.push(inArray(documents.id, rows.keysOf(accountId, id)));
  }
  if (page.after !== null) conditions.push(lt(documents.id, page.after));
  return await documentsPage(db, conditions, page);
}

/**
 * Writes only while the document is still in `expectedStatus`: a concurrent finalize and edit cannot both
 * win. Undefined when the status moved on (or the document is gone).
 */
export async function updateDocumentIfStatus(
  db: DbOrTx,
  accountId: string,
  id: string,
  expectedStatus: DocumentStatus,
  changes: Partial<Omit<DocumentRow, 'id' | 'accountId' | 'createdAt'>>,
): Promise<DocumentRow | undefined> {
  return await db
    .update(documents)
    .set(changes)
    .where(and(scoped(accountId, id), eq(documents.status, expectedStatus)))
    .returning()
    .get();
}

/**
 * Writes only while the document is still exactly as `read` (its status and `updated_at`): for work that read
 * the row outside the transaction that writes it (finalize, its check in between). Undefined when it was
 * written since (or is gone).
 */
export async function updateDocumentIfUnchanged(
  db: DbOrTx,
  accountId: string,
  read: Pick<DocumentRow, 'id' | 'status' | 'updatedAt'>,
  changes: Partial<Omit<DocumentRow, 'id' | 'accountId' | 'createdAt'>>,
): Promise<DocumentRow | undefined> {
  return await db
    .update(documents)
    .set(changes)
    .where(
      and(
        scoped(accountId, read.id),
        eq(documents.status, read.status),
        eq(documents.updatedAt, read.updatedAt),
      ),
    )
    .returning()
    .get();
}

export async function deleteDraft(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(documents)
        .where(and(scoped(accountId, id), eq(documents.status, 'draft')))
        .returning({ id: documents.id })
        .all()
    ).length > 0
  );
}

/** The credit notes naming `invoiceId` as their source document, any status. */
export async function creditNotesOf(
  db: DbOrTx,
  accountId: string,
  invoiceId: string,
): Promise<DocumentRow[]> {
  return await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountId, accountId),
        eq(documents.sourceDocumentId, invoiceId),
        eq(documents.documentType, 'credit_note'),
      ),
    )
    .all();
}

/**
 * The customer's invoices that are not void (nor archived once voided), any other status (drafts too), but
 * `exceptId`: those whose
 * `deductions` name an invoice deduct it (use-cases/deducted-invoices.ts).
 */
export async function liveInvoicesOfCustomer(
  db: DbOrTx,
  accountId: string,
  customerId: string,
  exceptId: string | null,
): Promise<Pick<DocumentRow, 'id' | 'number' | 'status' | 'data'>[]> {
  const conditions = [
    eq(documents.accountId, accountId),
    eq(documents.customerId, customerId),
    eq(documents.documentType, 'invoice'),
    ne(documents.status, 'void'),
    // Archived after it was voided: no more live than void.
    isNull(documents.voidedAt),
  ];
  if (exceptId !== null) conditions.push(ne(documents.id, exceptId));
  return await db
    .select({ id: documents.id, number: documents.number, status: documents.status, data: documents.data })
    .from(documents)
    .where(and(...conditions))
    .all();
}
