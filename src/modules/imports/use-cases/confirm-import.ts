import { inTransaction } from '../../../db/transaction';
import type { AppLinks } from '../../../module';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { invalidTransition, notFound } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import { enqueueImportCommit } from '../job';
import { nextImportStatus } from '../lifecycle';
import { importTuning } from '../model';
import { findImport, type ImportHead, loadEntries, loadEntriesText, updateImport } from '../repo';
import { stagedRowsKey } from '../staged-rows';
import { commitEntries, mergedErrors } from './commit-entries';

async function update(
  ctx: AccountCtx,
  id: string,
  changes: Parameters<typeof updateImport>[3],
): Promise<ImportHead> {
  const updated = await updateImport(ctx.db, ctx.accountId, id, changes);
  if (!updated) throw notFound('Import');
  return updated;
}

/**
 * Every stored entry created and the status moved to `completed` in one IMMEDIATE transaction: all of it or
 * nothing, and a concurrent second confirm waits, then answers 409.
 */
async function confirmInRequest(ctx: AccountCtx, id: string, links: AppLinks): Promise<ImportHead> {
  return await inTransaction(ctx, async (tx) => {
    const head = await findImport(tx.db, tx.accountId, id);
    if (!head) throw notFound('Import');
    if (!nextImportStatus('confirm', head.status)) throw invalidTransition('confirm', head.status);
    const outcome = await commitEntries(tx, head, await loadEntries(tx.db, tx.accountId, id), links);
    const now = isoNow(ctx.clock);
    return await update(tx, id, {
      status: 'completed',
      importedRows: outcome.importedRows,
      failedRows: head.failedRows + outcome.failedRows,
      errors: await mergedErrors(tx, id, outcome.errors),
      validRows: null,
      updatedAt: now,
      completedAt: now,
    });
  });
}

/**
 * Stages the entries in the blob store, then in one transaction: `processing`, `valid_rows` cleared and the
 * `import.commit` job enqueued, so neither the status nor the job exists without the other. The file is
 * written first because its write is async; a file without a processing import is harmless (a second
 * confirm writes the same bytes; a cancel in between removes it).
 */
async function confirmInBackground(ctx: AccountCtx, id: string, blobs: BlobStore): Promise<ImportHead> {
  const text = await loadEntriesText(ctx.db, ctx.accountId, id);
  if (text !== null) await blobs.put(stagedRowsKey(id), new TextEncoder().encode(text), 'application/json');
  try {
    return await inTransaction(ctx, async (tx) => {
      const head = await findImport(tx.db, tx.accountId, id);
      if (!head) throw notFound('Import');
      const next = nextImportStatus('confirm_in_background', head.status);
      if (!next) throw invalidTransition('confirm', head.status);
      await enqueueImportCommit(tx.db, ctx.clock, id);
      return await update(tx, id, { status: next, validRows: null, updatedAt: isoNow(ctx.clock) });
    });
  } catch (error) {
    if ((await findImport(ctx.db, ctx.accountId, id))?.status === 'cancelled')
      await blobs.delete(stagedRowsKey(id));
    throw error;
  }
}

/**
 * Confirm. Up to importTuning.backgroundAbove valid rows everything commits in this request; above, the
 * import moves to `processing` and the `import.commit` job commits it; the caller wakes the job runtime.
 */
export async function confirmImport({
  ctx,
  input,
  blobs,
  links,
}: {
  ctx: AccountCtx;
  input: { id: string };
  blobs: BlobStore;
  links: AppLinks;
}): Promise<ImportHead> {
  const head = await findImport(ctx.db, ctx.accountId, input.id);
  if (!head) throw notFound('Import');
  const large = head.status === 'pending' && head.totalRows - head.failedRows > importTuning.backgroundAbove;
  return large ? confirmInBackground(ctx, input.id, blobs) : await confirmInRequest(ctx, input.id, links);
}
