import { SQLiteTransaction } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from './client';
import { type Isolation, statementIsolation, type TransactionConfig } from './gate';

export type { Isolation } from './gate';

export interface TransactionOptions {
  /**
   * PostgreSQL's isolation of the transaction opened (src/db/gate.ts): `serializable` unless the work's
   * every decision is a row lock, a unique key, a foreign key or one atomic statement, so that it may wait
   * on a row instead of being aborted and run again. A transaction joined keeps the isolation it was opened
   * with: ask for `read committed` only where every callee of the work is content with it.
   */
  isolation?: Isolation;
}

/**
 * Runs work in one IMMEDIATE transaction: the reads that decide a write and the write commit together,
 * and a concurrent writer waits instead of deciding on stale reads. Inside an open transaction (a
 * use-case called by another, a job's fenced commit) it joins that one instead of nesting a savepoint.
 * The port (src/db/client.ts) holds the connection for the whole async body and retries the transaction
 * on a serialization failure, so `work` may run more than once: keep effects outside the database after it.
 * The one way use-cases open transactions; routes never do (docs/architecture.md).
 */
export async function inTransaction<C extends { db: DbOrTx }, T>(
  ctx: C,
  work: (ctx: C) => Promise<T> | T,
  options: TransactionOptions = {},
): Promise<T> {
  if (ctx.db instanceof SQLiteTransaction) return work(ctx);
  // drizzle's SQLite driver reads `behavior`; the PostgreSQL port reads `isolation` as well.
  const config: TransactionConfig = { behavior: 'immediate', isolation: options.isolation };
  return await ctx.db.transaction(async (tx) => work({ ...ctx, db: tx }), config);
}

/** A use-case `({ ctx, ... }) => result` that always runs in its own (or the caller's) transaction. */
export function transactional<A extends { ctx: { db: DbOrTx } }, R>(
  useCase: (args: A) => Promise<R> | R,
  options: TransactionOptions = {},
): (args: A) => Promise<R> {
  return async (args) => await inTransaction(args.ctx, (ctx) => useCase({ ...args, ctx }), options);
}

/**
 * Runs `work`'s statements that are outside any transaction READ COMMITTED on PostgreSQL (each its own
 * transaction, as ever), for a statement atomic on its own that may meet another on the same row: an
 * upsert that counts (`INSERT ... ON CONFLICT DO UPDATE SET n = n + 1 RETURNING n`) then waits for the other
 * and adds to what it committed, where a serializable one would fail and be run again. SQLite runs every
 * statement alone anyway. Statements inside a transaction keep the transaction's isolation.
 */
export async function atReadCommitted<R>(work: () => PromiseLike<R> | R): Promise<R> {
  // Awaited inside: drizzle's queries run when first awaited, which must happen in this context.
  return await statementIsolation.run('read committed', async () => await work());
}

/**
 * Tries `work` so that a failed statement in it (a unique violation the caller carries on after) undoes
 * only that work: a SAVEPOINT inside an open transaction (PostgreSQL aborts the whole transaction at the
 * first failed statement otherwise), its own transaction outside one.
 */
export async function savepoint<C extends { db: DbOrTx }, T>(
  ctx: C,
  work: (ctx: C) => Promise<T>,
): Promise<T> {
  if (!(ctx.db instanceof SQLiteTransaction)) return await inTransaction(ctx, work);
  return await ctx.db.transaction(async (tx) => await work({ ...ctx, db: tx }));
}
