import { and, desc, eq, isNotNull, isNull, lt, lte, max, min, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { PageRequest } from '../../shared/pagination';
import {
  type RecurringInvoiceRow,
  type RecurringOccurrenceRow,
  type RecurringStatus,
  recurringInvoices,
  recurringOccurrences,
} from './schema';

export type RecurringChanges = Partial<Omit<RecurringInvoiceRow, 'id' | 'accountId' | 'createdAt'>>;

export async function insertRecurring(db: DbOrTx, row: RecurringInvoiceRow): Promise<RecurringInvoiceRow> {
  return await db.insert(recurringInvoices).values(row).returning().get();
}

export async function findRecurring(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<RecurringInvoiceRow | undefined> {
  return await db
    .select()
    .from(recurringInvoices)
    .where(scoped(recurringInvoices, accountId, id))
    .get();
}

export async function listRecurring(
  db: DbOrTx,
  accountId: string,
  filters: { status?: RecurringStatus },
  page: PageRequest,
): Promise<RecurringInvoiceRow[]> {
  const conditions: (SQL | undefined)[] = [eq(recurringInvoices.accountId, accountId)];
  if (filters.status) conditions.push(eq(recurringInvoices.status, filters.status));
  if (page.after !== null) conditions.push(lt(recurringInvoices.id, page.after));
  return await db
    .select()
    .from(recurringInvoices)
    .where(and(...conditions))
    .orderBy(desc(recurringInvoices.id))
    .limit(page.limit + 1)
    .all();
}

export async function updateRecurring(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: RecurringChanges,
): Promise<RecurringInvoiceRow | undefined> {
  return await db
    .update(recurringInvoices)
    .set(changes)
    .where(scoped(recurringInvoices, accountId, id))
    .returning()
    .get();
}

export type DueCandidate = Pick<
  RecurringInvoiceRow,
  'id' | 'accountId' | 'businessProfileId' | 'nextOccurrenceDate'
>;

/**
 * Active schedules due on or before `latest` that are not blocked by a failure: the background source's
 * query, run on every poll, so it reads only the (status, next_occurrence_date) index range and four columns.
 */
export async function findDueCandidates(db: DbOrTx, latest: string): Promise<DueCandidate[]> {
  return await db
    .select({
      id: recurringInvoices.id,
      accountId: recurringInvoices.accountId,
      businessProfileId: recurringInvoices.businessProfileId,
      nextOccurrenceDate: recurringInvoices.nextOccurrenceDate,
    })
    .from(recurringInvoices)
    .where(
      and(
        eq(recurringInvoices.status, 'active'),
        isNotNull(recurringInvoices.nextOccurrenceDate),
        lte(recurringInvoices.nextOccurrenceDate, latest),
        isNull(recurringInvoices.lastError),
      ),
    )
    .all();
}

/** For the job, which knows the schedule only by id; the account comes from the row. */
export async function findRecurringForJob(db: DbOrTx, id: string): Promise<RecurringInvoiceRow | undefined> {
  return await db.select().from(recurringInvoices).where(eq(recurringInvoices.id, id)).get();
}

export async function recordFailure(db: DbOrTx, id: string, message: string, at: string): Promise<void> {
  await db
    .update(recurringInvoices)
    .set({ lastError: message, updatedAt: at })
    .where(eq(recurringInvoices.id, id))
    .run();
}

export async function insertOccurrence(db: DbOrTx, row: RecurringOccurrenceRow): Promise<void> {
  await db.insert(recurringOccurrences).values(row).run();
}

/** The latest occurrence a schedule generated (its date and invoice), or null before its first. */
export async function lastOccurrence(
  db: DbOrTx,
  recurringInvoiceId: string,
): Promise<{ occurrenceDate: string; documentId: string } | null> {
  const row = await db
    .select({
      occurrenceDate: recurringOccurrences.occurrenceDate,
      documentId: recurringOccurrences.documentId,
    })
    .from(recurringOccurrences)
    .where(eq(recurringOccurrences.recurringInvoiceId, recurringInvoiceId))
    .orderBy(desc(recurringOccurrences.occurrenceDate))
    .limit(1)
    .get();
  return row ?? null;
}

/** The latest date generated for a schedule, or null before its first occurrence. */
export async function lastOccurrenceDate(db: DbOrTx, recurringInvoiceId: string): Promise<string | null> {
  const row = await db
    .select({ last: max(recurringOccurrences.occurrenceDate) })
    .from(recurringOccurrences)
    .where(eq(recurringOccurrences.recurringInvoiceId, recurringInvoiceId))
    .get();
  return row?.last ?? null;
}

/**
 * The earliest date generated for a schedule, or null before its first occurrence: where it started, when a
 * change of rhythm has moved its anchor (`start_date`) on since.
 */
export async function firstOccurrenceDate(db: DbOrTx, recurringInvoiceId: string): Promise<string | null> {
  const row = await db
    .select({ first: min(recurringOccurrences.occurrenceDate) })
    .from(recurringOccurrences)
    .where(eq(recurringOccurrences.recurringInvoiceId, recurringInvoiceId))
    .get();
  return row?.first ?? null;
}

/** Newest first (occurrence date, then document id); the page key is `<date>|<document id>`. */
export async function listOccurrences(
  db: DbOrTx,
  recurringInvoiceId: string,
  page: PageRequest,
): Promise<RecurringOccurrenceRow[]> {
  const conditions: (SQL | undefined)[] = [eq(recurringOccurrences.recurringInvoiceId, recurringInvoiceId)];
  if (page.after !== null) {
    const [date = '', documentId = ''] = page.after.split('|');
    conditions.push(
      or(
        lt(recurringOccurrences.occurrenceDate, date),
        and(eq(recurringOccurrences.occurrenceDate, date), lt(recurringOccurrences.documentId, documentId)),
      ),
    );
  }
  return await db
    .select()
    .from(recurringOccurrences)
    .where(and(...conditions))
    .orderBy(desc(recurringOccurrences.occurrenceDate), desc(recurringOccurrences.documentId))
    .limit(page.limit + 1)
    .all();
}

export const occurrencePageKey = (row: RecurringOccurrenceRow) => `${row.occurrenceDate}|${row.documentId}`;

export async function findOccurrence(
  db: DbOrTx,
  recurringInvoiceId: string,
  occurrenceDate: string,
): Promise<RecurringOccurrenceRow | undefined> {
  return await db
    .select()
    .from(recurringOccurrences)
    .where(
      and(
        eq(recurringOccurrences.recurringInvoiceId, recurringInvoiceId),
        eq(recurringOccurrences.occurrenceDate, occurrenceDate),
      ),
    )
    .get();
}

/** Records the outcome of an occurrence's e-mail, once: only while neither a delivery nor an error is set. */
export async function recordOccurrenceSend(
  db: DbOrTx,
  recurringInvoiceId: string,
  occurrenceDate: string,
  outcome: { deliveryId: string } | { sendError: string },
): Promise<boolean> {
  const row = await db
    .update(recurringOccurrences)
    .set(outcome)
    .where(
      and(
        eq(recurringOccurrences.recurringInvoiceId, recurringInvoiceId),
        eq(recurringOccurrences.occurrenceDate, occurrenceDate),
        isNull(recurringOccurrences.deliveryId),
        isNull(recurringOccurrences.sendError),
      ),
    )
    .returning()
    .get();
  return row !== undefined;
}
