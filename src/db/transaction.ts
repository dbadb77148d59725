import { SQLiteTransaction } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from './client';

/**
 * Runs work in one IMMEDIATE transaction: the reads that decide a write and the write commit together,
 * and a concurrent writer waits instead of deciding on stale reads. Inside an open transaction (a
 * use-case called by another, a job's fenced commit) it joins that one instead of nesting a savepoint.
 * The one way use-cases open transactions; routes never do (docs/architecture.md).
 */
export function inTransaction<C extends { db: DbOrTx }, T>(ctx: C, work: (ctx: C) => T): T {
  if (ctx.db instanceof SQLiteTransaction) return work(ctx);
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx }), { behavior: 'immediate' });
}

/** A use-case `({ ctx, ... }) => result` that always runs in its own (or the caller's) transaction. */
export function transactional<A extends { ctx: { db: DbOrTx } }, R>(useCase: (args: A) => R): (args: A) => R {
  return (args) => inTransaction(args.ctx, (ctx) => useCase({ ...args, ctx }));
}
