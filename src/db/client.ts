import { Database as SqliteDatabase } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type BunSQLiteDatabase, drizzle } from 'drizzle-orm/bun-sqlite';

// No relational schema is handed to drizzle: every query names its table (each module owns its schema.ts).
export type Db = BunSQLiteDatabase & { $client: SqliteDatabase };
/** A transaction handle has the same query API; use-cases accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  sqlite: SqliteDatabase;
  close(): void;
}

/**
 * Opens the SQLite file with the settings the service relies on: WAL so readers never block the writer
 * (the admin CLI may write while the server runs), foreign keys enforced, and a busy timeout so a
 * concurrent writer waits instead of failing.
 */
export function openDatabase(file: string): DbHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file, { create: true, strict: true });
  // First: switching a new file to WAL needs a lock that another process opening it may hold for a moment.
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  cacheStatements(sqlite);
  const db = drizzle(sqlite) as Db;
  return { db, sqlite, close: () => sqlite.close() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * drizzle compiles every query's SQL anew (`client.prepare` on each call): about a tenth of the main thread
 * of a render request went to SQLite's compiler. The service's queries are a few hundred distinct texts,
 * so the compiled statements are kept by SQL text (least recently used out first). Safe because every
 * query runs to completion synchronously before the next one starts (drizzle never iterates lazily), and
 * nothing finalizes statements; an evicted one is left to the garbage collector.
 */
function cacheStatements(sqlite: SqliteDatabase): void {
  const compile = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, ReturnType<typeof compile>>();
  sqlite.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement) cache.delete(sql);
    else {
      statement = compile(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, statement);
    return statement;
  }) as typeof sqlite.prepare;
}
