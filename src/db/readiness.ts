import { sql } from 'drizzle-orm';
import { DbError } from './errors';
import type { Db } from './port';

/**
 * What /ready asks of the database, per engine: SQLite's one round trip, or an engine's own check that
 * the database takes writes (registered by its driver, src/db/postgres.ts). A PostgreSQL server that
 * answers reads but refuses every write (a standby behind the name after a failover,
 * `default_transaction_read_only`) passed `SELECT 1`, and the load balancer kept sending it requests that
 * all failed.
 */
const checks = new WeakMap<Db, (db: Db) => Promise<void>>();

export function setReadinessCheck(db: Db, check: (db: Db) => Promise<void>): void {
  checks.set(db, check);
}

/** One round trip through the port (and its transaction gate), and the engine's own check. */
export async function ping(db: Db): Promise<void> {
  const check = checks.get(db);
  if (check !== undefined) return await check(db);
  await db.get(sql`SELECT 1`);
}

/** PostgreSQL's: whether the session takes writes (`transaction_read_only` off). */
export async function postgresWritable(db: Db): Promise<boolean> {
  const [readOnly] = await db.get<[string]>(sql`SELECT current_setting('transaction_read_only')`);
  return readOnly !== 'on';
}

/** What /ready fails with for a server that takes no writes: a 503 `unavailable`, as for one away. */
export const readOnlyDatabase = () =>
  new DbError(
    'unavailable',
    'The database takes no writes (transaction_read_only is on)',
    undefined,
    undefined,
  );
