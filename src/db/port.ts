import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';

/**
 * The persistence port: drizzle's async SQLite-dialect database (sqlite-core schemas, every query a Promise).
 * Two engines sit behind it: embedded SQLite through bun:sqlite (the default, here) and PostgreSQL when
 * DATABASE_URL is set (src/db/postgres.ts), with the same async API, transactions and DbError codes.
 * No relational schema is handed to drizzle: every query names its table (each module owns its schema.ts).
 */
export type Db = SqliteRemoteDatabase;
/** A transaction handle has the same query API; use-cases accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
