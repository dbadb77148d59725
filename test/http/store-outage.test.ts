// Issue 37's object store under faults (BOTH ENGINES TEST): the S3 server goes away for a few seconds
// while a batch renders. A render asked for meanwhile answers 503 service_unavailable with Retry-After (not
// a 500), /ready names the storage; the batch waits for the store instead of failing its items, and ends
// with every item rendered once and billed once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { usageEvents } from '../../src/modules/usage/schema';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { waitUntil } from '../instances';
import { TestS3 } from '../s3rver';

const ITEMS = 120;
let s3: TestS3;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  s3 = await TestS3.start();
  server = await startServer({ s3: s3.env() });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
  await s3.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

const invoice = (n: number) => ({
  invoice_number: `OUT-${n}`,
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Seller GmbH' },
  buyer: { name: `Buyer ${n}` },
  line_items: [
    { name: 'Widget', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
  ],
});

describe('the object store away for a while', () => {
  test('503 with Retry-After while it is away; a batch waits for it and renders every item once', async () => {
    const created = await call('POST', '/api/v1/batches', {
      items: Array.from({ length: ITEMS }, (_, i) => ({ data: invoice(i + 1) })),
    });
    expect(created.status).toBe(200);
    const batchId = created.body.data.id as string;
    const progress = async () => (await call('GET', `/api/v1/batches/${batchId}`)).body.data;
    await waitUntil(async () => (await progress()).completed_items >= 2, 'the batch under way', 60_000);

    await s3.halt();
    const atHalt = (await progress()).completed_items;
    try {
      const render = await call('POST', '/api/v1/documents/render', { data: invoice(999) });
      expect(render.status).toBe(503);
      expect(render.body.error).toMatchObject({
        code: 'service_unavailable',
        details: { unavailable: 'storage' },
      });
      expect(Number(render.headers.get('retry-after'))).toBeGreaterThan(0);
      const ready = await server.request('/ready');
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { dependencies: { storage: string } }).dependencies.storage).toBe(
        'error',
      );
      await Bun.sleep(3_000); // the batch meets the outage meanwhile
      const during = await progress();
      expect(during.failed_items).toBe(0);
      expect(atHalt).toBeLessThan(ITEMS);
      // Items do not fail meanwhile: at most the ones stored when the store went away were finished.
      expect(during.completed_items).toBeLessThanOrEqual(atHalt + 2);
    } finally {
      await s3.resume();
    }

    await waitUntil(async () => (await progress()).status === 'completed', 'the batch done', 120_000);
    const done = await progress();
    expect(done).toMatchObject({ completed_items: ITEMS, failed_items: 0 });
    const usage = await server.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.accountId, account.id))
      .all();
    expect(usage).toHaveLength(ITEMS);
    expect(await s3.keys(`renders/${account.id}/`)).toHaveLength(ITEMS);
    expect((await call('POST', '/api/v1/documents/render', { data: invoice(1000) })).status).toBe(200);
  }, 180_000);
});
