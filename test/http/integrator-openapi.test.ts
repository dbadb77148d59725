import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// An integrator generates a client from the OpenAPI document: what it marks required must be what the
// service refuses without, or the generated client lets a script send what always answers 422.
let server: TestServer;
let doc: any;
beforeAll(async () => {
  server = await startServer();
  doc = (await server.json('/api/v1/openapi.json')).body;
});
afterAll(() => server.stop());

describe('a batch item as the OpenAPI document describes it', () => {
  test('issue_date, seller and buyer are required in the document, as the service requires them', async () => {
    const schema = doc.paths['/api/v1/batches'].post.requestBody.content['application/json'].schema;
    const data = schema.properties.items.items.properties.data;
    expect(data.required).toEqual(
      expect.arrayContaining(['currency', 'line_items', 'issue_date', 'seller', 'buyer']),
    );

    const account = await makeAccount(server);
    const res = await server.json('/api/v1/batches', {
      method: 'POST',
      key: account.apiKey,
      body: {
        items: [
          { data: { currency: 'EUR', line_items: [{ name: 'Mug', quantity: '1', unit_price: '9.00' }] } },
        ],
      },
    });
    expect(res.status).toBe(422);
    const missing = res.body.error.details.fields
      .filter((f: { type: string }) => f.type === 'missing')
      .map((f: { loc: string }) => f.loc)
      .sort();
    expect(missing).toEqual([
      'body.items.0.data.buyer',
      'body.items.0.data.issue_date',
      'body.items.0.data.seller',
    ]);
  });
});

describe('the headers a success carries, as the OpenAPI document names them', () => {
  test('X-RateLimit-*, X-Trace-Id on authenticated successes, Idempotent-Replayed on writes', async () => {
    const create = doc.paths['/api/v1/customers'].post.responses['200'].headers;
    const list = doc.paths['/api/v1/customers'].get.responses['200'].headers;
    expect(Object.keys(create ?? {}).sort()).toEqual([
      'Idempotent-Replayed',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-Trace-Id',
    ]);
    expect(Object.keys(list ?? {}).sort()).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-Trace-Id',
    ]);
    for (const header of Object.values(create) as { $ref: string }[]) {
      const name = header.$ref.replace('#/components/headers/', '');
      expect(doc.components.headers[name].schema).toBeDefined();
    }
    // Public operations are not rate limited: their answers name no such header.
    expect(doc.paths['/health'].get.responses['200'].headers).toBeUndefined();

    const account = await makeAccount(server);
    const headers = { 'idempotency-key': 'customer-for-order-88' };
    const body = { name: 'Order 88 buyer' };
    const first = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body,
      headers,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toMatch(/^[1-9][0-9]*$/);
    expect(first.headers.get('x-ratelimit-remaining')).toMatch(/^[0-9]+$/);
    expect(first.headers.get('x-trace-id')).toMatch(/^req_/);
    const again = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body,
      headers,
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
