// What an import reads (format, resource) and what it reports per failed row: shared by the table, the
// entries and the API model.
import { t } from 'elysia';
import type { FieldError } from '../../shared/errors';

export const SourceFormat = t.Union([t.Literal('json'), t.Literal('csv')]);
export type SourceFormat = typeof SourceFormat.static;

export const ImportResource = t.Union(
  [t.Literal('customers'), t.Literal('documents'), t.Literal('products')],
  {
    description: "What each row creates (products: articles of the catalogue); default 'customers'",
  },
);
export type ImportResource = typeof ImportResource.static;

const FieldErrorSchema = t.Object({ loc: t.String(), msg: t.String(), type: t.String() });

/**
 * Why one data row was not imported; `row` is 1-based and counts data rows only (never the CSV header):
 * the n-th JSON object, or the n-th CSV record after the header (for documents, one line item).
 * `sheet_row`, only in a CSV import and only where it is not `row + 1`: the row a spreadsheet shows the
 * record on, counting the header's row and the blank or emptied rows the import skipped.
 */
export const RowError = t.Object({
  row: t.Integer({ minimum: 1 }),
  sheet_row: t.Optional(
    t.Integer({
      minimum: 2,
      description:
        "CSV only, present only where it is not row + 1: the record's row in the spreadsheet, counting the " +
        'header row and the blank or emptied rows the import skipped (a record with a multi-line cell is one row)',
    }),
  ),
  fields: t.Array(FieldErrorSchema),
});
export interface RowError {
  row: number;
  sheet_row?: number;
  fields: FieldError[];
}
