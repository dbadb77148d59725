import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { ShiftedClock, sourceOnly, startServer, type TestServer } from '../harness';

// A shop's sync script walks the customers and products lists page by page, from the cursors it is given,
// and next time asks only for what changed since its last run.
const clock = new ShiftedClock();
let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startServer({ clock });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const cursorOf = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
const get = (path: string) => server.json(path, { key: account.apiKey });
const post = (path: string, body: unknown) =>
  server.json(path, { method: 'POST', key: account.apiKey, body });

const item = (n: number) => ({
  external_id: `ORD-${n}`,
  data: {
    invoice_number: `ORD-${n}`,
    issue_date: '2026-12-07',
    currency: 'EUR',
    seller: { name: 'Shop Ltd' },
    buyer: { name: 'Buyer' },
    line_items: [{ name: 'Mug', quantity: '1', unit_price: '9.00' }],
  },
});

describe('a cursor is taken only by the list that issued it', () => {
  test("another list's cursor, or a hand-made one, is a 422 at query.cursor, not an empty page", async () => {
    for (const name of ['Ada', 'Ben', 'Cleo'])
      expect((await post('/api/v1/customers', { name })).status).toBe(200);
    for (const name of ['Mug', 'Plate']) {
      expect((await post('/api/v1/products', { name, unit_price: '9.00' })).status).toBe(200);
    }
    const batch = await post('/api/v1/batches', { items: [item(1), item(2), item(3)] });
    expect(batch.status).toBe(200);
    const itemsCursor = (await get(`/api/v1/batches/${batch.body.data.id}/items?limit=1`)).body.pagination
      .next_cursor;
    const customersCursor = (await get('/api/v1/customers?limit=1')).body.pagination.next_cursor;
    const productsCursor = (await get('/api/v1/products?limit=1')).body.pagination.next_cursor;
    expect(typeof itemsCursor).toBe('string');
    expect(typeof customersCursor).toBe('string');
    expect(typeof productsCursor).toBe('string');

    for (const [path, foreign] of [
      ['/api/v1/customers', itemsCursor],
      ['/api/v1/customers', productsCursor],
      ['/api/v1/products', customersCursor],
      ['/api/v1/documents', customersCursor],
      ['/api/v1/customers', cursorOf({ v: 1, k: '2' })],
      ['/api/v1/customers', cursorOf({ v: 1, k: 'zzz' })],
    ]) {
      const res = await get(`${path}?cursor=${foreign}`);
      expect({ path, status: res.status }).toEqual({ path, status: 422 });
      expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['query.cursor']);
    }
  });

  test("the list's own cursors walk it once; a cursor issued before cursors named their list still works", async () => {
    const all = (await get('/api/v1/customers?limit=100')).body.data.map((c: { id: string }) => c.id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&cursor=${cursor}`;
      const page = await get(`/api/v1/customers?limit=1${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((c: { id: string }) => c.id));
      cursor = page.body.pagination.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(all);

    // A cursor of the version before (no list named): its key an id, it resumes after that id.
    const legacy = await get(`/api/v1/customers?cursor=${cursorOf({ v: 1, k: all[0] })}`);
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.map((c: { id: string }) => c.id)).toEqual(all.slice(1));
  });
});

describe('updated_since on the customers and products lists', () => {
  test.skipIf(sourceOnly)(
    'only the rows changed at or after the time are listed, pages and q included',
    async () => {
      const shop = await makeAccount(server);
      const call = (method: string, path: string, body?: unknown) =>
        server.json(path, { method, key: shop.apiKey, body });
      const ada = (await call('POST', '/api/v1/customers', { name: 'Ada Shop' })).body.data;
      await call('POST', '/api/v1/customers', { name: 'Ben Shop' });
      const mug = (await call('POST', '/api/v1/products', { name: 'Mug', unit_price: '9.00' })).body.data;
      await call('POST', '/api/v1/products', { name: 'Plate', unit_price: '5.00' });

      clock.advance(60_000);
      const changedCustomer = await call('PATCH', `/api/v1/customers/${ada.id}`, {
        email: 'ada@example.com',
      });
      expect(changedCustomer.status).toBe(200);
      const changedProduct = await call('PATCH', `/api/v1/products/${mug.id}`, { unit_price: '9.50' });
      expect(changedProduct.status).toBe(200);
      const cleo = (await call('POST', '/api/v1/customers', { name: 'Cleo Shop' })).body.data;

      const since = encodeURIComponent(changedCustomer.body.data.updated_at);
      const customers = await call('GET', `/api/v1/customers?updated_since=${since}`);
      expect(customers.status).toBe(200);
      expect(customers.body.data.map((c: { id: string }) => c.id)).toEqual([cleo.id, ada.id]);
      const paged = await call('GET', `/api/v1/customers?updated_since=${since}&limit=1`);
      expect(paged.body.data.map((c: { id: string }) => c.id)).toEqual([cleo.id]);
      const next = await call(
        'GET',
        `/api/v1/customers?updated_since=${since}&limit=1&cursor=${paged.body.pagination.next_cursor}`,
      );
      expect(next.body.data.map((c: { id: string }) => c.id)).toEqual([ada.id]);
      expect(next.body.pagination.has_more).toBe(false);
      const searched = await call('GET', `/api/v1/customers?updated_since=${since}&q=cleo`);
      expect(searched.body.data.map((c: { id: string }) => c.id)).toEqual([cleo.id]);

      const productsSince = encodeURIComponent(changedProduct.body.data.updated_at);
      const products = await call('GET', `/api/v1/products?updated_since=${productsSince}`);
      expect(products.status).toBe(200);
      expect(products.body.data.map((p: { id: string }) => p.id)).toEqual([mug.id]);

      // Any ISO time with an offset is taken, as on the documents list.
      const offset = await call('GET', '/api/v1/customers?updated_since=2000-01-01T01:00:00%2B01:00');
      expect(offset.body.data).toHaveLength(3);
      const bad = await call('GET', '/api/v1/products?updated_since=yesterday');
      expect(bad.status).toBe(422);
      expect(bad.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual([
        'query.updated_since',
      ]);
    },
  );
});

describe('the OpenAPI document of these lists', () => {
  test('limit is an integer (1-100) and updated_since a date-time on customers and products', async () => {
    const doc = (await server.json('/api/v1/openapi.json')).body;
    for (const path of ['/api/v1/customers', '/api/v1/products', '/api/v1/documents', '/api/v1/batches']) {
      const params = doc.paths[path].get.parameters as { name: string; in: string; schema: any }[];
      const limit = params.find((p) => p.name === 'limit' && p.in === 'query');
      expect({ path, type: limit?.schema.type }).toEqual({ path, type: 'integer' });
      expect(limit?.schema.minimum).toBe(1);
      expect(limit?.schema.maximum).toBe(100);
    }
    for (const path of ['/api/v1/customers', '/api/v1/products']) {
      const params = doc.paths[path].get.parameters as { name: string; in: string; schema: any }[];
      const since = params.find((p) => p.name === 'updated_since' && p.in === 'query');
      expect({ path, format: since?.schema.format }).toEqual({ path, format: 'date-time' });
    }
  });
});
