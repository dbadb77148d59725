import { Database as SqliteDatabase, type Statement } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { dbErrorOf } from './errors';
import { TransactionGate } from './gate';
import type { Db, Tx } from './port';
import type { PostgresHandle } from './postgres';
import { fromSqliteError } from './sqlite-errors';

export type { Db, DbOrTx, Tx } from './port';

export interface SqliteHandle {
  engine: 'sqlite';
  db: Db;
  /**
   * SQLITE-ONLY: the raw bun:sqlite handle, for what has no place behind the port (migrations, backup's
   * VACUUM INTO, restore's integrity check). PostgreSQL has its own paths for these.
   */
  sqlite: SqliteDatabase;
  close(): Promise<void>;
}

/** The opened database, whichever engine: `engine` tells which, for the few engine-specific paths. */
export type DbHandle = SqliteHandle | PostgresHandle;

/** Attempts of one transaction that met a serialization failure (SQLITE_BUSY; PostgreSQL's 40001 later). */
const TRANSACTION_ATTEMPTS = 3;

/**
 * Opens the SQLite file with the settings the service relies on: WAL so readers never block the writer
 * (the admin CLI may write while the server runs), foreign keys enforced, and a busy timeout so a
 * concurrent writer waits instead of failing.
 */
export function openDatabase(file: string): SqliteHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file, { create: true, strict: true });
  // First: switching a new file to WAL needs a lock that another process opening it may hold for a moment.
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  // A REPLACE deletes the row it replaces; only with this on do the delete triggers see it (the reports'
  // kept sums, migrations 0031: without it a replaced document would be counted twice).
  sqlite.exec('PRAGMA recursive_triggers = ON');
  cacheStatements(sqlite);
  const gate = new TransactionGate<Tx>();
  const db = drizzle(async (sql, params, method) => {
    await gate.admit();
    // Synchronous from here: no other chain's statement runs between the gate and the result.
    // SQLite itself rolls back on some failures (a full disk): drizzle's ROLLBACK would then fail and
    // hide the error that matters.
    if (sql === 'rollback' && !sqlite.inTransaction) return { rows: [] };
    return { rows: execute(sqlite.prepare(sql), params, method) };
  });
  gateTransactions(db, gate);
  return {
    engine: 'sqlite',
    db,
    sqlite,
    close: async () => {
      sqlite.close();
    },
  };
}

function execute(statement: Statement, params: unknown[], method: 'run' | 'all' | 'values' | 'get') {
  try {
    const bound = params as never[];
    if (method === 'run') {
      statement.run(...bound);
      return [];
    }
    const rows = statement.values(...bound);
    return method === 'get' ? (rows[0] as unknown as unknown[]) : rows;
  } catch (error) {
    throw fromSqliteError(error);
  }
}

/**
 * Every transaction goes through the gate (it holds the connection for its whole body) and is retried
 * from the start when the engine reports a serialization failure. Called inside the open transaction, it
 * joins that one: the caller's work commits or rolls back with it.
 */
function gateTransactions(db: Db, gate: TransactionGate<Tx>): void {
  const begin = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const joined = gate.joined();
    if (joined) return work(joined);
    for (let attempt = 1; ; attempt++) {
      try {
        return await gate.hold(() =>
          begin((tx) => {
            gate.attach(tx);
            return work(tx);
          }, config),
        );
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isSerializationFailure(error)) throw error;
        await Bun.sleep(10 * 2 ** attempt + Math.random() * 10);
      }
    }
  }) as Db['transaction'];
}

const isSerializationFailure = (error: unknown) => dbErrorOf(error)?.code === 'busy';

/** The readiness check, on any engine (src/db/readiness.ts). */
export { ping } from './readiness';

const STATEMENT_CACHE_SIZE = 500;

/**
 * drizzle compiles every query's SQL anew (`client.prepare` on each call): about a tenth of the main thread
 * of a render request went to SQLite's compiler. The service's queries are a few hundred distinct texts,
 * so the compiled statements are kept by SQL text (least recently used out first). Safe because every
 * statement runs to completion synchronously inside the driver callback before the next one starts (its
 * rows are read whole), and nothing finalizes statements; an evicted one is left to the garbage collector.
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
