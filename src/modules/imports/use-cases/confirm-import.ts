import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { invalidTransition, notFound } from '../../../shared/errors';
import { enqueueImportCommit } from '../job';
import { nextImportStatus } from '../lifecycle';
import { importTuning } from '../model';
import { findImport, type ImportHead, loadEntries, updateImport } from '../repo';
import { commitEntries, mergedErrors } from './commit-entries';

/**
 * Confirm, in one IMMEDIATE transaction (a concurrent second confirm waits, then answers 409). Up to the
 * background threshold every stored entry is created and the status moves to `completed` atomically: all
 * of it or nothing. Above it the import moves to `processing` and its `import.commit` job is enqueued in the
 * same transaction, so neither can exist without the other; the caller wakes the job runtime.
 */
export function confirmImport({ ctx, input }: { ctx: AccountCtx; input: { id: string } }): ImportHead {
  return inTransaction(ctx, (tx) => {
    const head = findImport(tx.db, tx.accountId, input.id);
    if (!head) throw notFound('Import');
    if (!nextImportStatus('confirm', head.status)) throw invalidTransition('confirm', head.status);
    const now = isoNow(ctx.clock);
    if (head.totalRows - head.failedRows > importTuning.backgroundAbove) {
      enqueueImportCommit(tx.db, ctx.clock, head.id);
      return update(tx, head.id, { status: 'processing', updatedAt: now });
    }
    const outcome = commitEntries(tx, head, loadEntries(tx.db, tx.accountId, head.id));
    return update(tx, head.id, {
      status: 'completed',
      importedRows: outcome.importedRows,
      failedRows: head.failedRows + outcome.failedRows,
      errors: mergedErrors(tx, head.id, outcome.errors),
      validRows: null,
      updatedAt: now,
      completedAt: now,
    });
  });
}

function update(ctx: AccountCtx, id: string, changes: Parameters<typeof updateImport>[3]): ImportHead {
  const updated = updateImport(ctx.db, ctx.accountId, id, changes);
  if (!updated) throw notFound('Import');
  return updated;
}
