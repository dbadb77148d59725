import type { Options } from 'csv-parse/sync';
import { type FieldError, validationError } from '../../shared/errors';
import type { Pace } from '../../shared/event-loop';

// The sync entry point bundles its own CsvError class: take both from it so `instanceof` matches (and the
// streaming parser's from its own). Loaded by the first CSV import, not at start: about 1 MiB of an idle
// server's memory otherwise.
let csvParse: typeof import('csv-parse/sync') | null = null;
let csvStream: typeof import('csv-parse') | null = null;

/** Call (and await) before parseCsv or parseCsvPaced: the parsers are loaded on first use. */
export async function loadCsvParser(): Promise<void> {
  csvParse ??= await import('csv-parse/sync');
  csvStream ??= await import('csv-parse');
}

/** What separates cells: a comma, or a semicolon or tab where a spreadsheet's locale uses a decimal comma. */
export type CsvDelimiter = ',' | ';' | '\t';

/**
 * A parsed CSV file: the header (canonical column names) and one array of cells per data record (the
 * header is not a record), and the delimiter the header showed.
 */
export interface CsvTable {
  header: string[];
  records: string[][];
  /**
   * Per data record, the row a spreadsheet shows it on (1-based; the header's row counts, and so do the
   * blank and emptied rows the parser skips); a record whose quoted cell spans lines is still one row.
   */
  sheetRows: number[];
  delimiter: CsvDelimiter;
}

/** A parsed record and the spreadsheet row it is on. */
interface SheetRecord {
  cells: string[];
  sheetRow: number;
}

const LINE_BREAKS = /\r\n|\r|\n/g;

/**
 * The spreadsheet row each line of `text` is on (index: the line's number, 1-based, as the parser counts
 * lines: CR LF, LF and a CR alone each end one): a line break inside a quoted cell continues the row, any
 * other begins the next. One pass over the text, whatever the parser skips (blank lines, records of empty
 * cells: each still a row of the sheet, a quoted cell of only a line break too).
 */
function rowsOfLines(text: string): Int32Array {
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) lines++;
  }
  const rows = new Int32Array(lines + 2);
  let line = 1;
  let row = 1;
  let quoted = false;
  rows[1] = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A doubled quote inside a quoted cell turns twice: the state is right again after it.
    if (c === 34) quoted = !quoted;
    else if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      if (!quoted) row++;
      rows[line] = row;
    }
  }
  return rows;
}

/**
 * The spreadsheet rows of the parser's records: the row of the line each begins on, which is the line it
 * ends on (`info.lines`) less the line breaks inside its own quoted cells (rowsOfLines).
 */
function sheetRowCounter(
  text: string,
): (parsed: { record: string[]; info: { lines: number } }) => SheetRecord {
  const rows = rowsOfLines(text);
  return ({ record, info }) => {
    // As the parser counts lines: a CR alone (an old Mac file, or inside a cell) is a break too.
    let breaks = 0;
    for (const cell of record) breaks += cell.match(LINE_BREAKS)?.length ?? 0;
    const first = info.lines - breaks;
    return { cells: record, sheetRow: rows[first] ?? first };
  };
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
 * Parses CSV `data` (RFC 4180 quoting, a BOM, blank lines and records of empty cells skipped, unquoted cells
 * trimmed; the delimiter taken from the header line); a malformed file or one without a data record is a
 * 422. Header names are trimmed and go through `columnName` (lower case unless a resource keeps some case,
 * as customers do for metadata keys), so `Name ` is `name`. `columnProblem` names what is wrong with a
 * column, if anything; unknown or repeated columns are a 422 at `body.data.0` listing every one.
 */
export function parseCsv(
  data: readonly unknown[],
  columnProblem: (column: string) => string | null,
  columnName: (column: string) => string = (column) => column.toLowerCase(),
): CsvTable {
  const { text, delimiter, options } = prepared(data);
  return tableOf(parseOrRefuse(text, options), delimiter, columnProblem, columnName);
}

/**
 * parseCsv a slice of the text at a time, with turns of the event loop in between (`pace`): parsing the
 * 10 MiB a request may hold takes about a second, which held every other request before.
 */
export async function parseCsvPaced(
  data: readonly unknown[],
  columnProblem: (column: string) => string | null,
  pace: Pace,
  columnName: (column: string) => string = (column) => column.toLowerCase(),
): Promise<CsvTable> {
  const { text, delimiter, options } = prepared(data);
  return tableOf(await parseOrRefusePaced(text, options, pace), delimiter, columnProblem, columnName);
}

/** The text to parse, its delimiter and the parser's options; a header wider than the limit is a 422. */
function prepared(data: readonly unknown[]): { text: string; delimiter: CsvDelimiter; options: Options } {
  const { text, delimiter: named } = withoutSepLine(csvText(data));
  // The header's width first, by one linear scan: a file of thousands of columns is refused before the
  // parser sees any of it (parsing a 160,000-column header and row held the event loop for a second).
  const shape = headerShape(text);
  const delimiter = named ?? shape.delimiter;
  const columns = named ? shape.counts[named] + 1 : shape.columns;
  if (columns > MAX_CSV_COLUMNS) {
    const msg = `At most ${MAX_CSV_COLUMNS} columns per CSV file; the header has ${columns}`;
    throw validationError([{ loc: 'body.data.0', msg, type: 'too_many_columns' }], msg);
  }
  // Records of empty cells are skipped like blank lines: a spreadsheet saves rows once formatted or emptied
  // as `;;;`, and each would fail as a row without a name (their rows still count: sheetRowCounter).
  const options: Options = {
    bom: true,
    delimiter,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    trim: true,
    info: true,
  };
  return { text, delimiter, options };
}

/** The parsed records as a table: the header checked and named, the data records after it. */
function tableOf(
  parsed: SheetRecord[],
  delimiter: CsvDelimiter,
  columnProblem: (column: string) => string | null,
  columnName: (column: string) => string,
): CsvTable {
  const [raw, ...rows] = withoutTrailingEmptyColumn(parsed.map((r) => r.cells));
  if (!raw || rows.length === 0) {
    const msg = 'CSV needs a header line and at least one data row';
    throw validationError([{ loc: 'body.data', msg, type: 'too_short' }]);
  }
  const header = raw.map((column) => columnName(column.trim()));
  const seen = new Set<string>();
  const problems: FieldError[] = header.flatMap((column) => {
    const msg =
      column === ''
        ? 'a column without a name in the header line (two delimiters in a row?): name it or remove it'
        : seen.has(column)
          ? `duplicate column '${column}'`
          : columnProblem(column);
    seen.add(column);
    return msg ? [{ loc: 'body.data.0', msg, type: 'invalid_header' }] : [];
  });
  if (problems.length > 0) throw validationError(problems, 'The CSV header has unknown or repeated columns');
  return { header, records: rows, sheetRows: parsed.slice(1).map((r) => r.sheetRow), delimiter };
}

/** Excel's first line naming the delimiter (`sep=;`, written when asked to), then the file after it. */
const SEP_LINE = /^\uFEFF?\n*sep=([,;\t])[ ]*\n/i;

/** `text` without a leading `sep=` line, and the delimiter it names (null without one). */
function withoutSepLine(text: string): { text: string; delimiter: CsvDelimiter | null } {
  const sep = SEP_LINE.exec(text);
  if (!sep) return { text, delimiter: null };
  return { text: text.slice(sep[0].length), delimiter: sep[1] as CsvDelimiter };
}

/**
 * The records without the last columns that have no name and no value in any record: a spreadsheet that ends
 * every line with a delimiter (`name;city;`) adds one, and one whose cells right of the data were once
 * formatted or emptied adds several (`name;city;;;`). A named one, or one holding a value, stays (and an
 * unnamed one is then refused naming it).
 */
function withoutTrailingEmptyColumn(records: string[][]): string[][] {
  const header = records[0];
  if (!header) return records;
  let width = header.length;
  while (width > 1 && header[width - 1]?.trim() === '') {
    const last = width - 1;
    if (records.some((record) => record.length > last && (record[last] ?? '').trim() !== '')) break;
    width = last;
  }
  return width === header.length ? records : records.map((record) => record.slice(0, width));
}

/**
 * The delimiter and column count of the first non-empty line, by one scan (RFC 4180 quoting: "" is an
 * escaped quote). A comma outside quotes makes a comma file; else semicolons (Excel's CSV where the decimal
 * separator is a comma, as in German), else tabs; a header of one column is a comma file. `counts`: each
 * delimiter's count outside quotes (for a file whose `sep=` line names it).
 */
export function headerShape(text: string): {
  delimiter: CsvDelimiter;
  columns: number;
  counts: Record<CsvDelimiter, number>;
} {
  let i = 0;
  while (text[i] === '\n' || text[i] === '\uFEFF') i++;
  let [commas, semicolons, tabs] = [0, 0, 0];
  let quoted = false;
  for (; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) quoted = !quoted;
    else if (quoted) continue;
    else if (ch === 0x2c /* , */) commas++;
    else if (ch === 0x3b /* ; */) semicolons++;
    else if (ch === 0x09 /* tab */) tabs++;
    else if (ch === 0x0a /* \n */) break;
  }
  const counts = { ',': commas, ';': semicolons, '\t': tabs };
  if (commas > 0 || (semicolons === 0 && tabs === 0)) return { delimiter: ',', columns: commas + 1, counts };
  if (semicolons > 0) return { delimiter: ';', columns: semicolons + 1, counts };
  return { delimiter: '\t', columns: tabs + 1, counts };
}

/** The header's column count: its delimiters outside quotes, plus one. */
export function headerColumnCount(text: string): number {
  return headerShape(text).columns;
}

/** More than any import resource has fields (a customer has about 30, a document line about 60). */
export const MAX_CSV_COLUMNS = 200;

function parseOrRefuse(text: string, options: Options): SheetRecord[] {
  if (csvParse === null) throw new Error('parseCsv before loadCsvParser()');
  try {
    const parsed = csvParse.parse(text, options) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return parsed.map(sheetRowCounter(text));
  } catch (error) {
    throw refusal(error);
  }
}

/** A parser's complaint about the file as the 422 naming it; anything else as it is. */
function refusal(error: unknown): unknown {
  const known =
    (csvParse && error instanceof csvParse.CsvError) || (csvStream && error instanceof csvStream.CsvError);
  if (!known) return error;
  return validationError([{ loc: 'body.data', msg: (error as Error).message, type: 'csv_invalid' }]);
}

/** Bytes handed to the parser at once: a few milliseconds of parsing. */
const PARSE_SLICE_BYTES = 16 * 1024;

/**
 * The same records as parseOrRefuse, from the streaming parser fed a slice of the bytes at a time (one parser
 * state throughout: a quoted field may span slices, and its messages name the file's own line numbers).
 */
async function parseOrRefusePaced(text: string, options: Options, pace: Pace): Promise<SheetRecord[]> {
  if (csvStream === null) throw new Error('parseCsvPaced before loadCsvParser()');
  const parser = new csvStream.Parser(options);
  const records: SheetRecord[] = [];
  const counted = sheetRowCounter(text);
  let failure: unknown = null;
  parser.on('data', (parsed: { record: string[]; info: { lines: number } }) => records.push(counted(parsed)));
  const settled = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('close', resolve);
    parser.on('error', (error) => {
      failure ??= error;
      resolve();
    });
  });
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length && failure === null; at += PARSE_SLICE_BYTES) {
    await new Promise<void>((resolve) => {
      parser.write(bytes.subarray(at, at + PARSE_SLICE_BYTES), (error) => {
        if (error) failure ??= error;
        resolve();
      });
    });
    await pace();
  }
  if (failure === null) {
    parser.end();
    await settled;
  } else parser.destroy();
  if (failure !== null) throw refusal(failure);
  return records;
}
