import type { Options } from 'csv-parse/sync';
import { type FieldError, validationError } from '../../shared/errors';

// The sync entry point bundles its own CsvError class: take both from it so `instanceof` matches. Loaded
// by the first CSV import, not at start: about 1 MiB of an idle server's memory otherwise.
let csvParse: typeof import('csv-parse/sync') | null = null;

/** Call (and await) before parseCsv: the parser is loaded on first use. */
export async function loadCsvParser(): Promise<void> {
  csvParse ??= await import('csv-parse/sync');
}

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
  const text = csvText(data);
  const options: Options = { bom: true, skip_empty_lines: true, trim: true };
  // The header's width first, by one linear scan: a file of thousands of columns is refused before the
  // parser sees any of it (parsing a 160,000-column header and row held the event loop for a second).
  const columns = headerColumnCount(text);
  if (columns > MAX_CSV_COLUMNS) {
    const msg = `At most ${MAX_CSV_COLUMNS} columns per CSV file; the header has ${columns}`;
    throw validationError([{ loc: 'body.data.0', msg, type: 'too_many_columns' }], msg);
  }
  const [header, ...rows] = parseOrRefuse(text, options);
  if (!header || rows.length === 0) {
    const msg = 'CSV needs a header line and at least one data row';
    throw validationError([{ loc: 'body.data', msg, type: 'too_short' }]);
  }
  const seen = new Set<string>();
  const problems: FieldError[] = header.flatMap((column) => {
    const msg = seen.has(column) ? `duplicate column '${column}'` : columnProblem(column);
    seen.add(column);
    return msg ? [{ loc: 'body.data.0', msg, type: 'invalid_header' }] : [];
  });
  if (problems.length > 0) throw validationError(problems, 'The CSV header has unknown or repeated columns');
  return { header, records: rows };
}

/** Commas outside quotes in the first non-empty line, plus one (RFC 4180 quoting: "" is an escaped quote). */
export function headerColumnCount(text: string): number {
  let i = 0;
  while (text[i] === '\n' || text[i] === '\uFEFF') i++;
  let columns = 1;
  let quoted = false;
  for (; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) quoted = !quoted;
    else if (!quoted && ch === 0x2c /* , */) columns++;
    else if (!quoted && ch === 0x0a /* \n */) break;
  }
  return columns;
}

/** More than any import resource has fields (a customer has about 30, a document line about 60). */
export const MAX_CSV_COLUMNS = 200;

function parseOrRefuse(text: string, options: Options): string[][] {
  if (csvParse === null) throw new Error('parseCsv before loadCsvParser()');
  try {
    return csvParse.parse(text, options) as string[][];
  } catch (error) {
    if (!(error instanceof csvParse.CsvError)) throw error;
    throw validationError([{ loc: 'body.data', msg: error.message, type: 'csv_invalid' }]);
  }
}
