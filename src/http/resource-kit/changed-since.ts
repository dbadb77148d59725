// `?updated_since=` on a plain resource's list (customers, products): what a shop's sync reads instead of
// the whole list again, as the documents list's filter of the same name (docs/documents.md).
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';
import type { AccountTable } from '../../db/scoped';
import { containsText } from '../../db/text-search';
import type { PageRequest } from '../../shared/pagination';

/** A plain resource's table whose rows say when they last changed (`updated_at`, moved by every change). */
export type ChangingTable = AccountTable & { updatedAt: AnySQLiteColumn };

/** Lists the account's rows changed at or after a time, newest first, a page after `page.after`. */
export type ChangedSince<Row> = (
  db: DbOrTx,
  accountId: string,
  since: string,
  page: PageRequest,
  search?: string,
) => Promise<Row[]>;

/**
 * The rows of `table` changed at or after `since` (an ISO time, as `updated_at` is stored), in the list's
 * own order (newest first by id, the cursor's key), `search` as the list's `?q=` over `searchColumns`.
 */
export function changedSinceRows<T extends ChangingTable>(
  table: T,
  searchColumns: AnySQLiteColumn[],
): ChangedSince<T['$inferSelect']> {
  const from = table as SQLiteTable;
  return async (db, accountId, since, page, search = '') => {
    const conditions = [
      eq(table.accountId, accountId),
      gte(table.updatedAt, since),
      containsText(searchColumns, search),
    ];
    if (page.after !== null) conditions.push(lt(table.id, page.after));
    return (await db
      .select()
      .from(from)
      .where(and(...conditions))
      .orderBy(desc(table.id))
      .limit(page.limit + 1)
      .all()) as T['$inferSelect'][];
  };
}
