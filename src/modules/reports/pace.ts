// Reports run on the API's event loop: their reading and summing is cut into slices with a turn of the
// loop between them, so requests waiting on it (/health, anyone's API call) are answered meanwhile
// (issue 37; docs/reports.md, Limits).
import type { DbOrTx } from '../../db/client';
import { mapPaced, type Pace, pacer, yieldToEventLoop } from '../../shared/event-loop';
import type { PageRequest } from '../../shared/pagination';
import type { Summed, SumPage } from '../documents';

/** Rows read per query: a page of documents (with their data) takes a few milliseconds to read. */
export const REPORT_PAGE_SIZE = 250;

export { mapPaced, type Pace, pacer };

/**
 * What `pick` makes of each row of a paged reader (a module's `…ForReports` or `list…`: newest first, keyset
 * on the id), skipping the rows it answers undefined for: a page at a time, with a turn of the event loop between pages, and only the
 * picked values kept (not the rows with their data). The pages are separate reads, not one snapshot: a
 * row that changes meanwhile is read once, as it was when its page was read.
 */
export async function collect<R extends { id: string }, T>(
  db: DbOrTx,
  list: (db: DbOrTx, page: PageRequest) => Promise<R[]>,
  pick: (row: R) => T | undefined,
  pace: Pace,
): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (;;) {
    const found = await list(db, { limit: REPORT_PAGE_SIZE, after });
    const page = found.slice(0, REPORT_PAGE_SIZE);
    for (const row of page) {
      const picked = pick(row);
      if (picked !== undefined) out.push(picked);
    }
    const last = page.at(-1);
    if (found.length <= REPORT_PAGE_SIZE || !last) return out;
    after = last.id;
    await pace();
  }
}

/**
 * Documents per statement of a summing reader: a page of the account's documents (whatever their type or
 * status) summed in one statement, a few milliseconds of SQLite's time, which holds the event loop while
 * it runs (bun:sqlite answers synchronously).
 */
export const SUM_PAGE_SIZE = 1_000;

/**
 * Every row of a summing reader (documents' `receivableSums`, `issuedMonthSums`, ...: a page of documents
 * summed in one statement, and the id the next page starts after) handed to `each`, page after page, with
 * a turn of the event loop between pages.
 */
export async function eachPage<T>(
  read: (page: SumPage) => Promise<Summed<T>>,
  each: (row: T) => void,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const { rows, next } = await read({ after, limit: SUM_PAGE_SIZE });
    for (const row of rows) each(row);
    if (next === null) return;
    after = next;
    await yieldToEventLoop();
  }
}

/** Items sorted at once before they are merged: a couple of milliseconds of sorting. */
const RUN = 2048;

/**
 * `items` in the order `cmp` gives, equal ones kept in their order (as Array#sort): sorted in runs, then
 * merged, with turns of the event loop between slices.
 */
export async function sortPaced<T>(
  items: readonly T[],
  cmp: (a: T, b: T) => number,
  pace: Pace,
): Promise<T[]> {
  let runs: T[][] = [];
  for (let i = 0; i < items.length; i += RUN) {
    runs.push(items.slice(i, i + RUN).sort(cmp));
    await pace();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      const a = runs[i] as T[];
      const b = runs[i + 1];
      merged.push(b ? await merge(a, b, cmp, pace) : a);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

/** Two sorted runs as one; on a tie the item of `a` (the earlier run) comes first. */
async function merge<T>(a: T[], b: T[], cmp: (a: T, b: T) => number, pace: Pace): Promise<T[]> {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as T;
    const y = b[j] as T;
    if (cmp(y, x) < 0) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
    }
    await pace();
  }
  for (; i < a.length; i++) out.push(a[i] as T);
  for (; j < b.length; j++) out.push(b[j] as T);
  return out;
}

const holdsArray = (value: object): boolean =>
  Object.values(value).some(
    (v) => Array.isArray(v) || (v !== null && typeof v === 'object' && holdsArray(v)),
  );

/**
 * `value` as the JSON text JSON.stringify writes, an array's items one at a time with turns of the event
 * loop between slices: a statement of tens of thousands of entries is megabytes of JSON.
 */
export async function pacedJson(value: unknown, pace: Pace): Promise<string> {
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      items.push(await pacedJson(item, pace));
      await pace();
    }
    return `[${items.join(',')}]`;
  }
  if (value !== null && typeof value === 'object' && holdsArray(value)) {
    const fields: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (v !== undefined) fields.push(`${JSON.stringify(key)}:${await pacedJson(v, pace)}`);
    }
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
