import type { AppLinks } from '../../../module';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { pacer } from '../../../shared/event-loop';
import { newId } from '../../../shared/ids';
import { loadCsvParser } from '../csv';
import { entriesTextPaced, entriesWithSheetRows, withSheetRow } from '../entries';
import { type CreateImportBody, keptRowErrors, MAX_IMPORT_ROWS } from '../model';
import { type ImportHead, insertImport } from '../repo';
import { importKinds } from '../resources';

/**
 * Parses and validates every row now, so the client sees all row errors before deciding to confirm;
 * only the valid entries are stored, in create-body shape, for confirm to commit. A slice at a time, with
 * turns of the event loop in between: 100,000 rows are seconds of work (`pacer`, shared/event-loop.ts).
 */
export async function createImport({
  ctx,
  input,
  links,
}: {
  ctx: AccountCtx;
  input: CreateImportBody;
  /** The fields other modules link to the resource imported (a document's `cost_centre_id`). */
  links: AppLinks;
}): Promise<ImportHead> {
  if (input.source_format === 'csv') await loadCsvParser();
  const resource = input.resource ?? 'customers';
  const kind = importKinds[resource];
  const pace = pacer();
  const parsed = await kind.parse(input.source_format, input.data, pace);
  if (parsed.totalRows > MAX_IMPORT_ROWS) {
    const msg = `At most ${MAX_IMPORT_ROWS} rows per import; got ${parsed.totalRows}`;
    throw validationError([{ loc: 'body.data', msg, type: 'too_long' }], msg);
  }
  const checked = await kind.check(ctx, input.source_format, parsed, links.to(resource), pace);
  // A CSV's rows as its spreadsheet shows them, where blank or emptied rows before them were skipped.
  const { sheetRows } = parsed;
  const errors = sheetRows
    ? checked.errors.map((e) => withSheetRow(e, (row) => sheetRows[row - 1]))
    : checked.errors;
  const entries = sheetRows ? entriesWithSheetRows(checked.entries, sheetRows) : checked.entries;
  const text = await entriesTextPaced(entries, pace);
  const failedRows = errors.length;
  const now = isoNow(ctx.clock);
  return await insertImport(
    ctx.db,
    {
      id: newId('imp'),
      accountId: ctx.accountId,
      resource,
      sourceFormat: input.source_format,
      status: 'pending',
      totalRows: parsed.totalRows,
      importedRows: 0,
      failedRows,
      errors: failedRows > 0 ? keptRowErrors(errors) : null,
      createdBy: creatorOf(ctx),
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    },
    text,
  );
}
