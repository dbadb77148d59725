import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { csvRows } from '../csv';
import { type CreateImportBody, MAX_IMPORT_ROWS } from '../model';
import { insertImport } from '../repo';
import { checkCustomerRows } from '../rows';
import type { ImportRow } from '../schema';

/**
 * Parses and validates every row now, so the client sees all row errors before deciding to confirm;
 * only the valid rows are stored, in create-body shape, for confirm to commit.
 */
export function createImport({ ctx, input }: { ctx: AccountCtx; input: CreateImportBody }): ImportRow {
  const resource = input.resource ?? 'customers';
  if (resource !== 'customers') {
    const msg = `Importing '${resource}' is not yet supported; only 'customers' is`;
    throw validationError([{ loc: 'body.resource', msg, type: 'not_supported' }], msg);
  }
  const rows = input.source_format === 'csv' ? csvRows(input.data) : input.data;
  if (rows.length > MAX_IMPORT_ROWS) {
    const msg = `At most ${MAX_IMPORT_ROWS} rows per import; got ${rows.length}`;
    throw validationError([{ loc: 'body.data', msg, type: 'too_long' }], msg);
  }
  const { valid, errors } = checkCustomerRows(rows);
  const now = isoNow(ctx.clock);
  return insertImport(ctx.db, {
    id: newId('imp'),
    accountId: ctx.accountId,
    resource,
    sourceFormat: input.source_format,
    status: 'pending',
    totalRows: rows.length,
    importedRows: 0,
    failedRows: errors.length,
    errors: errors.length > 0 ? errors : null,
    validRows: valid,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  });
}
