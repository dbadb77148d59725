import { Value } from '@sinclair/typebox/value';
import type { Db, DbOrTx } from '../db/client';
import { dbErrorText, isStorageFull } from '../db/errors';
import type { Clock } from '../shared/clock';
import { isRetryable, type JobDefinition, type JobScope, retryDelayMs } from './definition';
import { fail, postpone } from './queue';
import type { JobRow } from './schema';
import { isOutage } from './transient';

/** A job whose step met the database or store away is queued again this much later. */
const OUTAGE_RETRY_MS = 2_000;
const STORAGE_FULL_RETRY_MS = 30_000;

/** The one place a job's context is made, for its handler and its onLastFailure hook alike. */
export function jobScope(job: JobRow, db: DbOrTx, clock: Clock): JobScope {
  return {
    jobId: job.id,
    kind: job.kind,
    attempt: job.attempts,
    runKey: job.runKey,
    db,
    clock,
    forAccount: (accountId, options = {}) => ({
      db: options.db ?? db,
      clock,
      accountId,
      actor: {
        kind: 'job',
        jobId: job.id,
        ...(options.memberId !== undefined ? { memberId: options.memberId } : {}),
      },
    }),
  };
}

/**
 * Records a failed attempt: queued again after the backoff, or failed for good. Failed for good, the
 * kind's onLastFailure runs in the same transaction, so the job is never `failed` without it.
 */
export async function recordFailure(
  db: Db,
  clock: Clock,
  def: JobDefinition,
  job: JobRow,
  error: unknown,
): Promise<void> {
  const failure = error instanceof Error ? error : new Error(String(error));
  // What the job's row keeps as last_error: the engine's words for a database failure, not drizzle's SQL.
  const reason = dbErrorText(error) ?? failure.message;
  if (isOutage(error)) {
    // Not the job's fault: tried again from its last committed step, the attempt not counted.
    await postpone(db, clock, job, reason, OUTAGE_RETRY_MS);
    return;
  }
  if (isStorageFull(error)) {
    // The disk or database full: not the job's fault either, so its attempt is not counted; tried again
    // every half minute (not every 2 s: each try of a write that cannot fit fills the disk again).
    await postpone(db, clock, job, reason, STORAGE_FULL_RETRY_MS);
    return;
  }
  const options = { retryable: isRetryable(error), backoffMs: retryDelayMs(def, job.attempts, error) };
  if (!def.onLastFailure) {
    await fail(db, clock, job, reason, options);
    return;
  }
  await db.transaction(
    async (tx) => {
      if ((await fail(tx, clock, job, reason, options)) !== 'failed') return;
      const payload = parsePayload(job.payload);
      // The hook gets the same words as last_error (it writes them where a user reads them: a delivery's
      // error_message, an import's reason), the error it stands for as its cause.
      const said = reason === failure.message ? failure : new Error(reason, { cause: failure });
      if (Value.Check(def.payload, payload))
        await def.onLastFailure?.(payload, jobScope(job, tx, clock), said);
    },
    { behavior: 'immediate' },
  );
}

/** A job's stored payload, or undefined when it is not JSON (its schema check then fails it). */
export function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
