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

// The cursor is opaque to clients but simple inside: the last sort key seen, versioned for later changes.
export function encodeCursor(key: string): string {
  return Buffer.from(JSON.stringify({ v: 1, k: key })).toString('base64url');
}

function decodeCursor(cursor: string): string | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      v?: unknown;
      k?: unknown;
    };
    return parsed.v === 1 && typeof parsed.k === 'string' ? parsed.k : null;
  } catch {
    return null;
  }
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
