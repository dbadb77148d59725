// The rows of a link between two modules (docs/architecture.md, "Links between modules"): the linking
// module keeps, in a table of its own, which of another module's rows points at which of its own (a
// document's cost centre), so the other module's tables never change. One row per linked row at most: the
// key column (`document_id`) is the table's primary key, the value column (`cost_centre_id`) the link.
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from './client';
import { preparedPerHandle } from './prepared';

/** A link table: one account's rows, a key column and a value column. */
export type LinkTable = SQLiteTable & { accountId: AnySQLiteColumn };

/** What a link table answers; every query names the account. */
export interface LinkRows {
  /** The linked value of each of `keys` that has one. */
  valuesOf(db: DbOrTx, accountId: string, keys: readonly string[]): Promise<Map<string, string>>;
  /** Links `key` to `value`, or unlinks it (null). */
  set(db: DbOrTx, accountId: string, key: string, value: string | null): Promise<void>;
  /** The keys linked to `value`, as a subquery (`inArray(documents.id, keysOf(...))`). */
  keysOf(accountId: string, value: string): SQL;
}

/** 500 keys per query: far below either engine's limit of bound parameters. */
const CHUNK = 500;

export function linkRows(
  table: LinkTable,
  columns: { key: AnySQLiteColumn; value: AnySQLiteColumn },
): LinkRows {
  // The builders take a row by its properties' names, not its columns' ones.
  const property = (column: AnySQLiteColumn) => {
    const found = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
    if (!found) throw new Error(`linkRows: ${column.name} is not a column of the link table`);
    return found[0];
  };
  const names = {
    account: property(table.accountId),
    key: property(columns.key),
    value: property(columns.value),
  };
  const from = table as SQLiteTable;
  const one = (accountId: string, key: string) => and(eq(table.accountId, accountId), eq(columns.key, key));
  // One resource's value (a read of one document): built once per handle (src/db/prepared.ts).
  const valueOfOne = preparedPerHandle((db) =>
    db
      .select({ key: columns.key, value: columns.value })
      .from(from)
      .where(and(eq(table.accountId, sql.placeholder('accountId')), eq(columns.key, sql.placeholder('key'))))
      .prepare(),
  );
  return {
    valuesOf: async (db, accountId, keys) => {
      const values = new Map<string, string>();
      if (keys.length === 1) {
        const row = await valueOfOne(db).get({ accountId, key: keys[0] });
        if (row) values.set(row.key as string, row.value as string);
        return values;
      }
      for (let i = 0; i < keys.length; i += CHUNK) {
        const rows = await db
          .select({ key: columns.key, value: columns.value })
          .from(from)
          .where(and(eq(table.accountId, accountId), inArray(columns.key, keys.slice(i, i + CHUNK))))
          .all();
        for (const row of rows) values.set(row.key as string, row.value as string);
      }
      return values;
    },
    set: async (db, accountId, key, value) => {
      if (value === null) {
        await db.delete(from).where(one(accountId, key)).run();
        return;
      }
      const changed = await db
        .update(from)
        .set({ [names.value]: value })
        .where(one(accountId, key))
        .returning({ key: columns.key })
        .all();
      if (changed.length > 0) return;
      await db
        .insert(from)
        .values({ [names.account]: accountId, [names.key]: key, [names.value]: value })
        .run();
    },
    keysOf: (accountId, value) =>
      sql`(select ${columns.key} from ${table} where ${table.accountId} = ${accountId} and ${columns.value} = ${value})`,
  };
}
