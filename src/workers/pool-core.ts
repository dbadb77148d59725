// The one skeleton of the worker pools (render-pool.ts, rules-pool.ts, receive-pool.ts): slots of Bun
// workers started lazily, a queue in the order a policy chooses (pool-order.ts), each task's id matched to its
// answer, and the limits. A worker's work cannot be interrupted (saxon-js, pdfkit, a parser), so a task past
// its time limit, a task running while the process is past its memory ceiling and a worker that crashed all
// end the same way: the worker is terminated and a fresh one takes its slot at once. A pool is configuration:
// what a task posts, how an answer or a limit settles it, when a worker is replaced after a task.
import { MemoryWatch } from './memory-watch';

/** The limit a task ran into. */
export type LimitHit = { kind: 'time'; ms: number } | { kind: 'memory'; bytes: number };

/** How a task ends for its caller: a value, or an error. */
export type Settled<R> = { value: R } | { error: Error };

/** Which waiting task a worker takes next. */
export interface QueueOrder<T> {
  /** The index in `waiting` of the task to run next, or -1 to leave them all waiting. Asking decides nothing. */
  next(waiting: readonly T[], running: readonly T[]): number;
  /** The task `next` chose is handed to a worker. */
  taken?(task: T): void;
  /** Nothing waits and nothing runs. */
  idle?(): void;
}

/** First come, first served. */
export const inOrder: QueueOrder<unknown> = { next: (waiting) => (waiting.length > 0 ? 0 : -1) };

export interface PoolConfig<T, R, Reply extends { id: number }> {
  /** The worker script (workerEntry(), or a test's stand-in). */
  entry: string;
  /**
   * Workers at most; a function is asked again whenever the pool would start one and whenever a worker
   * comes free (instances on one host share its cores: host-share.ts): above it, a freed worker is ended.
   */
  size: number | (() => number);
  /** `all`: every worker starts with the first task (or `warmUp()`); `as-needed`: one more whenever a task finds none free. */
  start: 'all' | 'as-needed';
  /** Workers that do not keep the process alive. */
  unref?: boolean;
  timeLimitMs: number;
  /**
   * A worker that must first load what every task needs (the rules pool: saxon-js and a profile's
   * stylesheets, the service's own files, not the task's) gets this long for that, then `timeLimitMs` for
   * the task from the moment it reports `loaded` (`isLoaded`). Unset: `timeLimitMs` from the start.
   */
  loadLimitMs?: number;
  /** A reply that says the worker has loaded and starts the task itself (not its answer). */
  isLoaded?(reply: Reply): boolean;
  /** Process RSS watched while tasks run (memory-watch.ts); infinite: not watched. */
  memoryLimitBytes: number;
  order?: QueueOrder<T>;
  /** A free worker whose last task had the same key is preferred (it has that work loaded and its JIT warm). */
  affinity?(task: T): string;
  /** The task's worker is replaced once it has answered (it keeps the memory the task made it grow to). */
  replaceAfter?(task: T): boolean;
  /**
   * A worker left free this long is terminated and its slot given up (one starts again when a task needs
   * it): what it loaded and grew to is given back to an idle server. Unset: workers stay.
   */
  retireIdleMs?: number;
  /** What is posted to the worker; `id` comes back in its reply. */
  message(task: T, id: number): unknown;
  answer(reply: Reply, task: T): Settled<R>;
  /** What a task stopped by a limit answers (its worker is replaced either way). */
  limit(task: T, hit: LimitHit): Settled<R>;
  errors: {
    /** A task submitted to a closed pool. */
    closed: string;
    /** A task waiting or running when the pool closes. */
    closing: string;
    /** Prefix of a crashed worker's error (`<crashed>: <the worker's message>`). */
    crashed: string;
  };
}

interface Job<T, R> {
  id: number;
  task: T;
  resolve(value: R): void;
  reject(error: Error): void;
}

interface Slot<T, R> {
  worker: Worker;
  job: Job<T, R> | null;
  timer: Timer | null;
  /** The affinity key of the last task this worker ran. */
  key: string | null;
  /** Set while the worker is free, with `retireIdleMs`: it is retired when this fires. */
  idle: Timer | null;
}

function settle<T, R>(job: Job<T, R>, outcome: Settled<R>): void {
  if ('error' in outcome) job.reject(outcome.error);
  else job.resolve(outcome.value);
}

export class WorkerPool<T, R, Reply extends { id: number }> {
  private readonly slots: Slot<T, R>[] = [];
  private readonly queue: Job<T, R>[] = [];
  private nextId = 1;
  private closed = false;
  private readonly order: QueueOrder<T>;
  private readonly memory: MemoryWatch;

  constructor(private readonly config: PoolConfig<T, R, Reply>) {
    this.order = config.order ?? inOrder;
    const hit: LimitHit = { kind: 'memory', bytes: config.memoryLimitBytes };
    this.memory = new MemoryWatch(
      config.memoryLimitBytes,
      () => this.running > 0,
      () => {
        for (const slot of this.slots.filter((s) => s.job !== null)) this.stop(slot, hit);
      },
    );
  }

  /** Workers started: none before the first task (or `warmUp()`). */
  get workers(): number {
    return this.slots.length;
  }

  /** Tasks running in a worker now. */
  get running(): number {
    return this.slots.filter((s) => s.job !== null).length;
  }

  /** Queues the task; a worker takes it at once when one is free (before this returns). */
  submit(task: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (this.closed) {
        reject(new Error(this.config.errors.closed));
        return;
      }
      if (this.config.start === 'all') this.warmUp();
      this.queue.push({ id: this.nextId++, task, resolve, reject });
      this.dispatch();
    });
  }

  /** Starts every worker of the pool. */
  warmUp(): void {
    const size = this.size;
    while (!this.closed && this.slots.length < size) this.slots.push(this.spawn());
  }

  /** Workers the pool may run now. */
  get size(): number {
    const { size } = this.config;
    return typeof size === 'function' ? size() : size;
  }

  /** Starts one more worker now if none is free (and the pool is neither full nor closed). */
  growIfBusy(): void {
    if (!this.slots.some((s) => s.job === null)) this.grow();
  }

  close(): void {
    this.closed = true;
    this.memory.stop();
    const { closing } = this.config.errors;
    for (const slot of this.slots) {
      if (slot.timer) clearTimeout(slot.timer);
      if (slot.idle) clearTimeout(slot.idle);
      slot.job?.reject(new Error(closing));
      slot.worker.terminate();
    }
    for (const job of this.queue.splice(0)) job.reject(new Error(closing));
  }

  private grow(): Slot<T, R> | null {
    if (this.closed || this.slots.length >= this.size) return null;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot<T, R> {
    const slot: Slot<T, R> = {
      worker: new Worker(this.config.entry),
      job: null,
      timer: null,
      key: null,
      idle: null,
    };
    if (this.config.unref) slot.worker.unref();
    slot.worker.onmessage = (event: MessageEvent<Reply>) => this.finish(slot, event.data);
    slot.worker.onerror = (event) => {
      slot.job?.reject(new Error(`${this.config.errors.crashed}: ${event.message}`));
      this.replace(slot);
    };
    return slot;
  }

  private dispatch(): void {
    for (;;) {
      const waiting = this.queue.map((j) => j.task);
      const index = this.order.next(
        waiting,
        this.slots.flatMap((s) => (s.job ? [s.job.task] : [])),
      );
      const job = this.queue[index];
      if (job === undefined) break;
      const slot = this.freeSlot(job.task) ?? this.grow();
      if (slot === null) break;
      this.queue.splice(index, 1);
      this.order.taken?.(job.task);
      slot.job = job;
      if (this.config.affinity) slot.key = this.config.affinity(job.task);
      this.startTimer(slot, this.config.loadLimitMs ?? this.config.timeLimitMs);
      slot.worker.postMessage(this.config.message(job.task, job.id));
    }
    if (this.queue.length === 0 && this.running === 0) this.order.idle?.();
    this.memory.update();
    this.watchIdle();
  }

  /** Arms the retirement of every free worker (`retireIdleMs`) and disarms it for every busy one. */
  private watchIdle(): void {
    const after = this.config.retireIdleMs;
    if (after === undefined) return;
    for (const slot of this.slots) {
      if (slot.job !== null) {
        if (slot.idle) clearTimeout(slot.idle);
        slot.idle = null;
      } else if (slot.idle === null) {
        slot.idle = setTimeout(() => this.retire(slot), after);
        slot.idle.unref();
      }
    }
  }

  /** Ends a worker that stayed free (`retireIdleMs`) and gives up its slot. */
  private retire(slot: Slot<T, R>): void {
    slot.idle = null;
    if (this.closed || slot.job !== null || !this.slots.includes(slot)) return;
    this.giveUp(slot);
  }

  /** Terminates a free slot's worker and gives up the slot. */
  private giveUp(slot: Slot<T, R>): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    slot.worker.terminate();
  }

  /** A free worker for the task: one that ran the same kind of task last, else a fresh one, else the first. */
  private freeSlot(task: T): Slot<T, R> | null {
    const free = this.slots.filter((s) => s.job === null);
    const key = this.config.affinity?.(task);
    if (key === undefined) return free[0] ?? null;
    return free.find((s) => s.key === key) ?? free.find((s) => s.key === null) ?? free[0] ?? null;
  }

  /** The task's clock: past `ms` the task is stopped by its time limit (reported as `timeLimitMs`). */
  private startTimer(slot: Slot<T, R>, ms: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    const limit = this.config.timeLimitMs;
    slot.timer = setTimeout(() => this.stop(slot, { kind: 'time', ms: limit }), ms);
  }

  private finish(slot: Slot<T, R>, reply: Reply): void {
    const job = slot.job;
    // Not the running task's answer (one from a worker already replaced): nothing to settle.
    if (!job || job.id !== reply.id) return;
    // Loaded: the task itself starts now, and its time limit with it.
    if (this.config.isLoaded?.(reply)) {
      this.startTimer(slot, this.config.timeLimitMs);
      return;
    }
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    settle(job, this.config.answer(reply, job.task));
    if (this.slots.length > this.size) this.end(slot);
    else if (this.config.replaceAfter?.(job.task)) this.replace(slot);
    else this.dispatch();
  }

  /** Ends a free worker and gives up its slot (the pool's size went down): the others take the queue. */
  private end(slot: Slot<T, R>): void {
    this.giveUp(slot);
    this.dispatch();
  }

  /** A limit ended the slot's task: it answers what the pool says, and the worker is replaced. */
  private stop(slot: Slot<T, R>, hit: LimitHit): void {
    const job = slot.job;
    if (job) settle(job, this.config.limit(job.task, hit));
    this.replace(slot);
  }

  /** Terminates the slot's worker (its job, if any, already settled) and starts a fresh one in its place. */
  private replace(slot: Slot<T, R>): void {
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    slot.timer = null;
    slot.idle = null;
    slot.job = null;
    slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    // Not again when the pool's size went down meanwhile: the slot is given up.
    if (index >= 0 && this.slots.length > this.size) this.slots.splice(index, 1);
    else if (index >= 0 && !this.closed) this.slots[index] = this.spawn();
    this.dispatch();
  }
}
