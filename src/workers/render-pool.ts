import type { RenderInput, RenderPdf } from '../rendering/types';
import { DomainError } from '../shared/errors';
import { workerEntry } from './entry';
import { WorkerPool } from './pool-core';
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

type Reply = { id: number; bytes: ArrayBuffer } | { id: number; error: string };

/**
 * A fixed pool of Bun workers that draw PDFs, so a big render never blocks the API's event loop and
 * throughput grows with cores. Jobs queue in order; a crashed worker is replaced and only its own job fails.
 */
export class RenderPool {
  private readonly pool: WorkerPool<RenderInput, Uint8Array, Reply>;

  /** Workers start on first use or on `warmUp()`: booting them with the server would slow its start. */
  constructor(
    /** Workers; a function is asked again as renders come (instances on one host share its cores). */
    targetSize: number | (() => number),
    limits: RenderLimits = DEFAULT_RENDER_LIMITS,
    /** The worker script (tests give one that misbehaves on purpose). */
    entry: string = workerEntry('render-worker'),
  ) {
    const seconds = limits.timeLimitMs / 1000;
    const mib = Math.round(limits.memoryLimitBytes / 1024 / 1024);
    this.pool = new WorkerPool<RenderInput, Uint8Array, Reply>({
      entry,
      size: targetSize,
      start: 'all',
      timeLimitMs: limits.timeLimitMs,
      memoryLimitBytes: limits.memoryLimitBytes,
      message: (input, id) => toRenderMessage(id, input),
      answer: (reply) =>
        'bytes' in reply ? { value: new Uint8Array(reply.bytes) } : { error: new Error(reply.error) },
      limit: (input, hit) => {
        if (hit.kind === 'memory') {
          return { error: limitError(`The PDF could not be drawn within the memory limit of ${mib} MiB`) };
        }
        // A statement's length is the likely cause; a document's, a logo or template.
        const hint = input.statement ? 'ask for a shorter period' : 'is a logo or template too complex?';
        return { error: limitError(`The PDF could not be drawn within ${seconds} s (${hint})`) };
      },
      errors: {
        closed: 'render pool is closed',
        closing: 'render pool closed',
        crashed: 'render worker failed',
      },
    });
  }

  get size(): number {
    return this.pool.size;
  }

  warmUp(): void {
    this.pool.warmUp();
  }

  readonly render: RenderPdf = (input) => this.pool.submit(input);

  close(): void {
    this.pool.close();
  }
}

/** In-process rendering (tests, RENDER_WORKERS=0): the renderer loads on first use. */
export const renderInProcess: RenderPdf = async (input) => {
  const { renderPdf } = await import('../rendering/render-pdf');
  return renderPdf(input);
};
