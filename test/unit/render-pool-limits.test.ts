import { describe, expect, test } from 'bun:test';
import type { RenderInput } from '../../src/rendering/types';
import { DomainError } from '../../src/shared/errors';
import { RenderPool } from '../../src/workers/render-pool';

const ENTRY = new URL('../workers/misbehaving-render-worker.ts', import.meta.url).href;
const job = (how: string) => ({ data: { invoice_number: how } }) as unknown as RenderInput;
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('render pool limits', () => {
  test('a render past its time limit fails with a 422 error, its worker is replaced, the next render works', async () => {
    const pool = new RenderPool(1, { timeLimitMs: 500, memoryLimitBytes: 64 * 1024 ** 3 }, ENTRY);
    try {
      const before = text(await pool.render(job('whoami')));
      expect(before).toMatch(/^%PDF-1\.4 thread \d+$/);
      // A worker spinning for ever never answers: only the pool's time limit can end this.
      const error = await rejection(pool.render(job('hang')));
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('unprocessable_entity');
      expect((error as Error).message).toContain('within 0.5 s');
      expect(text(await pool.render(job('fine')))).toBe('%PDF-1.4 fine');
      const after = text(await pool.render(job('whoami')));
      expect(after).toMatch(/^%PDF-1\.4 thread \d+$/);
      expect(after).not.toBe(before); // the one worker is a new thread
    } finally {
      pool.close();
    }
  });

  test('a render that grows the process past the memory ceiling fails and its worker is replaced', async () => {
    const ceiling = process.memoryUsage.rss() + 400 * 1024 * 1024;
    const pool = new RenderPool(2, { timeLimitMs: 60_000, memoryLimitBytes: ceiling }, ENTRY);
    try {
      const error = await rejection(pool.render(job('grow')));
      expect((error as Error).message).toContain('memory limit');
      expect(process.memoryUsage.rss()).toBeLessThan(ceiling + 600 * 1024 * 1024);
      // The grown worker's memory goes back to the system when the process collects it: in a test process
      // that already holds 2 GB (the whole unit lane), that can take a moment, and a render meanwhile is
      // refused by the same ceiling, rightly. Waited for (at most 20 s), then the replaced worker draws.
      for (let i = 0; i < 200 && process.memoryUsage.rss() >= ceiling; i++) {
        Bun.gc(true);
        await Bun.sleep(100);
      }
      expect(process.memoryUsage.rss()).toBeLessThan(ceiling);
      expect(text(await pool.render(job('after')))).toBe('%PDF-1.4 after');
    } finally {
      pool.close();
    }
  });
});
