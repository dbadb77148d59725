import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped } from '../../db/scoped';
import { yieldToEventLoop } from '../../shared/event-loop';
import type { PageRequest } from '../../shared/pagination';
import { type BatchItemRow, type BatchRow, type BatchStatus, batches, batchItems } from './schema';

// 12 columns per item: 400 rows stay well under SQLite's bound-parameter limit.
const INSERT_CHUNK = 400;

export async function insertBatch(db: DbOrTx, row: BatchRow, items: BatchItemRow[]): Promise<BatchRow> {
  const batch = await db.insert(batches).values(row).returning().get();
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    // Between two chunks requests are answered: 10,000 items take half a second to write on SQLite.
    if (i > 0) await yieldToEventLoop();
    await db
      .insert(batchItems)
      .values(items.slice(i, i + INSERT_CHUNK))
      .run();
  }
  return batch;
}

export async function findBatch(db: DbOrTx, accountId: string, id: string): Promise<BatchRow | undefined> {
  return await db
    .select()
    .from(batches)
    .where(scoped(batches, accountId, id))
    .get();
}

/** For the job, which holds a batch id from its own payload. */
export async function findBatchById(db: DbOrTx, id: string): Promise<BatchRow | undefined> {
  return await db.select().from(batches).where(eq(batches.id, id)).get();
}

export async function listBatches(db: DbOrTx, accountId: string, page: PageRequest): Promise<BatchRow[]> {
  const scope = eq(batches.accountId, accountId);
  return await db
    .select()
    .from(batches)
    .where(page.after === null ? scope : and(scope, lt(batches.id, page.after)))
    .orderBy(desc(batches.id))
    .limit(page.limit + 1)
    .all();
}

/** Items in request order; the cursor is the position. */
export async function listItems(db: DbOrTx, batchId: string, page: PageRequest): Promise<BatchItemRow[]> {
  const scope = eq(batchItems.batchId, batchId);
  return await db
    .select()
    .from(batchItems)
    .where(page.after === null ? scope : and(scope, gt(batchItems.position, Number(page.after))))
    .orderBy(asc(batchItems.position))
    .limit(page.limit + 1)
    .all();
}

export async function queuedItems(db: DbOrTx, batchId: string, limit: number): Promise<BatchItemRow[]> {
  return await db
    .select()
    .from(batchItems)
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, 'queued')))
    .orderBy(asc(batchItems.position))
    .limit(limit)
    .all();
}

/** Completed items after `afterPosition`, in order, without their (already cleared) data. */
export async function completedItems(db: DbOrTx, batchId: string, afterPosition: number, limit: number) {
  return await db
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
export async function finishItem(
  db: DbOrTx,
  item: { id: string; batchId: string },
  outcome: { status: 'completed'; renderId: string } | { status: 'failed'; errorMessage: string },
  now: string,
): Promise<boolean> {
  const done = await db
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
  await db
    .update(batches)
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
export async function failQueuedItems(
  db: DbOrTx,
  batchId: string,
  errorMessage: string,
  now: string,
): Promise<number> {
  const failed = await db
    .update(batchItems)
    .set({ status: 'failed', errorMessage, data: null, updatedAt: now })
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, 'queued')))
    .returning({ id: batchItems.id })
    .all();
  return failed.length;
}

/** Moves a batch only from one of `from`: a status someone else already changed is left alone. */
export async function updateBatch(
  db: DbOrTx,
  id: string,
  from: readonly BatchStatus[],
  changes: Partial<BatchRow>,
): Promise<BatchRow | undefined> {
  return await db
    .update(batches)
    .set(changes)
    .where(and(eq(batches.id, id), inArray(batches.status, [...from])))
    .returning()
    .get();
}
