import type postgres from 'postgres';
import { within } from '../shared/deadline';
import { DbError, dbErrorOf } from './errors';
import { fromPostgresError, isSessionEnded } from './postgres-errors';
import { toPostgresSql } from './postgres-sql';

// One statement on PostgreSQL through postgres.js, on the pool or a held connection, with its errors mapped
// to the port's (src/db/postgres-errors.ts), tried again on a serialization failure; and the wait for a
// connection of the pool that a transaction or a READ COMMITTED statement holds (src/db/postgres.ts).

export type Method = 'run' | 'all' | 'values' | 'get';

/**
 * How long opening a connection may take before the statement waiting for it fails as `unavailable` (503):
 * during a restart a connection can be taken by the server's listening socket and never answered; 10 s
 * outlasted the HTTP server's idle timeout, so the client saw its connection reset instead of a 503.
 */
export const CONNECT_TIMEOUT_SECONDS = 5;
/** A statement outside a transaction meeting a serialization failure is tried this often. */
const STATEMENT_ATTEMPTS = 8;

export const rethrowMapped = (error: unknown): never => {
  throw fromPostgresError(error);
};

export async function execute(connection: postgres.Sql, text: string, params: unknown[], method: Method) {
  try {
    const query = connection.unsafe(toPostgresSql(text), params as postgres.ParameterOrJSON<never>[], {
      prepare: true,
    });
    if (method !== 'run') query.values();
    // Sent now, not when first awaited (a tick later): queries the caller sends after it go out after it.
    query.execute();
    if (method === 'run') {
      await query;
      return [];
    }
    const rows = (await query) as unknown as unknown[][];
    return method === 'get' ? (rows[0] as unknown[]) : rows;
  } catch (error) {
    throw fromPostgresError(error);
  }
}

/**
 * How long a transaction (or a statement at READ COMMITTED) waits for a connection of the pool: a connect's
 * own time limit and a second. Past it the answer is 503 `unavailable`, as when the server cannot be reached.
 */
const RESERVE_WAIT_MS = (CONNECT_TIMEOUT_SECONDS + 1) * 1000;

/**
 * A connection of the pool held for one transaction, or `unavailable` after RESERVE_WAIT_MS. Unbounded, a
 * reservation that postgres.js never hands over (it lost them when the session opened for one closed first:
 * scripts/patch-dependencies.mjs) held this instance's turn of serializable transactions for good, and every
 * write of the instance waited behind it. A connection handed over after the wait is given back at once.
 */
export async function reserveWithin(client: postgres.Sql): Promise<postgres.ReservedSql> {
  let gaveUp = false;
  const reserving = client.reserve();
  reserving.then(
    (connection) => gaveUp && connection.release(),
    () => undefined,
  );
  try {
    return await within(reserving, RESERVE_WAIT_MS, () => {
      gaveUp = true;
      throw new DbError(
        'unavailable',
        `No database connection within ${RESERVE_WAIT_MS / 1000} s`,
        undefined,
        undefined,
      );
    });
  } catch (error) {
    throw fromPostgresError(error);
  }
}

/**
 * A statement on its own is a transaction of its own: tried again on a serialization failure. A read on
 * its own whose connection was ended under it (pg_terminate_backend, an idle session's time limit, a
 * socket reset) is tried once more, on another connection: it changed nothing, and it is often the answer
 * of work that has committed (a finalize's response reads the document's links after its transaction), which
 * answered 503 "retry" for work that was done.
 */
export async function statement(client: postgres.Sql, text: string, params: unknown[], method: Method) {
  let reconnected = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await execute(client, text, params, method);
    } catch (error) {
      if (!reconnected && isRead(text) && isSessionEnded(error)) {
        reconnected = true;
        continue;
      }
      if (attempt >= STATEMENT_ATTEMPTS || !isSerializationFailure(error)) throw error;
      await Bun.sleep(backoffMs(attempt));
    }
  }
}

/** drizzle's SELECTs (lower case, as it writes them); a locking read has no meaning outside a transaction. */
const isRead = (text: string) => text.startsWith('select ');

/**
 * A statement on its own at READ COMMITTED (`atReadCommitted`): its own transaction on a connection of the
 * pool, BEGIN, the statement and COMMIT sent together in one round trip, so a row it locks is held only
 * while PostgreSQL runs it, not while this process reads the answer. A failed statement aborts the
 * transaction and the COMMIT behind it then rolls back (without an error of its own): the connection goes
 * back to the pool clean either way.
 */
export async function readCommitted(client: postgres.Sql, text: string, params: unknown[], method: Method) {
  const connection = await reserveWithin(client);
  const settled = (query: postgres.PendingQuery<postgres.Row[]>) =>
    query.execute().then(
      () => undefined,
      (error: unknown) => error,
    );
  try {
    // postgres.js sends each query in the order it is executed (or first awaited): BEGIN, the statement
    // (executed inside `execute`, synchronously), COMMIT.
    const begun = settled(connection.unsafe('BEGIN ISOLATION LEVEL READ COMMITTED'));
    const ran = execute(connection, text, params, method);
    const committed = settled(connection.unsafe('COMMIT'));
    const rows = await ran.finally(() => Promise.all([begun, committed]));
    const failed = (await begun) ?? (await committed);
    if (failed !== undefined) throw fromPostgresError(failed);
    return rows;
  } finally {
    connection.release();
  }
}

export const isSerializationFailure = (error: unknown) => dbErrorOf(error)?.code === 'busy';

/**
 * The first retry at once (the winner has just committed: a loser that waited on its row lock finds it
 * free), then exponential with jitter, capped, so losers of a crowd spread out instead of colliding again.
 */
export const backoffMs = (attempt: number) =>
  attempt === 1 ? 0 : Math.min(200, 2 ** attempt) * (0.5 + Math.random());
