// Pages of the rows the database keeps per document for the receivables and payables (`receivableItems`
// here, receiving's `payableItems`; docs/reports.md): a report on a day reads only the rows not settled for
// good by then, in the order of the day they are settled from and their id, which each table's open index
// begins with (after the account), so a page is a range of that index and the next page starts after the
// last row's day and id (JSON).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';

/** The columns a table of kept rows is paged by. */
export interface KeptKeys {
  accountId: AnySQLiteColumn;
  settledFrom: AnySQLiteColumn;
  documentId: AnySQLiteColumn;
}

/** The index's order: the day a row is settled from, then its id. */
export const keptOrder = (t: KeptKeys): SQL => sql`${t.settledFrom}, ${t.documentId}`;

/**
 * The account's rows of `t` not settled for good by `asOf`, after `after` (a row's day and id as JSON, or
 * null for the first page), that `which` asks for as well.
 */
export function openRows(
  t: KeptKeys,
  accountId: string,
  asOf: string,
  after: string | null,
  ...which: (SQL | undefined)[]
): SQL | undefined {
  const [afterDay, afterId] = after === null ? [null, null] : (JSON.parse(after) as [string, string]);
  return and(
    eq(t.accountId, accountId),
    sql`${t.settledFrom} > ${asOf}`,
    afterDay == null ? undefined : sql`(${t.settledFrom}, ${t.documentId}) > (${afterDay}, ${afterId ?? ''})`,
    ...which,
  );
}

/**
 * Where a page of `limit` rows of `t` that `where` asks for ends: its last row, found from the index alone,
 * as a bound for the statement that sums the page (none on the last page) and the next page's start.
 */
export async function pageEnd(
  db: DbOrTx,
  t: KeptKeys,
  where: SQL | undefined,
  limit: number,
): Promise<{ upTo: SQL | undefined; next: string | null }> {
  const [edge] = await db.all<[string, string]>(sql`
    SELECT ${t.settledFrom}, ${t.documentId} FROM ${t.accountId.table} WHERE ${where}
    ORDER BY ${keptOrder(t)} LIMIT 1 OFFSET ${limit - 1}`);
  if (!edge) return { upTo: undefined, next: null };
  return {
    upTo: sql`(${t.settledFrom}, ${t.documentId}) <= (${edge[0]}, ${edge[1]})`,
    next: JSON.stringify(edge),
  };
}
