// The receive workers (issue 25): a received file is read in a worker under the limits of rendering; a
// read past the time or memory limit is a 422 and its worker is replaced; a refusal made in the worker
// reaches the caller as the same DomainError (code, message, details).
import { describe, expect, test } from 'bun:test';
import { DEFAULT_PDF_LIMITS } from '../../src/einvoicing/pdf-invoice-xml';
import { DomainError } from '../../src/shared/errors';
import { ReceivePool } from '../../src/workers/receive-pool';
import { manyObjectsPdf } from '../raw-pdf';

const ENTRY = new URL('../workers/misbehaving-receive-worker.ts', import.meta.url).href;
const xml = (how: string) => ({ kind: 'xml' as const, xml: how });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('receive pool limits', () => {
  test('a read past its time limit is a 422 naming the limit; its worker is replaced and the next read works', async () => {
    const pool = new ReceivePool(1, { timeLimitMs: 500, memoryLimitBytes: 64 * 1024 ** 3 }, ENTRY);
    try {
      const error = await rejection(pool.read(xml('hang')));
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('unprocessable_entity');
      expect((error as Error).message).toBe('The file could not be read within 0.5 s');
      expect((await pool.read(xml('fine'))).xml).toBe('fine');
    } finally {
      pool.close();
    }
  });

  test('a read that grows the process past the memory limit is a 422; its worker is replaced', async () => {
    const ceiling = process.memoryUsage.rss() + 400 * 1024 * 1024;
    const pool = new ReceivePool(2, { timeLimitMs: 60_000, memoryLimitBytes: ceiling }, ENTRY);
    try {
      const error = await rejection(pool.read(xml('grow')));
      expect((error as Error).message).toContain('memory limit');
      expect((await pool.read(xml('after'))).xml).toBe('after');
    } finally {
      pool.close();
    }
  });

  test("the queue takes turns between accounts: one account's burst does not hold another's file behind it", async () => {
    const pool = new ReceivePool(1, { timeLimitMs: 60_000, memoryLimitBytes: 64 * 1024 ** 3 }, ENTRY);
    try {
      const finished: string[] = [];
      const read = (name: string, owner: string) =>
        pool.read(xml(`busy ${name}`), owner).then(() => finished.push(name));
      const reads = [read('a1', 'acc_a'), read('a2', 'acc_a'), read('a3', 'acc_a'), read('b1', 'acc_b')];
      await Promise.all(reads);
      // a1 was running when b1 arrived; b1 is next, before the rest of a's burst.
      expect(finished).toEqual(['a1', 'b1', 'a2', 'a3']);
    } finally {
      pool.close();
    }
  });

  test('the real worker: a limit of the PDF reader reaches the caller as the same DomainError', async () => {
    const pool = new ReceivePool(1, { timeLimitMs: 60_000, memoryLimitBytes: 64 * 1024 ** 3 });
    try {
      expect(pool.running).toBe(0);
      const reading = pool.read({ kind: 'pdf', bytes: manyObjectsPdf(DEFAULT_PDF_LIMITS.maxObjects + 1) });
      expect(pool.running).toBe(1);
      const error = await rejection(reading);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).details?.max_objects).toBe(DEFAULT_PDF_LIMITS.maxObjects);
      expect(pool.running).toBe(0);
    } finally {
      pool.close();
    }
  });
});
