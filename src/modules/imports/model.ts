import { t } from 'elysia';
import type { FieldError } from '../../shared/errors';
import type { ImportRow } from './schema';

/** At most this many data rows per import: one confirm commits them all in a single transaction. */
export const MAX_IMPORT_ROWS = 10_000;

export const SourceFormat = t.Union([t.Literal('json'), t.Literal('csv')]);
export type SourceFormat = typeof SourceFormat.static;

// `documents` is accepted by the schema so the client gets a clear "not yet supported" rather than a
// bare enum mismatch; the use-case refuses it.
export const ImportResource = t.Union([t.Literal('customers'), t.Literal('documents')]);
export type ImportResource = typeof ImportResource.static;

export const CreateImportBody = t.Object(
  {
    source_format: SourceFormat,
    resource: t.Optional(ImportResource),
    data: t.Array(t.Unknown(), {
      minItems: 1,
      description:
        'json: one object per row. csv: strings joined with newlines into one CSV text whose first ' +
        'record is the header (an array of lines, or the whole CSV as a single string)',
    }),
  },
  { additionalProperties: false },
);
export type CreateImportBody = typeof CreateImportBody.static;

const FieldErrorSchema = t.Object({ loc: t.String(), msg: t.String(), type: t.String() });

/** Why one data row was not accepted; `row` is 1-based and counts data rows only (never the CSV header). */
export const RowError = t.Object({ row: t.Integer({ minimum: 1 }), fields: t.Array(FieldErrorSchema) });
export interface RowError {
  row: number;
  fields: FieldError[];
}

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
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
  completed_at: t.Union([t.String({ format: 'date-time' }), t.Null()]),
});
export type Import = typeof Import.static;

export function presentImport(row: ImportRow): Import {
  return {
    id: row.id,
    resource: row.resource,
    source_format: row.sourceFormat,
    status: row.status,
    total_rows: row.totalRows,
    imported_rows: row.importedRows,
    failed_rows: row.failedRows,
    errors: row.errors,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    completed_at: row.completedAt,
  };
}
