// An account's rows of one table, always asked for with the account (docs/architecture.md, "A module"):
// `scoped` for one row, and `accountRows`, the repo of a plain resource (products, customers, business
// profiles), for the queries every such table answers the same way.
import { and, desc, eq, inArray, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { PageRequest } from '../shared/pagination';
import type { DbOrTx } from './client';
import { preparedPerHandle } from './prepared';
import { containsText } from './text-search';

/** A table of one account's rows, keyed by a text id that grows with time (`newId`). */
export type AccountTable = SQLiteTable & { id: AnySQLiteColumn; accountId: AnySQLiteColumn };

/** The row `id` of `accountId`: another account's id finds nothing. */
export const scoped = (
  table: AccountTable,
  accountId: string | Placeholder,
  id: string | Placeholder,
): SQL | undefined => and(eq(table.accountId, accountId), eq(table.id, id));

/** `scoped` for a prepared statement (src/db/prepared.ts): run with `{ accountId, id }`. */
export const scopedByPlaceholders = (table: AccountTable): SQL | undefined =>
  scoped(table, sql.placeholder('accountId'), sql.placeholder('id'));

/** What a plain resource's repo answers; every query names the account. */
export interface AccountRows<Row, New> {
  insert(db: DbOrTx, row: New): Promise<Row>;
  find(db: DbOrTx, accountId: string, id: string): Promise<Row | undefined>;
  /**
   * The rows of `ids` the account has (another account's ids find nothing), in no particular order; one
   * query per 500 ids, none for no ids: for a page that names a few rows each (a documents list's parties).
   */
  findMany(db: DbOrTx, accountId: string, ids: readonly string[]): Promise<Row[]>;
  /**
   * Newest first, `page.limit + 1` rows after `page.after` (for `toPage`); `search` keeps the rows where
   * one of the search columns contains it (any case).
   */
  list(db: DbOrTx, accountId: string, page: PageRequest, search?: string): Promise<Row[]>;
  update(db: DbOrTx, accountId: string, id: string, changes: Partial<Row>): Promise<Row | undefined>;
  /** False when there was no such row. A row others still point at fails with the database's error. */
  remove(db: DbOrTx, accountId: string, id: string): Promise<boolean>;
}

/** Ids per `findMany` query: far below either engine's limit of bound parameters. */
const MANY_CHUNK = 500;

export function accountRows<T extends AccountTable>(
  table: T,
  options: { search: AnySQLiteColumn[] },
): AccountRows<T['$inferSelect'], T['$inferInsert']> {
  type Row = T['$inferSelect'];
  // The builders' types cannot follow a table handed in as a type parameter; the answers are typed here.
  const from = table as SQLiteTable;
  const one = (accountId: string, id: string) => scoped(table, accountId, id);
  // A read of one row, what most requests make of such a table: built once per handle (src/db/prepared.ts).
  const findOne = preparedPerHandle((db) =>
    db.select().from(from).where(scopedByPlaceholders(table)).prepare(),
  );
  // A list's first page without a search, what a client polls: the same, built once per handle.
  const firstPage = preparedPerHandle((db) =>
    db
      .select()
      .from(from)
      .where(eq(table.accountId, sql.placeholder('accountId')))
      .orderBy(desc(table.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  return {
    insert: async (db, row) => (await db.insert(from).values(row).returning().get()) as Row,
    find: async (db, accountId, id) => (await findOne(db).get({ accountId, id })) as Row | undefined,
    findMany: async (db, accountId, ids) => {
      const unique = [...new Set(ids)];
      const rows: Row[] = [];
      for (let i = 0; i < unique.length; i += MANY_CHUNK) {
        const chunk = unique.slice(i, i + MANY_CHUNK);
        const where = and(eq(table.accountId, accountId), inArray(table.id, chunk));
        rows.push(...((await db.select().from(from).where(where).all()) as Row[]));
      }
      return rows;
    },
    list: async (db, accountId, page, search = '') => {
      if (page.after === null && search === '') {
        return (await firstPage(db).all({ accountId, limit: page.limit + 1 })) as Row[];
      }
      const conditions = [eq(table.accountId, accountId), containsText(options.search, search)];
      if (page.after !== null) conditions.push(lt(table.id, page.after));
      const rows = await db
        .select()
        .from(from)
        .where(and(...conditions))
        .orderBy(desc(table.id))
        .limit(page.limit + 1)
        .all();
      return rows as Row[];
    },
    update: async (db, accountId, id, changes) => {
      const row = await db.update(from).set(changes).where(one(accountId, id)).returning().get();
      return row as Row | undefined;
    },
    remove: async (db, accountId, id) => {
      const gone = await db.delete(from).where(one(accountId, id)).returning({ id: table.id }).all();
      return gone.length > 0;
    },
  };
}
