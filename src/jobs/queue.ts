import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outsideTransactions } from '../db/gate';
import { type Clock, isoNow } from '../shared/clock';
import { newId } from '../shared/ids';
import { type JobKind, WorkerLostError } from './definition';
import { type JobRow, jobs } from './schema';

export interface EnqueueInput {
  kind: string;
  payload: unknown;
  /** Idempotent run id: a second enqueue with the same key returns the first job and changes nothing. */
  runKey?: string;
  runAt?: Date;
  maxAttempts: number;
}

/**
 * Adds a job. Takes a Db or a Tx so a use-case can enqueue inside its own transaction: the state change
 * and the job commit together or not at all (no lost job, no job for a rolled-back change).
 */
// Runtimes that want to hear of new work. The wake runs outside the enqueuing transaction's async context,
// so the runtime's claim waits at the port's gate until that transaction has committed (or rolled back:
// then the runtime finds nothing, which is harmless). No caller has to remember to wake anything.
const wakers = new Set<() => void>();
let wakeScheduled = false;

/** Called (once per tick, outside the enqueuing transaction) whenever a job is enqueued; returns the unsubscribe. */
export function onEnqueue(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * For a change that makes a job *source* find work (a recurring schedule that is due now): the sources
 * run at the next wake instead of the next poll. Enqueueing needs no call; it wakes by itself.
 */
export function workMayBeDue(): void {
  scheduleWake();
}

function scheduleWake(): void {
  if (wakeScheduled || wakers.size === 0) return;
  wakeScheduled = true;
  queueMicrotask(() =>
    outsideTransactions(() => {
      wakeScheduled = false;
      for (const wake of wakers) wake();
    }),
  );
}

export async function enqueue(db: DbOrTx, clock: Clock, input: EnqueueInput): Promise<JobRow> {
  scheduleWake();
  const now = isoNow(clock);
  const inserted = await db
    .insert(jobs)
    .values({
      id: newId('job'),
      kind: input.kind,
      runKey: input.runKey ?? null,
      payload: JSON.stringify(input.payload),
      status: 'queued',
      attempts: 0,
      maxAttempts: input.maxAttempts,
      runAt: (input.runAt ?? clock.now()).toISOString(),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: jobs.runKey })
    .returning()
    .get();
  if (inserted) return inserted;
  // Only a run_key conflict skips the insert; the existing row is the answer.
  const existing = await db
    .select()
    .from(jobs)
    .where(eq(jobs.runKey, input.runKey ?? ''))
    .get();
  if (!existing) throw new Error(`enqueue: run key ${input.runKey} conflicted but no job found`);
  return existing;
}

/** Typed enqueue: checks the payload against the definition and uses its maxAttempts. */
export async function enqueueJob<S extends TSchema>(
  db: DbOrTx,
  clock: Clock,
  def: JobKind<S>,
  payload: Static<S>,
  options: { runKey?: string; runAt?: Date } = {},
): Promise<JobRow> {
  if (!Value.Check(def.payload, payload)) {
    const first = Value.Errors(def.payload, payload).First();
    throw new Error(`${def.kind}: invalid payload${first ? ` at ${first.path}: ${first.message}` : ''}`);
  }
  return await enqueue(db, clock, { kind: def.kind, payload, maxAttempts: def.maxAttempts, ...options });
}

/**
 * Claims the next due job of one of `kinds` with ONE `UPDATE ... RETURNING`: SQLite serialises writers,
 * so two workers can never both win the same row. A running job whose lease has expired is due as well:
 * its worker died (kill -9, power loss), and re-claiming it is the whole of crash recovery. Each claim
 * increments `attempts`, which doubles as the fencing token of later complete/fail/release calls.
 */
export async function claim(
  db: DbOrTx,
  clock: Clock,
  opts: {
    kinds: string[];
    leaseMs: number;
    /** Gives up a job whose worker died on its last attempt (the runtime: fail + the kind's onLastFailure). */
    giveUp?: (job: JobRow) => Promise<void>;
  },
): Promise<JobRow | undefined> {
  if (opts.kinds.length === 0) return undefined;
  for (;;) {
    const now = clock.now();
    const nowIso = now.toISOString();
    const next = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, opts.kinds),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, nowIso)),
            and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, nowIso)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1);
    const job = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        leaseUntil: new Date(now.getTime() + opts.leaseMs).toISOString(),
        updatedAt: nowIso,
      })
      .where(eq(jobs.id, sql`(${next})`))
      .returning()
      .get();
    if (!job || job.attempts <= job.maxAttempts) return job;
    // Its worker died on the last allowed attempt (a job that kills its worker would otherwise loop forever).
    if (opts.giveUp) await opts.giveUp(job);
    else await fail(db, clock, job, new WorkerLostError().message, { retryable: false, backoffMs: 0 });
  }
}

type Claimed = Pick<JobRow, 'id' | 'attempts'>;

/** Matches only the claim that the caller holds; a stale worker's late call changes nothing. */
function held(job: Claimed) {
  return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
}

/** Marks the claimed job succeeded. False when the claim was lost (nothing changed). */
export async function complete(db: DbOrTx, clock: Clock, job: Claimed): Promise<boolean> {
  const now = isoNow(clock);
  return changed(
    await db
      .update(jobs)
      .set({ status: 'succeeded', leaseUntil: null, finishedAt: now, updatedAt: now })
      .where(held(job))
      .returning({ id: jobs.id })
      .all(),
  );
}

/**
 * Records a failure: back to queued at now + backoff when retryable and attempts remain, otherwise failed
 * for good. Returns the new status, or undefined when the claim was lost.
 */
export async function fail(
  db: DbOrTx,
  clock: Clock,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  error: string,
  opts: { retryable: boolean; backoffMs: number },
): Promise<'queued' | 'failed' | undefined> {
  const now = clock.now();
  const nowIso = now.toISOString();
  const retry = opts.retryable && job.attempts < job.maxAttempts;
  const rows = await db
    .update(jobs)
    .set(
      retry
        ? {
            status: 'queued',
            runAt: new Date(now.getTime() + opts.backoffMs).toISOString(),
            leaseUntil: null,
            lastError: error,
            updatedAt: nowIso,
          }
        : { status: 'failed', leaseUntil: null, lastError: error, finishedAt: nowIso, updatedAt: nowIso },
    )
    .where(held(job))
    .returning({ id: jobs.id })
    .all();
  if (!changed(rows)) return undefined;
  return retry ? 'queued' : 'failed';
}

/**
 * Puts a claimed job back after a fault that passes by itself (the database or the store away): queued
 * again after `delayMs`, and the attempt does not count, so an outage does not use up a job's attempts.
 * False when the claim was lost.
 */
export async function postpone(
  db: DbOrTx,
  clock: Clock,
  job: Claimed,
  error: string,
  delayMs: number,
): Promise<boolean> {
  const now = clock.now();
  return changed(
    await db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: sql`${jobs.attempts} - 1`,
        runAt: new Date(now.getTime() + delayMs).toISOString(),
        leaseUntil: null,
        lastError: error,
        updatedAt: now.toISOString(),
      })
      .where(held(job))
      .returning({ id: jobs.id })
      .all(),
  );
}

/** Gives a claimed job back untouched (shutdown): queued, due now, and the attempt does not count. */
export async function release(db: DbOrTx, clock: Clock, job: Claimed): Promise<boolean> {
  const now = isoNow(clock);
  return changed(
    await db
      .update(jobs)
      .set({ status: 'queued', attempts: sql`${jobs.attempts} - 1`, leaseUntil: null, updatedAt: now })
      .where(held(job))
      .returning({ id: jobs.id })
      .all(),
  );
}

/** Extends the lease of a long job. False when the claim was lost: the handler should stop. */
export async function renewLease(db: DbOrTx, clock: Clock, job: Claimed, leaseMs: number): Promise<boolean> {
  const now = clock.now();
  return changed(
    await db
      .update(jobs)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs).toISOString(), updatedAt: now.toISOString() })
      // Still held means nobody re-claimed it, so extending even an already expired lease is safe.
      .where(held(job))
      .returning({ id: jobs.id })
      .all(),
  );
}

/** Cancels a job that is not running yet. A running handler cannot be interrupted from here. */
export async function cancel(db: DbOrTx, clock: Clock, id: string): Promise<boolean> {
  const now = isoNow(clock);
  return changed(
    await db
      .update(jobs)
      .set({ status: 'cancelled', finishedAt: now, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning({ id: jobs.id })
      .all(),
  );
}

export async function getJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  return await db.select().from(jobs).where(eq(jobs.id, id)).get();
}

function changed(rows: unknown[]): boolean {
  return rows.length > 0;
}
