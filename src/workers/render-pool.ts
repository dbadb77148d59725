import type { RenderInput, RenderPdf } from '../rendering/types';
import { workerEntry } from './entry';

interface Job {
  id: number;
  input: RenderInput;
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
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

  /** Workers start on first use or on `warmUp()`: booting them with the server would slow its start. */
  constructor(private readonly targetSize: number) {}

  get size(): number {
    return this.targetSize;
  }

  warmUp(): void {
    while (!this.closed && this.slots.length < this.targetSize) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerEntry('render-worker')), job: null };
    slot.worker.onmessage = (event: MessageEvent<Reply>) => this.finish(slot, event.data);
    slot.worker.onerror = (event) => this.crash(slot, new Error(`render worker failed: ${event.message}`));
    return slot;
  }

  private finish(slot: Slot, reply: Reply): void {
    const job = slot.job;
    slot.job = null;
    if (job && job.id === reply.id) {
      if ('bytes' in reply) job.resolve(new Uint8Array(reply.bytes));
      else job.reject(new Error(reply.error));
    }
    this.dispatch();
  }

  private crash(slot: Slot, error: Error): void {
    slot.job?.reject(error);
    slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index >= 0 && !this.closed) this.slots[index] = this.spawn();
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job !== null) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, input: job.input });
    }
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
    for (const slot of this.slots) {
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
