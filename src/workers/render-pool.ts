import type { RenderInput, RenderPdf } from '../rendering/types';
import { DomainError } from '../shared/errors';
import { workerEntry } from './entry';
import { MemoryWatch } from './memory-watch';
import { toRenderMessage } from './render-message';

export interface RenderLimits {
  /** A render still drawing after this long is stopped: its worker is terminated and replaced. */
  timeLimitMs: number;
  /** While renders run, the process's RSS is watched; past this, the busy workers are replaced. */
  memoryLimitBytes: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  timeLimitMs: 30_000,
  memoryLimitBytes: 2048 * 1024 * 1024,
};

/** A render stopped by a limit: the document (a logo, a template) is the likely cause, so a 422. */
function limitError(message: string): DomainError {
  return new DomainError('unprocessable_entity', message);
}

interface Job {
  id: number;
  input: RenderInput;
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: Timer | null;
}

type Reply = { id: number; bytes: ArrayBuffer } | { id: number; error: string };

/**
 * A fixed pool of Bun workers that draw PDFs, so a big render never blocks the API's event loop and
 * throughput grows with cores. Jobs queue in order; a crashed worker is replaced and only its own job fails.
 */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  private readonly memory: MemoryWatch;

  /** Workers start on first use or on `warmUp()`: booting them with the server would slow its start. */
  constructor(
    private readonly targetSize: number,
    private readonly limits: RenderLimits = DEFAULT_RENDER_LIMITS,
    /** The worker script (tests give one that misbehaves on purpose). */
    private readonly entry: string = workerEntry('render-worker'),
  ) {
    const mib = Math.round(limits.memoryLimitBytes / 1024 / 1024);
    this.memory = new MemoryWatch(
      limits.memoryLimitBytes,
      () => this.slots.some((s) => s.job !== null),
      () => {
        for (const slot of this.slots.filter((s) => s.job !== null)) {
          this.crash(slot, limitError(`The PDF could not be drawn within the memory limit of ${mib} MiB`));
        }
      },
    );
  }

  get size(): number {
    return this.targetSize;
  }

  warmUp(): void {
    while (!this.closed && this.slots.length < this.targetSize) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.entry), job: null, timer: null };
    slot.worker.onmessage = (event: MessageEvent<Reply>) => this.finish(slot, event.data);
    slot.worker.onerror = (event) => this.crash(slot, new Error(`render worker failed: ${event.message}`));
    return slot;
  }

  private finish(slot: Slot, reply: Reply): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (job && job.id === reply.id) {
      if ('bytes' in reply) job.resolve(new Uint8Array(reply.bytes));
      else job.reject(new Error(reply.error));
    }
    this.dispatch();
  }

  private crash(slot: Slot, error: Error): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    slot.job = null;
    job?.reject(error);
    slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index >= 0 && !this.closed) this.slots[index] = this.spawn();
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job !== null) continue;
      const job = this.queue.shift();
      if (!job) break;
      slot.job = job;
      const seconds = this.limits.timeLimitMs / 1000;
      // A statement's length is the likely cause; a document's, a logo or template.
      const hint = job.input.statement ? 'ask for a shorter period' : 'is a logo or template too complex?';
      slot.timer = setTimeout(
        () => this.crash(slot, limitError(`The PDF could not be drawn within ${seconds} s (${hint})`)),
        this.limits.timeLimitMs,
      );
      slot.worker.postMessage(toRenderMessage(job.id, job.input));
    }
    this.memory.update();
  }

  readonly render: RenderPdf = (input) =>
    new Promise<Uint8Array>((resolve, reject) => {
      if (this.closed) {
        reject(new Error('render pool is closed'));
        return;
      }
      this.warmUp();
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.dispatch();
    });

  close(): void {
    this.closed = true;
    this.memory.stop();
    for (const slot of this.slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.job?.reject(new Error('render pool closed'));
      slot.worker.terminate();
    }
    for (const job of this.queue.splice(0)) job.reject(new Error('render pool closed'));
  }
}

/** In-process rendering (tests, RENDER_WORKERS=0): the renderer loads on first use. */
export const renderInProcess: RenderPdf = async (input) => {
  const { renderPdf } = await import('../rendering/render-pdf');
  return renderPdf(input);
};
