import type { Static, TSchema } from '@sinclair/typebox';
import type { DbOrTx, Tx } from '../db/client';
import type { Clock } from '../shared/clock';
import type { AccountCtx } from '../shared/context';

/**
 * What a job's code runs with: its handler and its onLastFailure hook alike. The runtime builds it, for
 * every attempt, in one place (`jobScope` in outcome.ts); nothing else makes a job's context.
 */
export interface JobScope {
  jobId: string;
  kind: string;
  /** 1 on the first run; counts every claim, including one whose worker died. */
  attempt: number;
  runKey: string | null;
  /** The service's database; in onLastFailure, the transaction that records the job failed. */
  db: DbOrTx;
  clock: Clock;
  /**
   * A use-case's context for `accountId`, with this job as the actor, on `db` (this scope's unless given:
   * a `commit` or `transaction` callback's tx). `memberId` when the work is done for a workspace member
   * (a member's schedule or export): rows it creates record them as `created_by`.
   */
  forAccount(accountId: string, options?: { db?: DbOrTx; memberId?: string | null }): AccountCtx;
}

/** What a handler gets besides its payload. */
export interface JobContext extends JobScope {
  /** Aborted when the lease is lost (another worker may now own the job) or the runtime stops. */
  signal: AbortSignal;
  /**
   * Runs `fn` and marks the job succeeded in ONE transaction, fenced on this claim. This is how an effect
   * happens exactly once: if the lease was lost meanwhile, nothing commits and a LeaseLostError is thrown.
   */
  commit<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T>;
  /**
   * Runs `fn` in ONE transaction only while this claim is still held (it also renews the lease); the job
   * keeps running. For work that commits progress step by step, such as a batch item by item: a step that
   * committed is never redone by the next claim, and a worker that lost its claim commits nothing.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T>;
}

/**
 * A job kind's identity: all that code enqueuing it needs. The handler is bound where its dependencies
 * exist (a module's background.ts): `defineJob({ ...kind, handler })`.
 */
export interface JobKind<S extends TSchema = TSchema> {
  kind: string;
  payload: S;
  maxAttempts: number;
}

export function jobKind<S extends TSchema>(kind: string, payload: S, maxAttempts = 5): JobKind<S> {
  return { kind, payload, maxAttempts };
}

/**
 * A job kind as typed data. The payload is stored as JSON and checked against `payload` both at enqueue
 * (a bad payload is the caller's bug) and at run (a row written by an older version fails permanently).
 */
export interface JobDefinition<S extends TSchema = TSchema> {
  kind: string;
  payload: S;
  maxAttempts: number;
  /** Handlers of this kind running at once in one runtime. */
  concurrency: number;
  /** Delay before the next try, given the attempt number that just failed (1-based). */
  backoffMs(attempt: number): number;
  // Method syntax (bivariant) so a list of definitions of different payloads is one array type.
  handler(payload: Static<S>, job: JobContext): Promise<void>;
  /**
   * Called once when the job fails for good, whichever way: its last attempt threw, an attempt threw a
   * permanent error, or its worker died during the last attempt (`WorkerLostError`). What a module does
   * so its own record does not stay `processing` for ever (a batch, an import, a schedule, a delivery).
   * It runs in the transaction that records the job `failed` (`job.db`), so both commit or neither: if it
   * throws, the job stays claimed until its lease runs out, and the claim after that gives the job up
   * again and calls it again. Not called for a payload that does not match the schema.
   */
  onLastFailure?(payload: Static<S>, job: JobScope, error: Error): Promise<void>;
}

export interface DefineJob<S extends TSchema> {
  kind: string;
  payload: S;
  maxAttempts?: number;
  concurrency?: number;
  backoffMs?: (attempt: number) => number;
  handler: (payload: Static<S>, job: JobContext) => Promise<void>;
  onLastFailure?: (payload: Static<S>, job: JobScope, error: Error) => Promise<void>;
}

/** Doubles from `baseMs`, capped at `maxMs`: spreads retries without waiting forever. */
export function exponentialBackoff(baseMs = 1_000, maxMs = 60 * 60_000): (attempt: number) => number {
  return (attempt) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

export function defineJob<S extends TSchema>(def: DefineJob<S>): JobDefinition<S> {
  const maxAttempts = def.maxAttempts ?? 5;
  const concurrency = def.concurrency ?? 1;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new Error(`${def.kind}: maxAttempts must be >= 1`);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`${def.kind}: concurrency must be >= 1`);
  return {
    kind: def.kind,
    payload: def.payload,
    maxAttempts,
    concurrency,
    backoffMs: def.backoffMs ?? exponentialBackoff(),
    handler: def.handler,
    ...(def.onLastFailure ? { onLastFailure: def.onLastFailure } : {}),
  };
}

/** The longest delay a failure may ask for before its next try (JobError.retryable's `afterMs`). */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** A handler failure. Any other thrown error counts as retryable: most failures (network, busy) pass. */
export class JobError extends Error {
  /**
   * How long the next try must wait at least (a provider's Retry-After), at most MAX_RETRY_DELAY_MS: the
   * runner waits this instead of the kind's backoff when it is longer. Undefined: the backoff alone.
   */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown; afterMs?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'JobError';
    const after = options?.afterMs;
    this.retryAfterMs =
      retryable && after !== undefined && Number.isFinite(after) && after > 0
        ? Math.min(Math.ceil(after), MAX_RETRY_DELAY_MS)
        : undefined;
  }
  /**
   * Retrying cannot help (bad input, missing record): fail now, keep the attempts for nothing. `cause`
   * keeps the error that decided it, for onLastFailure.
   */
  static permanent(message: string, options?: { cause?: unknown }): JobError {
    return new JobError(message, false, options);
  }
  /** Tried again after the kind's backoff, or after `afterMs` when that is longer (bounded: 1 hour). */
  static retryable(message: string, options: { afterMs?: number } = {}): JobError {
    return new JobError(message, true, options);
  }
}

/** The claim this worker held is gone (lease expired and re-claimed, or released): do not commit. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`lease lost for job ${jobId}`);
    this.name = 'LeaseLostError';
  }
}

/** The error onLastFailure gets when the job's worker died (kill -9, power loss) during its last attempt. */
export class WorkerLostError extends Error {
  constructor() {
    super('lease expired on the last attempt (worker lost)');
    this.name = 'WorkerLostError';
  }
}

export function isRetryable(error: unknown): boolean {
  return !(error instanceof JobError) || error.retryable;
}

/** The delay before the next try: the kind's backoff, or what the failure asked for when that is longer. */
export function retryDelayMs(def: Pick<JobDefinition, 'backoffMs'>, attempt: number, error: unknown): number {
  const backoff = def.backoffMs(attempt);
  const asked = error instanceof JobError ? (error.retryAfterMs ?? 0) : 0;
  return Math.max(backoff, asked);
}

/** Enqueues whatever has become due by the clock's now. Must be idempotent (use run keys). */
export type JobSource = () => Promise<void>;

/** What a module runs in the background: its job kinds and the sources that enqueue due work. */
export interface Background {
  definitions: JobDefinition[];
  sources?: JobSource[];
}
