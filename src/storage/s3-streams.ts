import { within } from '../shared/deadline';
import type { BlobSource } from './blob-store';

/** The store did not answer in time: an outage to the service (code `TimedOut`, src/storage/unavailable.ts). */
export function storeTimedOut(message: string): Error {
  return Object.assign(new Error(message), { code: 'TimedOut' });
}

/** A streamed write's body, with what the watchdog of `uploaded` needs to know about it. */
export interface PulledStream {
  readonly stream: ReadableStream<Uint8Array>;
  /** How long the store has gone without asking for more (0 while a chunk is being read from the source). */
  idleMs(): number;
  /** Ends the body with `error` (the upload is given up, not completed) and stops reading the source. */
  fail(error: Error): void;
}

/**
 * `source` as a web stream that reads one chunk each time its consumer asks (high-water mark 0: nothing is
 * read ahead, so the consumer's pace bounds memory), telling `passed` each chunk's size. Cancelling it ends
 * the source: a stream is cancelled, a generator returns (its `finally` runs).
 */
export function pulledStream(source: BlobSource, passed: (bytes: number) => void): PulledStream {
  const chunks = (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  let pulling = false;
  let since = Date.now();
  let failed = false;
  let control: ReadableStreamDefaultController<Uint8Array> | null = null;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        control = controller;
      },
      async pull(controller) {
        pulling = true;
        try {
          for (;;) {
            const next = await chunks.next();
            if (failed) return;
            if (next.done) return controller.close();
            if (next.value.byteLength === 0) continue;
            passed(next.value.byteLength);
            return controller.enqueue(next.value);
          }
        } finally {
          pulling = false;
          since = Date.now();
        }
      },
      async cancel(reason) {
        await chunks.return?.(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    idleMs: () => (pulling ? 0 : Date.now() - since),
    fail(error) {
      if (failed) return;
      failed = true;
      try {
        control?.error(error);
      } catch {
        // already closed or errored: nothing more to end
      }
      void Promise.resolve(chunks.return?.()).catch(() => undefined);
    },
  };
}

/**
 * A streamed write (`write`, fed from `body`) that rejects with `TimedOut` once the store has gone
 * `limitMs` without taking more of the body and without finishing: a store that stops answering in the
 * middle of an upload (frozen, or the network to it dropping everything) held the write, and the job
 * doing it, for good, since Bun's S3 client has no time limit and a job's heartbeat kept its lease.
 * Time spent reading the source (an archive still being drawn) does not count. The body is then ended with
 * the error, so Bun gives the upload up instead of completing it with what it has (docs/storage.md).
 */
export async function uploaded<T>(write: Promise<T>, body: PulledStream, limitMs: number): Promise<T> {
  let timer: ReturnType<typeof setInterval> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setInterval(
      () => {
        if (body.idleMs() <= limitMs) return;
        const error = storeTimedOut(
          `the object store took nothing of the upload for ${Math.round(limitMs / 1000)} s`,
        );
        body.fail(error);
        reject(error);
      },
      Math.min(1_000, limitMs),
    );
  });
  try {
    return await Promise.race([write, stalled]);
  } finally {
    clearInterval(timer);
    // A write given up is still pending: its later failure is ours to swallow, not an unhandled rejection.
    write.catch(() => undefined);
  }
}

/** Ranged reads after a body that ended short or stalled, before the stream errors. */
const RESUMES = 3;

const STALLED = Symbol('stalled');

/**
 * The `size` bytes of an object as one stream, read from `open(offset)`: a read that ends before `size`
 * is followed by one from where it stopped (up to RESUMES times), a read past `size` or still short is an
 * error of the stream (the object changed, or the store keeps cutting it). A read that brings nothing for
 * `readMs` counts as cut there too (its request given up, a ranged one from where it stopped), and once the
 * resumes are spent the stream errors `TimedOut`: a body the store stopped sending midway, its connection
 * open, held the download, and the client, for good; now the transfer breaks and the client sees it broken.
 */
export function wholeStream(
  size: number,
  open: (offset: number) => ReadableStream<Uint8Array>,
  readMs = Number.POSITIVE_INFINITY,
): ReadableStream<Uint8Array> {
  let offset = 0;
  let resumes = 0;
  let reader = open(0).getReader();
  type Read = Awaited<ReturnType<typeof reader.read>> | typeof STALLED;
  const read = (): Promise<Read> =>
    Number.isFinite(readMs) ? within<Read>(reader.read(), readMs, () => STALLED) : reader.read();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const next = await read();
        if (next !== STALLED && !next.done) {
          offset += next.value.byteLength;
          if (offset > size) throw new Error(`storage: object longer than its ${size} bytes`);
          controller.enqueue(next.value);
          return;
        }
        if (next !== STALLED && offset === size) {
          controller.close();
          return;
        }
        if (next === STALLED) void reader.cancel().catch(() => undefined);
        if (resumes++ >= RESUMES) {
          const read = `${offset} of ${size} bytes`;
          throw next === STALLED
            ? storeTimedOut(`storage: the object store sent nothing for ${readMs / 1000} s (${read} read)`)
            : new Error(`storage: object read short (${read})`);
        }
        reader = open(offset).getReader();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
