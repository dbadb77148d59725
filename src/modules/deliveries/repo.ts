import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { PageRequest } from '../../shared/pagination';
import { type DeliveryRow, type DeliveryStatus, deliveries } from './schema';

export async function insertDelivery(db: DbOrTx, row: DeliveryRow): Promise<DeliveryRow> {
  return await db.insert(deliveries).values(row).returning().get();
}

export async function findDelivery(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  return await db
    .select()
    .from(deliveries)
    .where(scoped(deliveries, accountId, id))
    .get();
}

/** Every delivery carrying the letter stored at `letterBlobKey` (a reminder's first one and its retries). */
export async function deliveriesOfLetter(
  db: DbOrTx,
  accountId: string,
  letterBlobKey: string,
): Promise<DeliveryRow[]> {
  return await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.accountId, accountId), eq(deliveries.letterBlobKey, letterBlobKey)))
    .all();
}

export interface DeliveryFilters {
  documentId?: string;
  status?: DeliveryStatus;
}

/** The newest delivery of a document itself (not a reminder's letter), if it was ever sent. */
export async function documentDelivery(
  db: DbOrTx,
  accountId: string,
  documentId: string,
): Promise<DeliveryRow | undefined> {
  return await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.accountId, accountId),
        eq(deliveries.documentId, documentId),
        isNull(deliveries.letterBlobKey),
      ),
    )
    .orderBy(desc(deliveries.id))
    .limit(1)
    .get();
}

/**
 * The first e-mail of a document itself (not a reminder's letter) that went out by `before` and was not
 * refused (`sent` or `delivered`): what a later e-mail of it is a copy of.
 */
export async function firstDocumentSending(
  db: DbOrTx,
  accountId: string,
  documentId: string,
  before: string,
): Promise<DeliveryRow | undefined> {
  return await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.accountId, accountId),
        eq(deliveries.documentId, documentId),
        isNull(deliveries.letterBlobKey),
        inArray(deliveries.status, ['sent', 'delivered']),
        isNotNull(deliveries.sentAt),
        lte(deliveries.sentAt, before),
      ),
    )
    .orderBy(asc(deliveries.sentAt))
    .limit(1)
    .get();
}

/** Newest first; the id is time-ordered, so it is the sort key and the cursor. */
export async function listDeliveries(
  db: DbOrTx,
  accountId: string,
  filters: DeliveryFilters,
  page: PageRequest,
) {
  const conditions: (SQL | undefined)[] = [eq(deliveries.accountId, accountId)];
  if (filters.documentId) conditions.push(eq(deliveries.documentId, filters.documentId));
  if (filters.status) conditions.push(eq(deliveries.status, filters.status));
  if (page.after !== null) conditions.push(lt(deliveries.id, page.after));
  return await db
    .select()
    .from(deliveries)
    .where(and(...conditions))
    .orderBy(desc(deliveries.id))
    .limit(page.limit + 1)
    .all();
}

export type DeliveryOutcome =
  | { status: 'sent'; sentAt: string; messageId: string; errorMessage: string | null }
  | { status: 'failed' | 'bounced'; errorMessage: string };

/**
 * Moves a queued delivery to its outcome; false when it was no longer queued (an earlier run finished it),
 * so two runs racing on one delivery can never both record a result.
 */
export async function finishDelivery(
  db: DbOrTx,
  accountId: string,
  id: string,
  outcome: DeliveryOutcome,
  now: string,
): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    .set({ ...outcome, updatedAt: now })
    .where(and(scoped(deliveries, accountId, id), eq(deliveries.status, 'queued')))
    .returning({ id: deliveries.id })
    .all();
  return rows.length > 0;
}

/** While retrying: why the last attempt failed, so a client polling the delivery sees what is going on. */
export async function noteAttemptError(
  db: DbOrTx,
  accountId: string,
  id: string,
  reason: string,
  now: string,
): Promise<void> {
  await db
    .update(deliveries)
    .set({ errorMessage: reason, updatedAt: now })
    .where(and(scoped(deliveries, accountId, id), eq(deliveries.status, 'queued')))
    .run();
}

/**
 * A bounce that came back after the server took the mail (docs/deliveries.md): the delivery moves from the
 * status and reason it was read with to `next`, or not at all when another reader changed it meanwhile.
 */
export async function noteLateBounce(
  db: DbOrTx,
  accountId: string,
  id: string,
  read: { status: DeliveryStatus; errorMessage: string | null },
  next: { status: DeliveryStatus; errorMessage: string },
  now: string,
): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    .set({ ...next, updatedAt: now })
    .where(
      and(
        scoped(deliveries, accountId, id),
        eq(deliveries.status, read.status),
        read.errorMessage === null
          ? isNull(deliveries.errorMessage)
          : eq(deliveries.errorMessage, read.errorMessage),
      ),
    )
    .returning({ id: deliveries.id })
    .all();
  return rows.length > 0;
}
