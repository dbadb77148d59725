import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import { type BatchItemRow, type BatchRow, type BatchStatus, batches, batchItems } from './schema';

// 12 columns per item: 400 rows stay well under SQLite's bound-parameter limit.
const INSERT_CHUNK = 400;

const scoped = (accountId: string, id: string) => and(eq(batches.accountId, accountId), eq(batches.id, id));

export function insertBatch(db: DbOrTx, row: BatchRow, items: BatchItemRow[]): BatchRow {
  const batch = db.insert(batches).values(row).returning().get();
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    db.insert(batchItems)
      .values(items.slice(i, i + INSERT_CHUNK))
      .run();
  }
  return batch;
}

export function findBatch(db: DbOrTx, accountId: string, id: string): BatchRow | undefined {
  return db.select().from(batches).where(scoped(accountId, id)).get();
}

/** For the job, which holds a batch id from its own payload. */
export function findBatchById(db: DbOrTx, id: string): BatchRow | undefined {
  return db.select().from(batches).where(eq(batches.id, id)).get();
}

export function listBatches(db: DbOrTx, accountId: string, page: PageRequest): BatchRow[] {
  const scope = eq(batches.accountId, accountId);
  return db
    .select()
    .from(batches)
    .where(page.after === null ? scope : and(scope, lt(batches.id, page.after)))
    .orderBy(desc(batches.id))
    .limit(page.limit + 1)
    .all();
}

/** Items in request order; the cursor is the position. */
export function listItems(db: DbOrTx, batchId: string, page: PageRequest): BatchItemRow[] {
  const scope = eq(batchItems.batchId, batchId);
  return db
    .select()
    .from(batchItems)
    .where(page.after === null ? scope : and(scope, gt(batchItems.position, Number(page.after))))
    .orderBy(asc(batchItems.position))
    .limit(page.limit + 1)
    .all();
}

export function queuedItems(db: DbOrTx, batchId: string, limit: number): BatchItemRow[] {
  return db
    .select()
    .from(batchItems)
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, 'queued')))
    .orderBy(asc(batchItems.position))
    .limit(limit)
    .all();
}

/** Completed items after `afterPosition`, in order, without their (already cleared) data. */
export function completedItems(db: DbOrTx, batchId: string, afterPosition: number, limit: number) {
  return db
    .select({
      id: batchItems.id,
      position: batchItems.position,
      externalId: batchItems.externalId,
      renderId: batchItems.renderId,
    })
    .from(batchItems)
    .where(
      and(
        eq(batchItems.batchId, batchId),
        eq(batchItems.status, 'completed'),
        gt(batchItems.position, afterPosition),
      ),
    )
    .orderBy(asc(batchItems.position))
    .limit(limit)
    .all();
}

/**
 * Finishes one queued item and counts it on its batch. False when the item is no longer queued (the batch
 * was cancelled meanwhile): nothing changes then.
 */
export function finishItem(
  db: DbOrTx,
  item: { id: string; batchId: string },
  outcome: { status: 'completed'; renderId: string } | { status: 'failed'; errorMessage: string },
  now: string,
): boolean {
  const done = db
    .update(batchItems)
    .set({
      status: outcome.status,
      renderId: outcome.status === 'completed' ? outcome.renderId : null,
      errorMessage: outcome.status === 'failed' ? outcome.errorMessage : null,
      data: null,
      updatedAt: now,
    })
    .where(and(eq(batchItems.id, item.id), eq(batchItems.status, 'queued')))
    .returning({ id: batchItems.id })
    .all();
  if (done.length === 0) return false;
  db.update(batches)
    .set(
      outcome.status === 'completed'
        ? { completedItems: sql`${batches.completedItems} + 1`, updatedAt: now }
        : { failedItems: sql`${batches.failedItems} + 1`, updatedAt: now },
    )
    .where(eq(batches.id, item.batchId))
    .run();
  return true;
}

/** Fails every item not rendered yet (cancel); returns how many. */
export function failQueuedItems(db: DbOrTx, batchId: string, errorMessage: string, now: string): number {
  const failed = db
    .update(batchItems)
    .set({ status: 'failed', errorMessage, data: null, updatedAt: now })
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, 'queued')))
    .returning({ id: batchItems.id })
    .all();
  return failed.length;
}

/** Moves a batch only from one of `from`: a status someone else already changed is left alone. */
export function updateBatch(
  db: DbOrTx,
  id: string,
  from: readonly BatchStatus[],
  changes: Partial<BatchRow>,
): BatchRow | undefined {
  return db
    .update(batches)
    .set(changes)
    .where(and(eq(batches.id, id), inArray(batches.status, [...from])))
    .returning()
    .get();
}
