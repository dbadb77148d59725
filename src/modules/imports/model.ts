import { t } from 'elysia';
import { CreatedBy, createdByField } from '../../domain/schema-parts';
import { ImportResource, RowError, SourceFormat } from './row-types';
import type { ImportHead } from './schema';

export { ImportResource, RowError, SourceFormat };

/**
 * At most this many data rows per import. 100,000 customer rows are about 10 MB of JSON, near the default
 * MAX_BODY_BYTES (10 MiB): large imports send the CSV as one string (about half the size) or raise it.
 */
export const MAX_IMPORT_ROWS = 100_000;

/**
 * How confirm runs. Up to `backgroundAbove` valid rows it commits in the request, in one transaction; above,
 * the import goes `processing` and the `import.commit` job commits it in chunks, one transaction each: at
 * most `chunkEntries` customers or documents, and no more once `chunkMs` have passed, so a chunk holds the
 * database and the event loop for a few milliseconds and the API keeps answering in between.
 * Mutable so tests reach the background path with fewer rows; the service never changes it.
 */
export const importTuning = {
  backgroundAbove: 1_000,
  chunkEntries: { customers: 500, documents: 100, products: 500 } as Record<ImportResource, number>,
  chunkMs: 5,
};

export const CreateImportBody = t.Object(
  {
    source_format: SourceFormat,
    resource: t.Optional(ImportResource),
    data: t.Array(t.Unknown(), {
      minItems: 1,
      description:
        'json: one object per row (a customer or document create body). csv: strings joined with ' +
        'newlines into one CSV text whose first record is the header (an array of lines, or the whole ' +
        'CSV as a single string); documents: one record per line item, grouped by number or document_ref. ' +
        'A documents row may carry its history (docs/imports.md): status (finalized, sent, paid), paid_on, ' +
        "amount_paid, and a credit note's source_document_number",
    }),
  },
  { additionalProperties: false },
);
export type CreateImportBody = typeof CreateImportBody.static;

/**
 * How much of a failed import's errors is kept and shown: the first rows, each with its first problems. A
 * file of a million bad rows must not become a million-entry JSON column read back on every GET;
 * `failed_rows` still counts every failed row and `errors_omitted` says how many are not listed.
 */
export const MAX_LISTED_ROW_ERRORS = 1000;
export const MAX_PROBLEMS_PER_ROW = 50;

/** `errors` (sorted by row) cut to what is kept. */
export function keptRowErrors(errors: readonly RowError[]): RowError[] {
  return errors
    .slice(0, MAX_LISTED_ROW_ERRORS)
    .map((e) =>
      e.fields.length > MAX_PROBLEMS_PER_ROW ? { ...e, fields: e.fields.slice(0, MAX_PROBLEMS_PER_ROW) } : e,
    );
}

function omittedErrors(row: ImportHead): { errors_omitted?: number } {
  const omitted = row.failedRows - (row.errors?.length ?? 0);
  return omitted > 0 ? { errors_omitted: omitted } : {};
}

/** A row that confirm will create issued, not as a draft (docs/imports.md "Moving an invoice history"). */
export const IssuedRow = t.Object({
  row: t.Integer({ minimum: 1, description: "The document's first row (for a CSV, its first line's)" }),
  sheet_row: t.Optional(t.Integer({ minimum: 2, description: 'As on a row error: only where not row + 1' })),
  number: t.String(),
  status: t.Union([t.Literal('finalized'), t.Literal('sent'), t.Literal('paid')]),
  paid_on: t.Optional(t.String({ description: 'The day of the payment recorded with it' })),
  amount_paid: t.Optional(
    t.String({
      description: "The payment recorded; absent for a 'paid' row without one: the whole amount due",
    }),
  ),
  settles: t.Optional(
    t.Literal(true, {
      description:
        "A 'finalized' or 'sent' row whose payment covers its amount due: confirm makes it paid (absent otherwise)",
    }),
  ),
});
export type IssuedRow = typeof IssuedRow.static;

export const Import = t.Object({
  id: t.String({ examples: ['imp_01jd0000000000000000000000'] }),
  resource: ImportResource,
  source_format: SourceFormat,
  status: t.Union([
    t.Literal('pending'),
    t.Literal('processing'),
    t.Literal('completed'),
    t.Literal('failed'),
    t.Literal('cancelled'),
  ]),
  total_rows: t.Integer(),
  imported_rows: t.Integer(),
  failed_rows: t.Integer(),
  errors: t.Union([t.Array(RowError), t.Null()]),
  errors_omitted: t.Optional(
    t.Integer({
      description: `Failed rows beyond the first ${MAX_LISTED_ROW_ERRORS} listed in \`errors\` (present only then)`,
    }),
  ),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
  completed_at: t.Union([t.String({ format: 'date-time' }), t.Null()]),
  created_by: CreatedBy,
  issued_rows: t.Optional(
    t.Array(IssuedRow, {
      description:
        'Documents import, while pending, present only when some valid row carries a history (status ' +
        "'finalized', 'sent' or 'paid'): each such document, which confirm creates issued and with its payment",
    }),
  ),
});
export type Import = typeof Import.static;

export function presentImport(row: ImportHead, issuedRows?: IssuedRow[]): Import {
  return {
    id: row.id,
    resource: row.resource,
    source_format: row.sourceFormat,
    status: row.status,
    total_rows: row.totalRows,
    imported_rows: row.importedRows,
    failed_rows: row.failedRows,
    errors: row.errors,
    ...omittedErrors(row),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    completed_at: row.completedAt,
    ...createdByField(row.createdBy),
    ...(issuedRows && issuedRows.length > 0 ? { issued_rows: issuedRows } : {}),
  };
}
