// docs/limits.md: "Render time | 30 s | 422, worker replaced | RENDER_TIME_LIMIT_SECONDS", through the HTTP API
// with the default setting. No real input reliably draws for more than 30 s (and a test must not wait that
// long), so the render worker is the test's stand-in that spins for ever on the document number "hang"
// (test/workers/misbehaving-render-worker.ts); the pool's limit is the default config's, unchanged, and the
// pool's clock is moved instead of waited for (fake timers): the render is stopped when 30 s have passed on
// that clock, not one millisecond before. Nothing here measures elapsed time.
import { afterAll, beforeAll, describe, expect, jest, test } from 'bun:test';
import { loadConfig } from '../../src/config';
import type { RenderInput } from '../../src/rendering/types';
import { RenderPool } from '../../src/workers/render-pool';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer, tempDir } from '../harness';

const ENTRY = new URL('../workers/misbehaving-render-worker.ts', import.meta.url).href;
const config = loadConfig({ DATA_DIR: tempDir() });

let server: TestServer;
let account: TestAccount;
let pool: RenderPool;
let dispatched = 0;

beforeAll(async () => {
  // As createPools (src/service.ts) builds it from the config, with the stand-in worker script.
  pool = new RenderPool(
    1,
    {
      timeLimitMs: config.renderTimeLimitSeconds * 1000,
      // Not the memory limit: it watches the whole process's RSS, here the test runner's (every file's
      // garbage), and would cut the hang short for memory before its time came.
      memoryLimitBytes: Number.POSITIVE_INFINITY,
    },
    ENTRY,
  );
  server = await startServer({
    renderPdf: (input: RenderInput) => {
      // pool.render hands the job to the idle worker and arms its timer before it returns.
      const bytes = pool.render(input);
      dispatched++;
      return bytes;
    },
  });
  account = await makeAccount(server);
});
afterAll(async () => {
  jest.useRealTimers();
  await server.stop();
  pool.close();
});

const render = (number: string) =>
  server.request('/api/v1/documents/render', {
    method: 'POST',
    key: account.apiKey,
    headers: { accept: 'application/pdf' },
    body: {
      data: {
        invoice_number: number,
        issue_date: '2026-11-02',
        currency: 'EUR',
        seller: { name: 'Seller GmbH' },
        buyer: { name: 'Buyer AG' },
        line_items: [
          { name: 'Widget', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
        ],
      },
    },
  });

// Fake timers fake Bun.sleep too: wait on the event loop's check phase instead.
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await tick();
}

describe('render time limit through HTTP, default setting', () => {
  test('the default is the documented 30 s', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).renderTimeLimitSeconds).toBe(30);
    expect(config.renderTimeLimitSeconds).toBe(30);
  });

  test('a render still drawing at 30 s answers 422 naming the limit; its worker is replaced, the next render works', async () => {
    const before = await render('whoami');
    expect(before.status).toBe(200);
    const beforeThread = await before.text();
    expect(beforeThread).toMatch(/^%PDF-1\.4 thread \d+$/);

    jest.useFakeTimers();
    let answer: Response | null = null;
    try {
      const start = dispatched;
      const pending = render('hang').then((res) => {
        answer = res;
        return res;
      });
      await until(() => dispatched > start);
      // One millisecond short of the limit the render is still running.
      jest.advanceTimersByTime(config.renderTimeLimitSeconds * 1000 - 1);
      // A few round trips through the server: an answer would have come back by now.
      for (let i = 0; i < 5; i++) expect((await server.request('/health')).status).toBe(200);
      expect(answer).toBeNull();
      jest.advanceTimersByTime(1);
      const res = await pending;
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('unprocessable_entity');
      expect(body.error.message).toContain('within 30 s');
    } finally {
      jest.useRealTimers();
    }

    const after = await render('whoami');
    expect(after.status).toBe(200);
    const afterThread = await after.text();
    expect(afterThread).toMatch(/^%PDF-1\.4 thread \d+$/);
    expect(afterThread).not.toBe(beforeThread); // the pool's one worker is a new thread
  });
});
