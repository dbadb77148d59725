import type { ModuleLink } from '../../http/links';
import type { AccountCtx } from '../../shared/context';
import type { FieldError } from '../../shared/errors';
import type { Pace } from '../../shared/event-loop';
import { yieldToEventLoop } from '../../shared/event-loop';
import type { RowError, SourceFormat } from './row-types';

/**
 * One thing confirm creates (a customer, a document) in its create-body shape, with the 1-based data rows it
 * came from: one row, or for a CSV document one row per line item. Stored in `valid_rows` at create.
 */
export interface ImportEntry {
  rows: number[];
  body: unknown;
  /** Field -> the file's column, where a CSV names it otherwise (`debtor_number` read from `Kundennummer`). */
  locs?: Record<string, string>;
  /** A CSV's spreadsheet rows of `rows`, kept only where one is not its row + 1 (see RowError). */
  sheetRows?: number[];
  /**
   * A document's history, split off its create body (resources/document-history.ts): the status it was
   * issued with, its payment, its invoice's number. Absent for a draft row.
   */
  history?: Record<string, string>;
}

/** What parsing made of the rows, before any check that needs the database. */
export interface ParsedImport {
  totalRows: number;
  /** A CSV's spreadsheet row of each data row (index row - 1): CsvTable.sheetRows. */
  sheetRows?: readonly number[];
  /** In row order; `body` null when the rows form no entry at all (their errors say why). */
  candidates: { rows: number[]; body: unknown; errors: RowError[]; locs?: Record<string, string> }[];
}

export interface CheckedImport {
  entries: ImportEntry[];
  /** Sorted by row; each row appears at most once. */
  errors: RowError[];
}

/** How one resource is read, checked at create and committed at confirm. */
export interface ImportResourceKind {
  /**
   * A malformed file (or a CSV header this resource does not know) throws a 422. Awaits `pace()` between
   * rows, as check does: both run on the API's event loop (`pacer`, shared/event-loop.ts).
   */
  parse(format: SourceFormat, data: readonly unknown[], pace: Pace): Promise<ParsedImport>;
  /** The same checks its create endpoint runs, per entry, plus what only a whole file can get wrong. */
  check(
    ctx: AccountCtx,
    format: SourceFormat,
    parsed: ParsedImport,
    links: readonly ModuleLink[],
    pace: Pace,
  ): Promise<CheckedImport>;
  /**
   * Creates one entry inside the caller's transaction. When the entry no longer passes (a number taken
   * since create), nothing of it stays and its row errors come back instead.
   */
  commit(
    ctx: AccountCtx,
    format: SourceFormat,
    entry: ImportEntry,
    links: readonly ModuleLink[],
  ): Promise<RowError[] | null>;
}

/** Locs relative to the row (`email`, `line_items.0.quantity`), as a 422 of the create endpoint minus `body.`. */
export function rowLocs(fields: readonly FieldError[]): FieldError[] {
  return fields.map((f) => ({ ...f, loc: f.loc === 'body' ? 'row' : f.loc.replace(/^body\./, '') }));
}

export const byRow = (a: RowError, b: RowError) => a.row - b.row;

/** `error` with its `sheet_row` where `sheetRowOf` knows it and it is not row + 1. */
export function withSheetRow(error: RowError, sheetRowOf: (row: number) => number | undefined): RowError {
  const sheetRow = sheetRowOf(error.row);
  if (sheetRow === undefined || sheetRow === error.row + 1) return error;
  const { row, ...rest } = error;
  return { row, sheet_row: sheetRow, ...rest };
}

/** The spreadsheet row of a row of `entry` (undefined where it is row + 1, or not a CSV's). */
export function entrySheetRow(entry: ImportEntry, row: number): number | undefined {
  const at = entry.sheetRows ? entry.rows.indexOf(row) : -1;
  return at === -1 ? undefined : entry.sheetRows?.[at];
}

/** The entries with their spreadsheet rows (`sheetRows`) where one of an entry's rows is not row + 1. */
export function entriesWithSheetRows(entries: ImportEntry[], sheetRows: readonly number[]): ImportEntry[] {
  return entries.map((entry) => {
    const rows = entry.rows.map((row) => sheetRows[row - 1] ?? row + 1);
    return rows.some((sheetRow, i) => sheetRow !== (entry.rows[i] as number) + 1)
      ? { ...entry, sheetRows: rows }
      : entry;
  });
}

/**
 * Where the background commit resumes, from the counts alone. Every committed entry adds its rows to
 * `imported_rows` or (failing at confirm) to `failed_rows`, in the same transaction as its effect, and
 * entries go in order; so the rows done since create are imported + failed - (total - valid rows), and the
 * entries done are the leading ones holding exactly that many rows. No separate cursor to keep in step.
 */
export class EntryCursor {
  private readonly ends: number[] = [];
  private readonly validRows: number;

  constructor(entries: readonly ImportEntry[]) {
    let end = 0;
    for (const entry of entries) {
      end += entry.rows.length;
      this.ends.push(end);
    }
    this.validRows = end;
  }

  /** The index of the first entry not committed yet (entries.length when all are). */
  next(counts: { totalRows: number; importedRows: number; failedRows: number }): number {
    const done = counts.importedRows + counts.failedRows - (counts.totalRows - this.validRows);
    if (done <= 0) return 0;
    let [lo, hi] = [0, this.ends.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.ends[mid] ?? 0) <= done) lo = mid + 1;
      else hi = mid;
    }
    if ((lo > 0 ? this.ends[lo - 1] : 0) !== done) throw new Error('import counts fall inside an entry');
    return lo;
  }
}

/**
 * How entries are kept as text, in `valid_rows` and in the staged file alike: a JSON array with one entry
 * per line (JSON.stringify never writes a raw newline). Plain JSON to anything reading the column, and a
 * reader can parse it a slice of lines at a time: one JSON.parse of 100,000 entries holds the event loop
 * for about 100 ms.
 */
export function entriesText(entries: readonly ImportEntry[]): string {
  return entries.length === 0 ? '[]' : `[\n${entries.map((entry) => JSON.stringify(entry)).join(',\n')}\n]`;
}

/** entriesText, an entry at a time with turns of the event loop between slices (`pace`). */
export async function entriesTextPaced(entries: readonly ImportEntry[], pace: Pace): Promise<string> {
  if (entries.length === 0) return '[]';
  const lines: string[] = [];
  for (const entry of entries) {
    lines.push(JSON.stringify(entry));
    await pace();
  }
  return `[\n${lines.join(',\n')}\n]`;
}

/** Parses entriesText's format a slice at a time, yielding in between; any other JSON array at once. */
export async function parseEntries(text: string, slice = 2_000): Promise<ImportEntry[]> {
  if (!text.startsWith('[\n')) return JSON.parse(text) as ImportEntry[];
  const lines = text.split('\n');
  const entries: ImportEntry[] = [];
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i] as string;
    entries.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as ImportEntry);
    if (i % slice === 0) await yieldToEventLoop();
  }
  return entries;
}
