import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { EntryCursor, entrySheetRow, type ImportEntry, withSheetRow } from '../entries';
import { nextImportStatus } from '../lifecycle';
import type { RowError } from '../model';
import { findImport, type ImportHead, updateImport } from '../repo';
import { mergedErrors } from './commit-entries';

/**
 * A `processing` import whose job has failed for good becomes `failed`. What was committed stays and is
 * counted in `imported_rows`; every other row counts as failed, and one error, on the first valid row
 * not committed (found in `entries`, the import's stored entries), carries the reason. Undefined when
 * the import is no longer processing.
 */
export async function failImport({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; reason: string; entries: readonly ImportEntry[] };
}): Promise<ImportHead | undefined> {
  return await inTransaction(ctx, async (tx) => {
    const head = await findImport(tx.db, tx.accountId, input.id);
    const next = head && nextImportStatus('fail', head.status);
    if (!head || !next) return undefined;
    const { entries } = input;
    const missing = entries.length > 0 ? entries[new EntryCursor(entries).next(head)] : undefined;
    const firstMissing = missing?.rows[0];
    const msg =
      `not imported: the background import failed (${input.reason}); ` +
      'neither this row nor any valid row after it was imported';
    const failure: RowError[] =
      firstMissing === undefined
        ? []
        : [
            withSheetRow(
              { row: firstMissing, fields: [{ loc: 'import', msg, type: 'import_failed' }] },
              (row) => (missing ? entrySheetRow(missing, row) : undefined),
            ),
          ];
    const now = isoNow(ctx.clock);
    return await updateImport(tx.db, tx.accountId, input.id, {
      status: next,
      failedRows: head.totalRows - head.importedRows,
      errors: await mergedErrors(tx, input.id, failure),
      validRows: null,
      updatedAt: now,
      completedAt: now,
    });
  });
}
