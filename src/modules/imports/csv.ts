// The sync entry point bundles its own CsvError class: take both from it so `instanceof` matches.
import { CsvError, parse } from 'csv-parse/sync';
import { type FieldError, validationError } from '../../shared/errors';

const SCALAR_COLUMNS = new Set(['name', 'email', 'phone', 'tax_id']);
const ADDRESS_COLUMNS = new Set(['line1', 'line2', 'city', 'state', 'postal_code', 'country']);
const ADDRESS_FIELDS = new Set(['billing_address', 'shipping_address']);

/**
 * The CSV text of `data`: the items joined with newlines, so an array of lines and a single string holding
 * the whole file read the same, and a quoted field whose newline split it across two items is whole again.
 * CRLF becomes LF first so files saved on Windows do not leave a stray `\r` in the last column.
 */
export function csvText(data: readonly unknown[]): string {
  const problems: FieldError[] = [];
  data.forEach((item, i) => {
    if (typeof item !== 'string') {
      problems.push({ loc: `body.data.${i}`, msg: 'CSV data items must be strings', type: 'string_type' });
    }
  });
  if (problems.length > 0) throw validationError(problems);
  return (data as string[]).join('\n').replace(/\r\n/g, '\n');
}

/** Header names this resource understands: `billing_address.city`, `metadata.<key>`, ... */
function headerProblem(column: string): string | null {
  if (SCALAR_COLUMNS.has(column)) return null;
  const dot = column.indexOf('.');
  const [head, rest] = [column.slice(0, dot), column.slice(dot + 1)];
  if (dot > 0 && ADDRESS_FIELDS.has(head) && ADDRESS_COLUMNS.has(rest)) return null;
  if (dot > 0 && head === 'metadata' && rest !== '') return null;
  return `unknown column '${column}'`;
}

/** Dotted columns build nested objects; empty cells are omitted, so an all-empty address is no address. */
function toRecord(header: string[], cells: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  header.forEach((column, i) => {
    const value = cells[i];
    if (value === undefined || value === '') return;
    const dot = column.indexOf('.');
    if (dot < 0) {
      record[column] = value;
      return;
    }
    const parent = column.slice(0, dot);
    const nested = (record[parent] ?? {}) as Record<string, string>;
    nested[column.slice(dot + 1)] = value;
    record[parent] = nested;
  });
  return record;
}

/** Parses CSV `data` into one create-body-shaped object per data row; a malformed file is a 422. */
export function csvRows(data: readonly unknown[]): Record<string, unknown>[] {
  let records: string[][];
  try {
    records = parse(csvText(data), { bom: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw validationError([{ loc: 'body.data', msg: error.message, type: 'csv_invalid' }]);
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) {
    const msg = 'CSV needs a header line and at least one data row';
    throw validationError([{ loc: 'body.data', msg, type: 'too_short' }]);
  }
  const problems: FieldError[] = header.flatMap((column, i) => {
    const msg = header.indexOf(column) !== i ? `duplicate column '${column}'` : headerProblem(column);
    return msg ? [{ loc: 'body.data.0', msg, type: 'invalid_header' }] : [];
  });
  if (problems.length > 0) throw validationError(problems, 'The CSV header has unknown or repeated columns');
  return rows.map((cells) => toRecord(header, cells));
}
