// Issue 37's object store under faults (BOTH ENGINES TEST): the S3 server goes away for a few seconds
// while a batch renders. A render asked for meanwhile answers 503 service_unavailable with Retry-After (not
// a 500), /ready names the storage; the batch waits for the store instead of failing its items, and ends
// with every item rendered once and billed once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect, createServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { usageEvents } from '../../src/modules/usage/schema';
import { makeDocument, makeParties } from '../document-factories';
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

  test('an archive or audit ZIP while the store is away: no whole-looking ZIP with "could not be produced" holes', async () => {
    const parties = await makeParties(server, account);
    await makeDocument(server, account, parties, { number: 'ARCH-OUT-1' }, ['finalize']);
    await s3.halt();
    try {
      for (const path of ['/api/v1/exports/archive.zip', '/api/v1/exports/audit.zip']) {
        const res = await server.request(`${path}?from=2026-11-01&to=2026-11-30`, { key: account.apiKey });
        // Either refused at once (503), or the download breaks off: never a ZIP that reads whole.
        let whole: Uint8Array | null = null;
        if (res.status === 200) whole = await res.bytes().catch(() => null);
        else expect(res.status).toBe(503);
        if (whole) {
          const text = new TextDecoder('latin1').decode(whole);
          throw new Error(
            `${path}: a whole ZIP while the store is away (${text.includes('could not be produced') ? 'with holes' : 'complete?'})`,
          );
        }
      }
    } finally {
      await s3.resume();
    }
    const after = await server.request('/api/v1/exports/archive.zip?from=2026-11-01&to=2026-11-30', {
      key: account.apiKey,
    });
    expect(after.status).toBe(200);
    expect(new TextDecoder('latin1').decode(await after.bytes())).not.toContain('could not be produced');
  }, 60_000);

  test('a file deleted while the store is away: 503 and the file kept, deleted by the retry, its bytes too', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new TextEncoder().encode('%PDF-1.4 kept')], { type: 'application/pdf' }),
      'a.pdf',
    );
    const uploaded = await fetch(`${server.url}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}` },
      body: form,
    });
    const id = ((await uploaded.json()) as { data: { id: string } }).data.id;
    await s3.halt();
    try {
      const refused = await call('DELETE', `/api/v1/files/${id}`);
      expect(refused.status).toBe(503);
      expect(refused.body.error.details).toMatchObject({ unavailable: 'storage' });
    } finally {
      await s3.resume();
    }
    // Before: the row was gone with the 503, and the bytes stayed in the bucket with nothing naming them.
    expect((await call('GET', `/api/v1/files/${id}`)).status).toBe(200);
    expect(await s3.keys(`files/${account.id}/${id}`)).toHaveLength(1);
    expect((await call('DELETE', `/api/v1/files/${id}`)).status).toBeLessThan(300);
    expect((await call('GET', `/api/v1/files/${id}`)).status).toBe(404);
    expect(await s3.keys(`files/${account.id}/${id}`)).toHaveLength(0);
  }, 60_000);
});

/**
 * A TCP relay to `target` that can be frozen: freezing ends the connections it has (the client's kept-alive
 * ones), and while frozen it takes new ones and passes nothing on either way, answering nothing, as a
 * store that hangs (or a network that drops everything after the handshake).
 */
async function freezableRelay(target: URL) {
  let frozen = false;
  const held: Socket[] = [];
  const server = createServer((client) => {
    client.on('error', () => {});
    held.push(client);
    if (frozen) return; // taken, never answered: nothing reaches the store, which cannot end it either
    const upstream = connect(Number(target.port), target.hostname);
    upstream.on('error', () => client.destroy());
    held.push(upstream);
    client.on('data', (data) => {
      if (!frozen) upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (!frozen) client.write(data);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    freeze: (on: boolean) => {
      frozen = on;
      if (on) for (const socket of held.splice(0)) socket.destroy();
    },
    close: () => {
      server.close();
      for (const socket of held) socket.destroy();
    },
  };
}

describe('the object store stops answering (connections open, nothing comes back)', () => {
  test('a render answers 503 naming the storage after S3_ANSWER_TIMEOUT_SECONDS, /ready too; then it renders again', async () => {
    const relay = await freezableRelay(new URL(s3.env().S3_ENDPOINT as string));
    const impatient = await startServer({
      s3: s3.env({ S3_ENDPOINT: relay.url, S3_ANSWER_TIMEOUT_SECONDS: '2' }),
    });
    try {
      const owner = await makeAccount(impatient);
      // Bun's S3 client waits on such a connection for minutes of its own: this test gives up at 30 s.
      const render = () =>
        Promise.race([
          impatient.json('/api/v1/documents/render', {
            method: 'POST',
            key: owner.apiKey,
            body: { data: invoice(7) },
          }),
          Bun.sleep(30_000).then(() => ({ status: 0, body: 'no answer within 30 s' })),
        ]);
      expect((await render()).status).toBe(200);
      relay.freeze(true);
      const frozen = await render();
      expect(frozen.status).toBe(503);
      expect(frozen.body.error).toMatchObject({
        code: 'service_unavailable',
        details: { unavailable: 'storage' },
      });
      const ready = await impatient.json('/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.dependencies.storage).toBe('error');
      relay.freeze(false);
      await waitUntil(async () => (await render()).status === 200, 'renders again', 30_000);
    } finally {
      relay.freeze(false);
      await impatient.stop();
      relay.close();
    }
  }, 90_000);
});
