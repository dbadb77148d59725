import type { ReadReceived, ReceivedFile, ReceivedReader } from '../einvoicing/received-file';
import { DomainError, type ErrorCode, type ErrorDetails } from '../shared/errors';
import { workerEntry } from './entry';
import type { AttachmentLimits } from './mail-attachments';
import type { MessageParts } from './mail-message';
import { MemoryWatch } from './memory-watch';
import type { RenderLimits } from './render-pool';

/** A received file to read, or an e-mail to take apart into the files worth trying (mail-message.ts). */
export type ReceiveTask = { file: ReceivedFile } | { message: { raw: Uint8Array; limits: AttachmentLimits } };

export type ReceiveRequest = ReceiveTask & { id: number };

export type ReceiveReply =
  | { id: number; result: ReadReceived | MessageParts }
  | { id: number; refused: { code: ErrorCode; message: string; details?: ErrorDetails } }
  | { id: number; error: string };

/**
 * Takes an e-mail apart in the receive workers (or in-process); `owner` (the account) gets its turn in the
 * queue as for a file.
 */
export type MessageReader = (
  raw: Uint8Array,
  limits: AttachmentLimits,
  owner?: string,
) => Promise<MessageParts>;

interface Job {
  /** Whose file (an account id): the queue takes turns between owners. */
  owner: string;
  /** What is read, as the limits' refusals name it. */
  what: 'file' | 'message';
  request: ReceiveRequest;
  resolve(result: ReadReceived | MessageParts): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: Timer | null;
}

/** A read stopped by a limit: the file is the cause, so a 422 that says which limit. */
const limitError = (message: string) =>
  new DomainError('unprocessable_entity', message, {
    fields: [{ loc: 'body', msg: message, type: 'too_large' }],
  });

/**
 * Workers that read received e-invoices (XML parsing and mapping, PDF attachment extraction) and take
 * e-mails apart (MIME, attachments, ZIPs: mail-message.ts), so no file or message holds the API's event
 * loop, under the limits of rendering: a read still running at the time limit, or running while the
 * process's RSS is past the memory limit, has its worker terminated and replaced and answers 422. The
 * queue is fair between owners (accounts): a free worker takes the oldest job of the owner with the fewest
 * reads running, so one account's burst of heavy files delays another account's file by at most the reads
 * already running. Workers start on first use and never keep the process alive.
 */
export class ReceivePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly memory: MemoryWatch;
  /** When each owner last had a job dispatched, while jobs wait: the queue's turns. */
  private readonly lastTurn = new Map<string, number>();
  private turn = 0;

  constructor(
    private readonly size: number,
    private readonly limits: RenderLimits,
    /** The worker script (tests give one that misbehaves on purpose). */
    private readonly entry: string = workerEntry('receive-worker'),
  ) {
    const mib = Math.round(limits.memoryLimitBytes / 1024 / 1024);
    this.memory = new MemoryWatch(
      limits.memoryLimitBytes,
      () => this.running > 0,
      () => {
        for (const slot of this.slots.filter((s) => s.job !== null)) {
          const what = slot.job?.what ?? 'file';
          this.replace(
            slot,
            limitError(`The ${what} could not be read within the memory limit of ${mib} MiB`),
          );
        }
      },
    );
  }

  /** Reads in progress in a worker now (the receiving tests watch it to see a read off the main thread). */
  get running(): number {
    return this.slots.filter((s) => s.job !== null).length;
  }

  readonly read: ReceivedReader = (file, owner = '') =>
    this.submit({ file }, owner, 'file') as Promise<ReadReceived>;

  /** The message is copied to the worker (the caller keeps its bytes); the files come back transferred. */
  readonly readMessage: MessageReader = (raw, limits, owner = '') =>
    this.submit({ message: { raw, limits } }, owner, 'message') as Promise<MessageParts>;

  private submit(task: ReceiveTask, owner: string, what: Job['what']) {
    return new Promise<ReadReceived | MessageParts>((resolve, reject) => {
      if (this.closed) {
        reject(new Error('the receive pool is closed'));
        return;
      }
      while (this.slots.length < this.size) this.slots.push(this.spawn());
      this.queue.push({ owner, what, request: { ...task, id: this.nextId++ }, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * The next job: of the owners waiting, the one with the fewest reads running, then the one whose turn
   * came longest ago (never: first); its oldest job.
   */
  private next(): Job | undefined {
    const running = new Map<string, number>();
    for (const slot of this.slots) {
      if (slot.job) running.set(slot.job.owner, (running.get(slot.job.owner) ?? 0) + 1);
    }
    const rank = (job: Job) => [running.get(job.owner) ?? 0, this.lastTurn.get(job.owner) ?? 0] as const;
    let best = -1;
    for (let i = 0; i < this.queue.length; i++) {
      if (best === -1) {
        best = i;
        continue;
      }
      const [load, turn] = rank(this.queue[i] as Job);
      const [bestLoad, bestTurn] = rank(this.queue[best] as Job);
      if (load < bestLoad || (load === bestLoad && turn < bestTurn)) best = i;
    }
    if (best === -1) return undefined;
    const [job] = this.queue.splice(best, 1) as [Job];
    this.lastTurn.set(job.owner, ++this.turn);
    return job;
  }

  close(): void {
    this.closed = true;
    this.memory.stop();
    for (const slot of this.slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.job?.reject(new Error('the receive pool closed'));
      slot.worker.terminate();
    }
    for (const job of this.queue.splice(0)) job.reject(new Error('the receive pool closed'));
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.entry), job: null, timer: null };
    slot.worker.unref();
    slot.worker.onmessage = (event: MessageEvent<ReceiveReply>) => this.finish(slot, event.data);
    slot.worker.onerror = (event) => this.replace(slot, new Error(`receive worker failed: ${event.message}`));
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job !== null) continue;
      const job = this.next();
      if (!job) break;
      slot.job = job;
      const seconds = this.limits.timeLimitMs / 1000;
      slot.timer = setTimeout(
        () => this.replace(slot, limitError(`The ${job.what} could not be read within ${seconds} s`)),
        this.limits.timeLimitMs,
      );
      slot.worker.postMessage(job.request);
    }
    // Idle: no turns to remember (the map never outgrows the owners of one busy spell).
    if (this.queue.length === 0 && this.running === 0) this.lastTurn.clear();
    this.memory.update();
  }

  private finish(slot: Slot, reply: ReceiveReply): void {
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    if ('result' in reply) job.resolve(reply.result);
    else if ('refused' in reply) {
      const { code, message, details } = reply.refused;
      job.reject(new DomainError(code, message, details));
    } else job.reject(new Error(reply.error));
    this.dispatch();
  }

  /** Terminates the slot's worker and starts a fresh one in its place; its job fails with `error`. */
  private replace(slot: Slot, error: Error): void {
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
}

/** In-process reading (the `receive` command, RENDER_WORKERS=0): the reader loads on first use. */
export const readReceivedInProcess: ReceivedReader = async (file) => {
  const { readReceivedFile } = await import('../einvoicing/received-file');
  return readReceivedFile(file);
};

/** In-process (RENDER_WORKERS=0): on the main thread, bounded by the caps alone. */
export const readMessageInProcess: MessageReader = async (raw, limits) => {
  const { readMailMessage } = await import('./mail-message');
  return readMailMessage(raw, limits);
};
