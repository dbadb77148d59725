// The sync entry point bundles its own CsvError class: take both from it so `instanceof` matches.
import { CsvError, parse } from 'csv-parse/sync';
import { type FieldError, validationError } from '../../shared/errors';

/** A parsed CSV file: the header and one array of cells per data record (the header is not a record). */
export interface CsvTable {
  header: string[];
  records: string[][];
}

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

/**
 * Parses CSV `data` (RFC 4180 quoting, a BOM, blank lines skipped, unquoted cells trimmed); a malformed file
 * or one without a data record is a 422. `columnProblem` names what is wrong with a header column, if
 * anything; unknown or repeated columns are a 422 at `body.data.0` listing every one.
 */
export function parseCsv(
  data: readonly unknown[],
  columnProblem: (column: string) => string | null,
): CsvTable {
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
    const msg = header.indexOf(column) !== i ? `duplicate column '${column}'` : columnProblem(column);
    return msg ? [{ loc: 'body.data.0', msg, type: 'invalid_header' }] : [];
  });
  if (problems.length > 0) throw validationError(problems, 'The CSV header has unknown or repeated columns');
  return { header, records: rows };
}
