import { dbErrorOf } from '../db/errors';
import { isStoreOutage } from '../storage/unavailable';

/**
 * A fault that passes by itself: the database away or busy (restart, failover, slots taken, serialization
 * storms past their own retries), the object store away. Background work tries such a step again instead
 * of failing what it works on for good (docs/jobs.md).
 */
export function isTransientFault(error: unknown): boolean {
  const code = dbErrorOf(error)?.code;
  return code === 'unavailable' || code === 'busy' || isStoreOutage(error);
}

/**
 * Only the database or the store away (not a busy database, which a job's own work may cause; not a
 * statement that ran past `statement_timeout`, nor a store that refuses the key: both may stay so, and a
 * job must then use up its attempts rather than wait for ever).
 */
export function isOutage(error: unknown): boolean {
  return dbErrorOf(error)?.code === 'unavailable' || isStoreOutage(error);
}

/** Waits between tries of one step: about 45 s in all, longer than a database restart or a store's blip. */
const DELAYS_MS = [200, 500, 1_000, 2_000, 4_000, 8_000, 12_000, 16_000];

/**
 * Runs `step`, and again after a growing pause while it meets a transient fault, until it succeeds, fails
 * otherwise, `signal` aborts (the job was released) or the pauses are used up; then the last error stands,
 * and the job's own attempts (with their backoff) take over from the last committed step.
 */
export async function retryTransient<T>(
  step: () => Promise<T>,
  signal: AbortSignal,
  delaysMs: readonly number[] = DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isTransientFault(error) || signal.aborted) throw error;
      await abortableSleep(delay * (0.75 + Math.random() / 2), signal);
    }
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
