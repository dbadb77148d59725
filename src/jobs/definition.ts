import type { Static, TSchema } from '@sinclair/typebox';
import type { Tx } from '../db/client';

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  kind: string;
  /** 1 on the first run; counts every claim, including one whose worker died. */
  attempt: number;
  runKey: string | null;
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
  handler(payload: Static<S>, ctx: JobContext): Promise<void>;
}

export interface DefineJob<S extends TSchema> {
  kind: string;
  payload: S;
  maxAttempts?: number;
  concurrency?: number;
  backoffMs?: (attempt: number) => number;
  handler: (payload: Static<S>, ctx: JobContext) => Promise<void>;
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
  };
}

/** A handler failure. Any other thrown error counts as retryable: most failures (network, busy) pass. */
export class JobError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'JobError';
  }
  /** Retrying cannot help (bad input, missing record): fail now, keep the attempts for nothing. */
  static permanent(message: string): JobError {
    return new JobError(message, false);
  }
  static retryable(message: string): JobError {
    return new JobError(message, true);
  }
}

/** The claim this worker held is gone (lease expired and re-claimed, or released): do not commit. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`lease lost for job ${jobId}`);
    this.name = 'LeaseLostError';
  }
}

export function isRetryable(error: unknown): boolean {
  return !(error instanceof JobError) || error.retryable;
}

/** Enqueues whatever has become due by the clock's now. Must be idempotent (use run keys). */
export type JobSource = () => Promise<void>;

/** What a module runs in the background: its job kinds and the sources that enqueue due work. */
export interface Background {
  definitions: JobDefinition[];
  sources?: JobSource[];
}
