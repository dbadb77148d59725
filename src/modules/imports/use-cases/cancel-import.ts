import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { invalidTransition, notFound } from '../../../shared/errors';
import { nextImportStatus } from '../lifecycle';
import { findImport, type ImportHead, updateImport } from '../repo';

/**
 * Cancel a pending or processing import. While processing, the background job checks the status in each
 * chunk's transaction (these serialise with this one), so no row is committed after this commits; rows
 * committed before stay, and `imported_rows` counts them.
 */
export async function cancelImport({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<ImportHead> {
  return await inTransaction(ctx, async (tx) => {
    const head = await findImport(tx.db, tx.accountId, input.id);
    if (!head) throw notFound('Import');
    const next = nextImportStatus('cancel', head.status);
    if (!next) throw invalidTransition('cancel', head.status);
    const now = isoNow(ctx.clock);
    const updated = await updateImport(tx.db, tx.accountId, input.id, {
      status: next,
      validRows: null,
      updatedAt: now,
      completedAt: now,
    });
    if (!updated) throw notFound('Import');
    return updated;
  });
}
