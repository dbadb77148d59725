import { drizzle } from 'drizzle-orm/sqlite-proxy';
import postgres from 'postgres';
import { isForeignKeyViolation } from './errors';
import { type Isolation, statementIsolation, type TransactionConfig, transactionContext } from './gate';
import { migratePostgres } from './migrate-postgres';
import type { Db, Tx } from './port';
import { isReadOnlyRefusal } from './postgres-errors';
import { postgresSockets } from './postgres-socket';
import {
  backoffMs,
  CONNECT_TIMEOUT_SECONDS,
  execute,
  isSerializationFailure,
  type Method,
  readCommitted,
  reserveWithin,
  rethrowMapped,
  statement,
} from './postgres-statements';
import { postgresWritable, readOnlyDatabase, setReadinessCheck } from './readiness';

/**
 * PostgreSQL behind the same port (DATABASE_URL): the query builder stays drizzle's SQLite one (one schema,
 * one set of queries), and this driver callback runs its SQL on PostgreSQL through postgres.js, with the
 * few differences of the SQL text bridged in one place (src/db/postgres-sql.ts) and the rest made equal in
 * the schema (bytewise text, 0/1 integers for booleans; scripts/pg-schema.ts) and the migrations (SQLite's
 * `instr` and `json_extract` as functions).
 *
 * Invariants: every transaction, and every statement outside one, runs SERIALIZABLE unless it asks for READ
 * COMMITTED (src/db/gate.ts, `Isolation`), so what was correct under SQLite's single writer (count a quota,
 * then reserve; move a default) stays correct with many connections and many instances: PostgreSQL aborts
 * one of two conflicting transactions with a serialization failure (40001) and the port runs it again from
 * the start. What asks for READ COMMITTED decides only by row locks, keys and single atomic statements (a
 * document's number: one `UPDATE ... RETURNING` under the sequence row's lock, which a second creator waits
 * for instead of aborting). Transactions take a connection of the pool for their whole body; statements
 * outside one use any.
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
  /** The migrations this opening applied (tags, in order); none when the database was up to date. */
  applied: string[];
  close(): Promise<void>;
}

/** Connections per instance by default (transactions hold one for their body): DATABASE_POOL_SIZE. */
export const DEFAULT_POOL_SIZE = 10;
/** How long a transaction that keeps meeting serialization failures is tried again before its error stands. */
const RETRY_BUDGET_MS = 20_000;
/** The longest transaction-control statement drizzle sends (`rollback to savepoint sp12`, with room). */
const UTILITY_LENGTH = 48;
/** A READ COMMITTED transaction meeting a foreign key violation is tried this often (see retryTransactions). */
const FOREIGN_KEY_ATTEMPTS = 3;

/** The open transaction of an async chain: its connection and drizzle handle (in the shared context). */
interface Scope {
  connection: postgres.ReservedSql;
  tx: Tx | undefined;
  open: boolean;
  isolation: Isolation;
  /** BEGIN, SAVEPOINT and RELEASE not sent yet (see `inScope`). */
  pending: string[];
  /** Whether anything reached the server: a transaction that sent nothing has nothing to end. */
  sent: boolean;
  /** The transaction added a job: every instance hears of it when it commits. */
  enqueued: boolean;
}

/** The channel an enqueue notifies on (delivered at commit); every instance's job runtime listens. */
const JOBS_CHANNEL = 'invoice_service_jobs';
const addsJob = (text: string) => text.startsWith('insert into "jobs"');

/** The least time between two closings of the pool's idle connections for a read-only session. */
const READ_ONLY_RECYCLE_MS = 1_000;
/** A statement that writes: one that went through says the server takes writes (again). */
const WRITE = /^\s*(insert|update|delete)\b/i;

/** How long a connection may wait for the server's answer before it is ended: DATABASE_ANSWER_TIMEOUT_SECONDS. */
export const DEFAULT_ANSWER_TIMEOUT_SECONDS = 90;

/** Several hosts (`host1,host2`): postgres.js tries them in turn itself, so it opens its sockets itself. */
const severalHosts = (url: string) => /^[a-z]+:\/\/[^/?#]*,/i.test(url);

export async function openPostgres(
  url: string,
  options: { poolSize?: number; answerTimeoutSeconds?: number } = {},
): Promise<PostgresHandle> {
  const sockets = severalHosts(url)
    ? undefined
    : postgresSockets((options.answerTimeoutSeconds ?? DEFAULT_ANSWER_TIMEOUT_SECONDS) * 1000);
  // postgres.js takes `socket` (a function giving it the caller's sockets) though its types do not name it.
  const socketOption = sockets === undefined ? {} : { socket: sockets.open };
  const client = postgres(url, {
    ...socketOption,
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
  let applied: string[];
  try {
    ({ applied } = await migratePostgres(client));
  } catch (error) {
    await client.end({ timeout: 1 });
    throw error;
  }
  // Silences are judged once the migrations are done (they may run a statement for minutes).
  sockets?.start();
  // Sessions opened read-only stay so: closed when one is met, so the pool's next are opened afresh (see
  // `recycleIdle`); at most once a second, since each close costs a connect.
  let recycledAt = 0;
  // A read-only refusal was met: the sessions opened meanwhile stay read-only once the server takes writes
  // again, so the first sign that it does (a write that went through, /ready's check) replaces them all.
  let readOnlySeen = false;
  const writableAgain = () => {
    if (!readOnlySeen) return;
    readOnlySeen = false;
    sockets?.recycleAll();
  };
  const recycleReadOnly = () => {
    readOnlySeen = true;
    if (sockets === undefined || Date.now() - recycledAt < READ_ONLY_RECYCLE_MS) return;
    recycledAt = Date.now();
    sockets.recycleIdle();
  };
  const db = drizzle(async (text, params, method) => {
    try {
      const scope = openScope();
      if (scope === undefined) {
        if (statementIsolation.getStore() === 'read committed')
          return { rows: await readCommitted(client, text, params, method as Method) };
        const rows = await statement(client, text, params, method as Method);
        if (addsJob(text)) void client.notify(JOBS_CHANNEL, '').catch(() => undefined);
        if (readOnlySeen && WRITE.test(text)) writableAgain();
        return { rows };
      }
      if (addsJob(text)) scope.enqueued = true;
      const rows = await inScope(scope, text, params, method as Method);
      if (readOnlySeen && WRITE.test(text)) writableAgain();
      return { rows };
    } catch (error) {
      if (isReadOnlyRefusal(error)) recycleReadOnly();
      throw error;
    }
  });
  retryTransactions(db, client);
  setReadinessCheck(db, async (checked) => {
    if (await postgresWritable(checked)) return writableAgain();
    recycleReadOnly();
    throw readOnlyDatabase();
  });
  return {
    engine: 'postgresql',
    db,
    client,
    applied,
    async onJobsEnqueued(listener) {
      const { unlisten } = await client.listen(JOBS_CHANNEL, () => listener());
      return unlisten;
    },
    close: () => {
      sockets?.stop();
      return client.end({ timeout: 5 });
    },
  };
}

function openScope(): Scope | undefined {
  const store = transactionContext.getStore() as Partial<Scope> | undefined;
  return store?.open === true && store.connection !== undefined ? (store as Scope) : undefined;
}

/**
 * A statement of an open transaction. BEGIN, SAVEPOINT and RELEASE SAVEPOINT answer nothing the work waits
 * for: they are held back and sent with the next statement in its round trip (postgres.js pipelines them on
 * the reserved connection, in order), or not at all when nothing ran between them (a savepoint released
 * or rolled back untouched, a transaction that ran nothing). Each round trip counts where a transaction
 * holds a row lock: a document's create holds its sequence's from the number to COMMIT (number, SAVEPOINT +
 * INSERT, RELEASE + COMMIT: three round trips instead of five), and every other create of the sequence,
 * on any instance, waits that long.
 */
async function inScope(scope: Scope, text: string, params: unknown[], method: Method): Promise<unknown[]> {
  // drizzle's BEGIN, SAVEPOINT, RELEASE, COMMIT and ROLLBACK are short; a query's text is never one of them.
  const lower = text.length <= UTILITY_LENGTH ? text.toLowerCase() : '';
  if (lower.startsWith('begin')) {
    scope.pending.push(
      `BEGIN ISOLATION LEVEL ${scope.isolation === 'read committed' ? 'READ COMMITTED' : 'SERIALIZABLE'}`,
    );
    return [];
  }
  if (lower.startsWith('savepoint ')) {
    scope.pending.push(text);
    return [];
  }
  const released = /^(release|rollback to) savepoint (\w+)$/.exec(lower);
  if (released && scope.pending.at(-1) === `savepoint ${released[2]}`) {
    scope.pending.pop();
    return [];
  }
  if (released?.[1] === 'release') {
    scope.pending.push(text);
    return [];
  }
  if (!scope.sent && (lower === 'commit' || lower === 'rollback')) {
    scope.pending = [];
    return [];
  }
  if (lower === 'rollback') scope.pending = [];
  if (lower === 'commit' && scope.enqueued) scope.pending.push(`NOTIFY ${JOBS_CHANNEL}`);
  const pending = scope.pending;
  scope.pending = [];
  scope.sent = true;
  if (pending.length === 0) return await execute(scope.connection, text, params, method);
  // Each held-back statement's outcome, captured; `.then` sends it now, before the statement after it.
  const before = pending.map((held) =>
    scope.connection.unsafe(held).then(
      () => undefined,
      (error: unknown) => error,
    ),
  );
  const ran = execute(scope.connection, text, params, method).then(
    (rows) => ({ rows }),
    (error: unknown) => ({ error }),
  );
  for (const outcome of before) {
    const failed = await outcome;
    if (failed !== undefined) {
      await ran;
      rethrowMapped(failed);
    }
  }
  const outcome = await ran;
  if ('error' in outcome) throw outcome.error;
  return outcome.rows;
}

/**
 * Every transaction takes a pooled connection for its whole body and is run again from the start on a
 * serialization failure or deadlock, for up to RETRY_BUDGET_MS. Called inside an open transaction it joins
 * that one. `work` may run more than once: effects outside the database belong after it.
 *
 * An instance's serializable transactions take turns (statements outside transactions do not wait): most
 * of them touch the same few rows (an account's quota, the jobs table), and run side by side they abort
 * each other over and over (bench/instances.ts, one instance: p95 of a reads-and-creates mix 1.7 s side by
 * side, 0.16-0.22 s in turns). Across instances they still meet, and the retry settles it. Not a lock
 * across instances (an advisory lock held for each transaction's turn halved two instances' p95 but let one
 * frozen instance stop every other's writes): a stalled instance holds only its rows, and only for
 * `idle_in_transaction_session_timeout`.
 *
 * READ COMMITTED transactions take no turn: they wait on the rows they lock, in PostgreSQL, whichever
 * instance holds them, and do not abort each other. One of them that meets a foreign key violation is run
 * again too (FOREIGN_KEY_ATTEMPTS): its reads found the row it points at, and a transaction committed since
 * deleted it; run again, its checks see the deletion and say so, as a serializable one's would after its
 * serialization failure.
 */
function retryTransactions(db: Db, client: postgres.Sql): void {
  const begin = db.transaction.bind(db);
  let turn: Promise<void> = Promise.resolve();
  /** Waits for this instance's serializable transactions before it; the release of its own turn. */
  const takeTurn = async (): Promise<() => void> => {
    const previous = turn;
    let done!: () => void;
    turn = new Promise((resolve) => {
      done = resolve;
    });
    await previous;
    return done;
  };
  db.transaction = (async (work, config) => {
    const joined = openScope();
    if (joined?.tx) return work(joined.tx);
    const isolation = (config as TransactionConfig | undefined)?.isolation ?? 'serializable';
    const deadline = Date.now() + RETRY_BUDGET_MS;
    for (let attempt = 1; ; attempt++) {
      const done = isolation === 'serializable' ? await takeTurn() : () => {};
      let connection: postgres.ReservedSql;
      try {
        connection = await reserveWithin(client);
      } catch (error) {
        done();
        throw error;
      }
      const scope: Scope = {
        connection,
        tx: undefined,
        open: true,
        isolation,
        pending: [],
        sent: false,
        enqueued: false,
      };
      try {
        return await transactionContext.run(scope, () =>
          begin((tx) => {
            scope.tx = tx;
            return work(tx);
          }, config),
        );
      } catch (error) {
        const again =
          isSerializationFailure(error) ||
          (isolation === 'read committed' && isForeignKeyViolation(error) && attempt < FOREIGN_KEY_ATTEMPTS);
        if (!again || Date.now() > deadline) throw error;
      } finally {
        scope.open = false;
        connection.release();
        done();
      }
      await Bun.sleep(backoffMs(attempt));
    }
  }) as Db['transaction'];
}
