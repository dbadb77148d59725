import type { ReadReceived, ReceivedFile, ReceivedReader } from '../einvoicing/received-file';
import { DomainError, type ErrorCode, type ErrorDetails } from '../shared/errors';
import { workerEntry } from './entry';
import type { AttachmentLimits } from './mail-attachments';
import type { MessageParts } from './mail-message';
import { WorkerPool } from './pool-core';
import { turnsByOwner } from './pool-order';
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

/** A read waiting or running. */
interface Read {
  task: ReceiveTask;
  /** Whose file (an account id): the queue takes turns between owners. */
  owner: string;
  /** What is read, as the limits' refusals name it. */
  what: 'file' | 'message';
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
  private readonly pool: WorkerPool<Read, ReadReceived | MessageParts, ReceiveReply>;

  constructor(
    /** Workers; a function is asked again as reads come (instances on one host share its cores). */
    size: number | (() => number),
    limits: RenderLimits,
    /** The worker script (tests give one that misbehaves on purpose). */
    entry: string = workerEntry('receive-worker'),
  ) {
    const seconds = limits.timeLimitMs / 1000;
    const mib = Math.round(limits.memoryLimitBytes / 1024 / 1024);
    this.pool = new WorkerPool<Read, ReadReceived | MessageParts, ReceiveReply>({
      entry,
      size,
      start: 'all',
      unref: true,
      timeLimitMs: limits.timeLimitMs,
      memoryLimitBytes: limits.memoryLimitBytes,
      order: turnsByOwner((read) => read.owner),
      message: (read, id) => ({ ...read.task, id }) satisfies ReceiveRequest,
      answer: (reply) => {
        if ('result' in reply) return { value: reply.result };
        if ('refused' in reply) {
          const { code, message, details } = reply.refused;
          return { error: new DomainError(code, message, details) };
        }
        return { error: new Error(reply.error) };
      },
      limit: ({ what }, hit) => ({
        error: limitError(
          hit.kind === 'time'
            ? `The ${what} could not be read within ${seconds} s`
            : `The ${what} could not be read within the memory limit of ${mib} MiB`,
        ),
      }),
      errors: {
        closed: 'the receive pool is closed',
        closing: 'the receive pool closed',
        crashed: 'receive worker failed',
      },
    });
  }

  /** Reads in progress in a worker now (the receiving tests watch it to see a read off the main thread). */
  get running(): number {
    return this.pool.running;
  }

  readonly read: ReceivedReader = (file, owner = '') =>
    this.pool.submit({ task: { file }, owner, what: 'file' }) as Promise<ReadReceived>;

  /** The message is copied to the worker (the caller keeps its bytes); the files come back transferred. */
  readonly readMessage: MessageReader = (raw, limits, owner = '') =>
    this.pool.submit({ task: { message: { raw, limits } }, owner, what: 'message' }) as Promise<MessageParts>;

  close(): void {
    this.pool.close();
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
