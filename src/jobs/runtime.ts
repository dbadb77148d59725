import { Value } from '@sinclair/typebox/value';
import type { Db } from '../db/client';
import { dbErrorText } from '../db/errors';
import { type Clock, systemClock } from '../shared/clock';
import { within } from '../shared/deadline';
import type { Logger } from '../shared/logger';
import {
  type JobContext,
  type JobDefinition,
  JobError,
  type JobSource,
  LeaseLostError,
  WorkerLostError,
} from './definition';
import { jobScope, parsePayload, recordFailure } from './outcome';
import { claim, complete, fail, onEnqueue, release, renewLease } from './queue';
import type { JobRow } from './schema';
import { isOutage, retryTransient } from './transient';

/** The service's logger; `warn` and `info` tell an outage's start and end (`error` alone will do). */
export type RuntimeLogger = Pick<Logger, 'error'> & Partial<Pick<Logger, 'warn' | 'info'>>;

export interface JobRuntimeOptions {
  db: Db;
  definitions: JobDefinition[];
  /** Decides what is due and when leases end; the poll timer itself runs on real time. */
  clock?: Clock;
  leaseMs?: number;
  /** How often a running job renews its lease; well under leaseMs so one slow tick does not lose it. */
  heartbeatMs?: number;
  pollMs?: number;
  /** How long stop() lets running handlers finish before releasing their jobs. */
  graceMs?: number;
  onError?: (error: unknown, job: JobRow) => void;
  /** Where the loop's own failures go (a claim or a source that threw): the service's logger. */
  logger?: RuntimeLogger;
  /**
   * Producers of due work (recurring schedules), called before each claim round. They enqueue with run
   * keys, so calling them on every poll, from several processes or after a restart, never doubles a run.
   */
  sources?: JobSource[];
}

/**
 * What the runtime reports as it goes, for whoever watches it (tests await these instead of sleeping):
 * a claim round ran (`polled`, how many jobs it launched), a handler was launched (`started`), a running
 * job's lease renewal ran (`heartbeat`, whether the lease was still this process's), and a job's attempt
 * is over with its outcome recorded or its claim released (`settled`).
 */
export type JobRuntimeEvent =
  | { type: 'polled'; launched: number }
  | { type: 'started'; job: JobRow }
  | { type: 'heartbeat'; job: JobRow; renewed: boolean }
  | { type: 'settled'; job: JobRow };

/** What request handlers need from the runtime: start newly enqueued work now, not at the next poll. */
export interface JobWaker {
  wake(): void;
}

interface Running {
  job: JobRow;
  abort: AbortController;
  /** Set by stop(): this process no longer owns the claim, whatever the handler does next. */
  released: boolean;
  done: Promise<void>;
}

/** Runs due jobs in this process: claims per kind up to its concurrency, leases, retries, clean stop. */
export class JobRuntime implements JobWaker {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly defs = new Map<string, JobDefinition>();
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pollMs: number;
  private readonly logger: RuntimeLogger;
  /**
   * The outage (the database or the store away) the loop met, since when: logged once as it begins and
   * once as it ends, not as an error of every source and claim of every poll (each instance wrote about
   * fifteen lines a second of SQL text, none saying why, while PostgreSQL was down).
   */
  private outageSince: number | null = null;
  /** Whether the claim round under way met the outage (a source did, though the claim went through). */
  private roundMetOutage = false;
  private readonly graceMs: number;
  private readonly onError: (error: unknown, job: JobRow) => void;
  private unsubscribe: () => void = () => undefined;
  private readonly sources: JobSource[];
  private readonly running = new Map<string, Running>();
  private readonly perKind = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(event: JobRuntimeEvent) => void>();
  private started = false;
  private stopping = false;
  /** Attempts over so far (runDue's check that nothing ended unseen during a claim round). */
  private settledCount = 0;
  /** The poll loop's claim rounds under way, so runDue never ends while one of them claims. */
  private readonly polling = new Set<Promise<number>>();

  constructor(options: JobRuntimeOptions) {
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
    for (const def of options.definitions) {
      if (this.defs.has(def.kind)) throw new Error(`job kind ${def.kind} defined twice`);
      this.defs.set(def.kind, def);
    }
    this.leaseMs = options.leaseMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(10, Math.floor(this.leaseMs / 3));
    this.pollMs = options.pollMs ?? 1_000;
    this.graceMs = options.graceMs ?? 8_000;
    this.onError = options.onError ?? (() => {});
    this.logger = options.logger ?? { error: () => {} };
    this.sources = options.sources ?? [];
  }

  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    // Every enqueue in this process wakes the runtime once its transaction has committed.
    this.unsubscribe = onEnqueue(() => this.wake());
    this.schedule(0);
  }

  /** Call after an enqueue so the job starts now instead of at the next poll. */
  wake(): void {
    if (this.started && !this.stopping) this.schedule(0);
  }

  /** Claims and runs until nothing is due and nothing runs. For tests and one-shot CLI runs: no timers. */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      // An attempt that ends while a claim round runs may have queued a retry that round did not see.
      const settledBefore = this.settledCount;
      total += await this.fill();
      // The poll loop may hold a job it claimed but has not started yet (a claim's answer still on its way,
      // which on PostgreSQL takes a round trip): this round did not see it, so wait for that round too.
      // (Only the loop's rounds: two runDue calls at once waiting for each other's would never end.)
      if (this.polling.size > 0) {
        await Promise.allSettled([...this.polling]);
        continue;
      }
      if (this.running.size === 0 && this.settledCount === settledBefore) return total;
      if (this.running.size > 0) await Promise.race([...this.running.values()].map((r) => r.done));
    }
  }

  /**
   * Stops claiming, lets running handlers finish for up to graceMs, then releases the rest: they are
   * queued again (attempt not counted) and their handlers are aborted. Nothing is lost, nothing stays
   * stuck until its lease expires. Call from the SIGTERM handler.
   */
  async stop(): Promise<void> {
    this.unsubscribe();
    this.stopping = true;
    clearTimeout(this.timer);
    const pending = [...this.running.values()];
    if (pending.length > 0)
      await within(Promise.allSettled(pending.map((r) => r.done)), this.graceMs, () => []);
    for (const r of this.running.values()) {
      r.released = true;
      try {
        await release(this.db, this.clock, r.job);
      } catch (error) {
        // The lease still expires, so another worker picks the job up later.
        this.onError(error, r.job);
      }
      r.abort.abort(new Error('job runtime stopping'));
    }
  }

  get activeCount(): number {
    return this.running.size;
  }

  /** Calls `listener` with every event from now on; returns the function that stops it. */
  onEvent(listener: (event: JobRuntimeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The next event of this type (and matching `where`, when given). */
  next<T extends JobRuntimeEvent['type']>(
    type: T,
    where: (event: Extract<JobRuntimeEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<JobRuntimeEvent, { type: T }>> {
    return new Promise((resolve) => {
      const off = this.onEvent((event) => {
        if (event.type !== type) return;
        const typed = event as Extract<JobRuntimeEvent, { type: T }>;
        if (!where(typed)) return;
        off();
        resolve(typed);
      });
    });
  }

  private emit(event: JobRuntimeEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error('job runtime: event listener failed', { error: String(error) });
      }
    }
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    // tick() catches and logs its own failures.
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    this.roundMetOutage = false;
    const round = this.fill();
    this.polling.add(round);
    try {
      await round;
      if (this.outageSince !== null && !this.roundMetOutage) {
        this.logger.info?.('job runtime: the database and file store answer again; background work resumes', {
          unavailable_ms: Date.now() - this.outageSince,
        });
        this.outageSince = null;
      }
    } catch (error) {
      // A busy or broken database must not kill the loop; the next poll tries again.
      this.loopFailed('claim', error);
    } finally {
      this.polling.delete(round);
    }
    if (!this.stopping) this.schedule(this.pollMs);
  }

  private loopFailed(what: 'claim' | 'source', error: unknown): void {
    if (!isOutage(error)) {
      this.logger.error(`job runtime: ${what} failed`, { error: dbErrorText(error) ?? String(error) });
      return;
    }
    this.roundMetOutage = true;
    if (this.outageSince !== null) return;
    this.outageSince = Date.now();
    (this.logger.warn ?? this.logger.error).call(
      this.logger,
      'job runtime: the database or file store is unavailable; background work waits and resumes by itself',
      { error: dbErrorText(error) ?? String(error) },
    );
  }

  /** Claims while some kind has a free slot and something is due. */
  private async fill(): Promise<number> {
    for (const source of this.sources) {
      try {
        await source();
      } catch (error) {
        // One broken schedule must not stop the queue; the next poll tries again.
        this.loopFailed('source', error);
      }
    }
    let launched = 0;
    while (!this.stopping) {
      const kinds = [...this.defs.values()]
        .filter((d) => (this.perKind.get(d.kind) ?? 0) < d.concurrency)
        .map((d) => d.kind);
      const job = await claim(this.db, this.clock, {
        kinds,
        leaseMs: this.leaseMs,
        giveUp: (lost) => this.giveUp(lost),
      });
      if (!job) break;
      this.launch(job);
      launched++;
    }
    this.emit({ type: 'polled', launched });
    return launched;
  }

  private launch(job: JobRow): void {
    const def = this.defs.get(job.kind);
    if (!def) throw new Error(`claimed a job of unknown kind ${job.kind}`);
    this.perKind.set(job.kind, (this.perKind.get(job.kind) ?? 0) + 1);
    const entry: Running = { job, abort: new AbortController(), released: false, done: Promise.resolve() };
    this.running.set(job.id, entry);
    entry.done = this.execute(def, entry).finally(() => {
      this.perKind.set(job.kind, (this.perKind.get(job.kind) ?? 1) - 1);
      this.running.delete(job.id);
      this.settledCount++;
      this.emit({ type: 'settled', job });
      if (this.started && !this.stopping) this.schedule(0); // a slot is free
    });
    this.emit({ type: 'started', job });
  }

  private async execute(def: JobDefinition, entry: Running): Promise<void> {
    const { job, abort } = entry;
    const heartbeat = setInterval(() => {
      if (entry.released) return;
      renewLease(this.db, this.clock, job, this.leaseMs).then(
        (renewed) => {
          if (!renewed) abort.abort(new LeaseLostError(job.id));
          this.emit({ type: 'heartbeat', job, renewed });
        },
        (error) => this.onError(error, job),
      );
    }, this.heartbeatMs);
    let committed = false;
    const ctx: JobContext = {
      ...jobScope(job, this.db, this.clock),
      signal: abort.signal,
      // The released check runs on this thread, so a released claim can never be completed by this process
      // even if another worker re-claimed it under the same attempt number.
      commit: async (fn) => {
        if (entry.released) throw new LeaseLostError(job.id);
        const result = await this.db.transaction(
          async (tx) => {
            if (!(await complete(tx, this.clock, job))) throw new LeaseLostError(job.id);
            return fn(tx);
          },
          { behavior: 'immediate' },
        );
        committed = true;
        return result;
      },
      transaction: async (fn) => {
        if (entry.released || committed) throw new LeaseLostError(job.id);
        return await this.db.transaction(
          async (tx) => {
            if (!(await renewLease(tx, this.clock, job, this.leaseMs))) throw new LeaseLostError(job.id);
            return fn(tx);
          },
          { behavior: 'immediate' },
        );
      },
    };
    try {
      const payload = parsePayload(job.payload);
      if (!Value.Check(def.payload, payload))
        throw JobError.permanent('payload does not match the job schema');
      await def.handler(payload, ctx);
      if (!committed && !entry.released) await complete(this.db, this.clock, job);
    } catch (error) {
      this.onError(error, job);
      if (entry.released || committed) return;
      try {
        // The database may be away just when the failure is to be recorded (the failure was its going
        // away): recorded once it answers, so the job is queued again soon, not after its lease runs out.
        await retryTransient(
          async () => await recordFailure(this.db, this.clock, def, job, error),
          abort.signal,
        );
      } catch (dbError) {
        // The lease expires and the job is retried then (or, after its last attempt, given up).
        this.onError(dbError, job);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * A claim found the job past its last attempt: its worker died during it. Failed for good here, with the
   * kind's hook; a failure to record that is logged, and the job (leased by this claim) is given up again
   * at the claim after the lease, so the claim round goes on.
   */
  private async giveUp(job: JobRow): Promise<void> {
    const def = this.defs.get(job.kind);
    try {
      if (def) await recordFailure(this.db, this.clock, def, job, new WorkerLostError());
      else
        await fail(this.db, this.clock, job, new WorkerLostError().message, {
          retryable: false,
          backoffMs: 0,
        });
    } catch (error) {
      this.onError(error, job);
    }
  }
}

export type { JobSource } from './definition';
