import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { invalidTransition, notFound } from '../../../shared/errors';
import { CANCELLABLE } from '../lifecycle';
import { failQueuedItems, findBatch, updateBatch } from '../repo';
import type { BatchRow } from '../schema';

export const CANCELLED_ITEM_MESSAGE = 'cancelled before it was rendered';

/**
 * Queued or processing → cancelled, with every item not rendered yet failed, in one transaction. An item
 * rendering at that moment may still finish its PDF; it is then not counted (its item is failed already).
 */
export async function cancelBatch({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<BatchRow> {
  return await inTransaction(ctx, async (tx) => {
    const batch = await findBatch(tx.db, tx.accountId, input.id);
    if (!batch) throw notFound('Batch');
    if (!CANCELLABLE.includes(batch.status)) throw invalidTransition('cancel', batch.status);
    const now = isoNow(ctx.clock);
    const failed = await failQueuedItems(tx.db, batch.id, CANCELLED_ITEM_MESSAGE, now);
    const updated = await updateBatch(tx.db, batch.id, CANCELLABLE, {
      status: 'cancelled',
      failedItems: batch.failedItems + failed,
      updatedAt: now,
      completedAt: now,
    });
    if (!updated) throw notFound('Batch');
    return updated;
  });
}
