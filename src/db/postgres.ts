import { drizzle } from 'drizzle-orm/sqlite-proxy';
import postgres from 'postgres';
import { dbErrorOf } from './errors';
import { transactionContext } from './gate';
import { migratePostgres } from './migrate-postgres';
import type { Db, Tx } from './port';
import { fromPostgresError } from './postgres-errors';
import { toPostgresSql } from './postgres-sql';

/**
 * PostgreSQL behind the same port (DATABASE_URL): the query builder stays drizzle's SQLite one (one schema,
 * one set of queries), and this driver callback runs its SQL on PostgreSQL through postgres.js, with the
 * few differences of the SQL text bridged in one place (src/db/postgres-sql.ts) and the rest made equal in
 * the schema (bytewise text, 0/1 integers for booleans; scripts/pg-schema.ts) and the migrations (SQLite's
 * `instr` and `json_extract` as functions).
 *
 * Invariants: every transaction, and every statement outside one, runs SERIALIZABLE, so what was correct
 * under SQLite's single writer (read a sequence, then write the next number; count a quota, then reserve;
 * move a default) stays correct with many connections and many instances: PostgreSQL aborts one of two
 * conflicting transactions with a serialization failure (40001) and the port runs it again from the start.
 * Transactions take a connection of the pool for their whole body; statements outside one use any.
 *
 * Driver: postgres.js, chosen by test (test/integration/pg-driver-concurrency.test.ts) over Bun's SQL client.
 */
export interface PostgresHandle {
  engine: 'postgresql';
  db: Db;
  /** The pool, for what has no place behind the port (advisory locks). */
  client: postgres.Sql;
  /**
   * Calls `listener` when any instance on this database commits a new job (LISTEN/NOTIFY), so idle job
   * runtimes start it now instead of at their next poll. Returns the unsubscribe.
   */
  onJobsEnqueued(listener: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Connections per instance by default (transactions hold one for their body): DATABASE_POOL_SIZE. */
export const DEFAULT_POOL_SIZE = 10;
/**
 * How long opening a connection may take before the statement waiting for it fails as `unavailable` (503):
 * during a restart a connection can be taken by the server's listening socket and never answered; 10 s
 * outlasted the HTTP server's idle timeout, so the client saw its connection reset instead of a 503.
 */
const CONNECT_TIMEOUT_SECONDS = 5;
/** How long a transaction that keeps meeting serialization failures is tried again before its error stands. */
const RETRY_BUDGET_MS = 20_000;
/** A statement outside a transaction meeting a serialization failure is tried this often. */
const STATEMENT_ATTEMPTS = 8;

type Method = 'run' | 'all' | 'values' | 'get';

/** The open transaction of an async chain: its connection and drizzle handle (in the shared context). */
interface Scope {
  connection: postgres.ReservedSql;
  tx: Tx | undefined;
  open: boolean;
  /** The transaction added a job: every instance hears of it when it commits. */
  enqueued: boolean;
}

/** The channel an enqueue notifies on (delivered at commit); every instance's job runtime listens. */
const JOBS_CHANNEL = 'invoice_service_jobs';
const addsJob = (text: string) => text.startsWith('insert into "jobs"');

export async function openPostgres(
  url: string,
  options: { poolSize?: number } = {},
): Promise<PostgresHandle> {
  const client = postgres(url, {
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    // After the server went away (a restart), connections are opened again soon: postgres.js's own backoff
    // grows to 20 s between tries, which kept an instance answering 503 long after the database was back.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    prepare: true,
    onnotice: () => {},
    connection: {
      application_name: 'invoice-service',
      default_transaction_isolation: 'serializable',
      // An instance that stalls mid-transaction (frozen, cut off) gives its rows back after this; no
      // transaction of the service waits that long on its own.
      idle_in_transaction_session_timeout: 60_000,
    },
    // bigint columns (integers, counts) as numbers, as SQLite gives them; the service's integers are far below 2^53.
    types: {
      int8: {
        to: 20,
        from: [20],
        serialize: (value: unknown) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  });
  try {
    await migratePostgres(client);
  } catch (error) {
    await client.end({ timeout: 1 });
    throw error;
  }
  const db = drizzle(async (text, params, method) => {
    const scope = openScope();
    if (scope === undefined) {
      const rows = await statement(client, text, params, method as Method);
      if (addsJob(text)) void client.notify(JOBS_CHANNEL, '').catch(() => undefined);
      return { rows };
    }
    if (/^begin\b/i.test(text)) {
      await scope.connection.unsafe('BEGIN ISOLATION LEVEL SERIALIZABLE').catch(rethrowMapped);
      return { rows: [] };
    }
    if (text === 'commit' && scope.enqueued)
      await scope.connection.unsafe(`NOTIFY ${JOBS_CHANNEL}`).catch(rethrowMapped);
    if (addsJob(text)) scope.enqueued = true;
    return { rows: await execute(scope.connection, text, params, method as Method) };
  });
  retryTransactions(db, client);
  return {
    engine: 'postgresql',
    db,
    client,
    async onJobsEnqueued(listener) {
      const { unlisten } = await client.listen(JOBS_CHANNEL, () => listener());
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

const rethrowMapped = (error: unknown): never => {
  throw fromPostgresError(error);
};

function openScope(): Scope | undefined {
  const store = transactionContext.getStore() as Partial<Scope> | undefined;
  return store?.open === true && store.connection !== undefined ? (store as Scope) : undefined;
}

async function execute(connection: postgres.Sql, text: string, params: unknown[], method: Method) {
  try {
    const query = connection.unsafe(toPostgresSql(text), params as postgres.ParameterOrJSON<never>[], {
      prepare: true,
    });
    if (method === 'run') {
      await query;
      return [];
    }
    const rows = (await query.values()) as unknown[][];
    return method === 'get' ? (rows[0] as unknown[]) : rows;
  } catch (error) {
    throw fromPostgresError(error);
  }
}

/** A statement on its own is a transaction of its own: tried again on a serialization failure. */
async function statement(client: postgres.Sql, text: string, params: unknown[], method: Method) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await execute(client, text, params, method);
    } catch (error) {
      if (attempt >= STATEMENT_ATTEMPTS || !isSerializationFailure(error)) throw error;
      await Bun.sleep(backoffMs(attempt));
    }
  }
}

/**
 * Every transaction takes a pooled connection for its whole body and is run again from the start on a
 * serialization failure or deadlock, for up to RETRY_BUDGET_MS. Called inside an open transaction it joins
 * that one. `work` may run more than once: effects outside the database belong after it.
 *
 * An instance's transactions take turns (statements outside transactions do not wait): most of them touch
 * the same few rows (a sequence's next number, an account's quota, the jobs table), and run side by side
 * they abort each other over and over (bench/instances.ts, one instance: p95 of a reads-and-creates mix 1.7 s
 * side by side, 0.16-0.22 s in turns). Across instances they still meet, and the retry settles it. Not a
 * lock across instances (an advisory lock held for each transaction's turn halved two instances' p95 but
 * let one frozen instance stop every other's writes): a stalled instance holds only its rows, and only for
 * `idle_in_transaction_session_timeout`.
 */
function retryTransactions(db: Db, client: postgres.Sql): void {
  const begin = db.transaction.bind(db);
  let turn: Promise<void> = Promise.resolve();
  db.transaction = (async (work, config) => {
    const joined = openScope();
    if (joined?.tx) return work(joined.tx);
    const deadline = Date.now() + RETRY_BUDGET_MS;
    for (let attempt = 1; ; attempt++) {
      const previous = turn;
      let done!: () => void;
      turn = new Promise((resolve) => {
        done = resolve;
      });
      await previous;
      let connection: postgres.ReservedSql;
      try {
        connection = await client.reserve();
      } catch (error) {
        done();
        throw fromPostgresError(error);
      }
      const scope: Scope = { connection, tx: undefined, open: true, enqueued: false };
      try {
        return await transactionContext.run(scope, () =>
          begin((tx) => {
            scope.tx = tx;
            return work(tx);
          }, config),
        );
      } catch (error) {
        if (!isSerializationFailure(error) || Date.now() > deadline) throw error;
      } finally {
        scope.open = false;
        connection.release();
        done();
      }
      await Bun.sleep(backoffMs(attempt));
    }
  }) as Db['transaction'];
}

const isSerializationFailure = (error: unknown) => dbErrorOf(error)?.code === 'busy';

/**
 * The first retry at once (the winner has just committed: a loser that waited on its row lock finds it
 * free), then exponential with jitter, capped, so losers of a crowd spread out instead of colliding again.
 */
const backoffMs = (attempt: number) =>
  attempt === 1 ? 0 : Math.min(200, 2 ** attempt) * (0.5 + Math.random());
