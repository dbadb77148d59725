import { AsyncLocalStorage } from 'node:async_hooks';
import { validationError } from './errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  limit: number;
  /** Return items strictly after this sort key (exclusive), or from the start when null. */
  after: string | null;
}

export interface Page<T> {
  data: T[];
  pagination: { has_more: boolean; next_cursor: string | null };
}

/**
 * The list a request reads, as its cursors name it: the URL's path (case and repeated or trailing slashes
 * as the router takes them). Set by the HTTP front door around each request (`withinList`); outside a
 * request (a use-case paging on its own, a unit test) there is none.
 */
const currentList = new AsyncLocalStorage<string>();

/** The list `url` reads: its path, lower-case, single slashes, no trailing one. */
export function listOf(url: string): string {
  const path = new URL(url).pathname.toLowerCase().replace(/\/+/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** Runs `run` (a request's handling) as reading the list at `url`: its cursors are that list's. */
export function withinList<T>(url: string, run: () => T): T {
  return currentList.run(listOf(url), run);
}

/**
 * An id (`cus_` and 26 base32 characters): the sort key of the lists keyed by id, and what a cursor issued
 * before cursors named their list (v1) may hold and still be taken.
 */
const ID_KEY = /^[a-z][a-z0-9]*_[0-9a-z]{26}$/;

// The cursor is opaque to clients but simple inside: the last sort key seen and the list that issued it
// (`l`, its path), versioned. A cursor another list issued is refused (422 at query.cursor), as a
// hand-made one is: taken, it read another list's key as this one's, and an id list answered an empty page
// (a sync script stopped early, believing it had every row). Cursors of v1 (before 2026-12-07, no list)
// are taken when their key is an id (a walk through an id list across the upgrade goes on); any other v1
// cursor is refused: the walk starts again from its first page.
export function encodeCursor(key: string): string {
  const list = currentList.getStore();
  const payload = list === undefined ? { v: 1, k: key } : { v: 2, k: key, l: list };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

function decodeCursor(cursor: string): string | null {
  let parsed: { v?: unknown; k?: unknown; l?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || typeof parsed.k !== 'string') return null;
  // No key the API issues holds NUL or a lone surrogate (ids, dates, numbers): a hand-made one reached SQL,
  // where PostgreSQL refused NUL (a 422 naming no field) and SQLite answered an empty page.
  if (parsed.k.includes('\u0000') || !parsed.k.isWellFormed()) return null;
  const list = currentList.getStore();
  if (parsed.v === 2 && typeof parsed.l === 'string') {
    return list === undefined || parsed.l === list ? parsed.k : null;
  }
  if (parsed.v === 1) return list === undefined || ID_KEY.test(parsed.k) ? parsed.k : null;
  return null;
}

/** Validates `limit` (1-100, default 50) and `cursor` from a query string. */
export function readPageRequest(query: { limit?: string; cursor?: string }): PageRequest {
  let limit = DEFAULT_PAGE_SIZE;
  if (query.limit !== undefined) {
    if (!/^\d+$/.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > MAX_PAGE_SIZE) {
      throw validationError([
        {
          loc: 'query.limit',
          msg: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
          type: 'invalid',
        },
      ]);
    }
    limit = Number(query.limit);
  }
  let after: string | null = null;
  if (query.cursor !== undefined && query.cursor !== '') {
    after = decodeCursor(query.cursor);
    if (after === null) {
      throw validationError([
        { loc: 'query.cursor', msg: 'cursor is not one this API issued', type: 'invalid' },
      ]);
    }
  }
  return { limit, after };
}

/**
 * Builds a page from up to `limit + 1` rows fetched in sort order: the extra row only tells whether
 * there is more. `keyOf` gives the sort key the next request resumes after.
 */
export function toPage<Row, Item>(
  rows: Row[],
  request: PageRequest,
  keyOf: (row: Row) => string,
  present: (row: Row) => Item,
): Page<Item> {
  const hasMore = rows.length > request.limit;
  const pageRows = hasMore ? rows.slice(0, request.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    data: pageRows.map(present),
    pagination: { has_more: hasMore, next_cursor: hasMore && last ? encodeCursor(keyOf(last)) : null },
  };
}

/** toPage whose `present` reads more (one row after the other, on the caller's connection). */
export async function toPageAsync<Row, Item>(
  rows: Row[],
  request: PageRequest,
  keyOf: (row: Row) => string,
  present: (row: Row) => Promise<Item>,
): Promise<Page<Item>> {
  const page = toPage(rows, request, keyOf, (row) => row);
  const data: Item[] = [];
  for (const row of page.data) data.push(await present(row));
  return { data, pagination: page.pagination };
}
