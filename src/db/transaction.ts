import { SQLiteTransaction } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from './client';

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
): Promise<T> {
  if (ctx.db instanceof SQLiteTransaction) return work(ctx);
  return await ctx.db.transaction(async (tx) => work({ ...ctx, db: tx }), { behavior: 'immediate' });
}

/** A use-case `({ ctx, ... }) => result` that always runs in its own (or the caller's) transaction. */
export function transactional<A extends { ctx: { db: DbOrTx } }, R>(
  useCase: (args: A) => Promise<R> | R,
): (args: A) => Promise<R> {
  return async (args) => await inTransaction(args.ctx, (ctx) => useCase({ ...args, ctx }));
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
