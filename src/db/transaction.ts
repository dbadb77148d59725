import type { AccountCtx } from '../shared/context';

/**
 * Runs a use-case in one IMMEDIATE transaction: the reads that decide a write and the write commit
 * together, and a concurrent writer waits instead of deciding on stale reads.
 */
export const inTransaction = <T>(ctx: AccountCtx, work: (ctx: AccountCtx) => T): T =>
  ctx.db.transaction((tx) => work({ ...ctx, db: tx }), { behavior: 'immediate' });
