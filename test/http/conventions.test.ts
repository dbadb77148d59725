import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLogger } from '../../src/shared/logger';
import { makeAccount, type TestAccount } from '../factories';
import { sourceOnly, startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ maxBodyBytes: 64 * 1024 });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

function expectEnvelope(body: any, status: number, code: string) {
  expect(body.error.status).toBe(status);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.request_id).toMatch(/^req_/);
}

describe('error envelope', () => {
  test('unknown route is a 404 in the envelope, without details', async () => {
    const res = await server.json('/api/v1/nothing-here', { key: account.apiKey });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 404, 'not_found');
    expect('details' in res.body.error).toBe(false);
    expect(res.headers.get('x-trace-id')).toBe(res.body.error.request_id);
  });

  test('a wrong method on a known path is a 405 naming the allowed methods', async () => {
    const res = await server.json('/api/v1/api-keys', { method: 'PUT', key: account.apiKey });
    expect(res.status).toBe(405);
    expectEnvelope(res.body, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, POST');
  });

  test('malformed JSON is a 400 bad_request and writes nothing, even where the body is optional', async () => {
    const before = await server.json('/api/v1/api-keys', { key: account.apiKey });
    const res = await server.json('/api/v1/api-keys', {
      method: 'POST',
      key: account.apiKey,
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 400, 'bad_request');
    const after = await server.json('/api/v1/api-keys', { key: account.apiKey });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  test('an empty JSON body on an optional-body route counts as no body', async () => {
    const res = await server.json('/api/v1/api-keys', {
      method: 'POST',
      key: account.apiKey,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('default');
  });

  test('a non-JSON content type is a 400 that says what to send', async () => {
    const res = await server.json('/api/v1/workspaces', {
      method: 'POST',
      key: account.apiKey,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('application/json');
  });

  test('a form body that would pass the schema is a 400 too, and nothing is created', async () => {
    const before = (await server.json('/api/v1/customers', { key: account.apiKey })).body.data.length;
    const form = await fetch(`${server.url}/api/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${account.apiKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'name=Form%20GmbH',
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { error: { message: string } }).error.message).toContain(
      'application/json',
    );
    expect((await server.json('/api/v1/customers', { key: account.apiKey })).body.data).toHaveLength(before);
  });

  test('a multipart body on a JSON route is a 400 too, nothing created; an upload still takes one', async () => {
    const before = (await server.json('/api/v1/customers', { key: account.apiKey })).body.data.length;
    const fields = new FormData();
    fields.set('name', 'Multipart GmbH');
    const form = await fetch(`${server.url}/api/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}` },
      body: fields,
    });
    expect(form.status).toBe(400);
    const refused = (await form.json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe('bad_request');
    expect(refused.error.message).toContain('application/json');
    expect((await server.json('/api/v1/customers', { key: account.apiKey })).body.data).toHaveLength(before);
    const upload = new FormData();
    upload.set('file', new Blob(['plain text'], { type: 'text/plain' }), 'note.txt');
    const file = await fetch(`${server.url}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}` },
      body: upload,
    });
    expect(file.status).toBeLessThan(300);
  });

  test('unknown body fields are rejected with their path, not dropped', async () => {
    const res = await server.json('/api/v1/workspaces', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Ops', colour: 'red' },
    });
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 422, 'unprocessable_entity');
    expect(res.body.error.details.fields).toEqual([
      { loc: 'body.colour', msg: 'Unknown field', type: 'extra_forbidden' },
    ]);
  });

  test('a missing required field has type missing and a dotted loc', async () => {
    const res = await server.json('/api/v1/workspaces', { method: 'POST', key: account.apiKey, body: {} });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual([
      { loc: 'body.name', msg: 'Field required', type: 'missing' },
    ]);
  });

  test('null on a field that must have a value is a 422 naming it', async () => {
    const ws = await server.json('/api/v1/workspaces', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'A' },
    });
    const res = await server.json(`/api/v1/workspaces/${ws.body.data.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { name: null },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toBe('body.name');
  });

  test('nested paths are dotted with array indexes', async () => {
    const ws = await server.json('/api/v1/workspaces', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'B' },
    });
    const res = await server.json(`/api/v1/workspaces/${ws.body.data.id}/members`, {
      method: 'POST',
      key: account.apiKey,
      body: { email: 'not-an-email', role: 'boss' },
    });
    expect(res.status).toBe(422);
    const locs = res.body.error.details.fields.map((f: { loc: string }) => f.loc).sort();
    expect(locs).toEqual(['body.email', 'body.role']);
  });

  test('a missing body where one is required is a 422 at loc body', async () => {
    const res = await server.json('/api/v1/workspaces', {
      method: 'POST',
      key: account.apiKey,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ loc: 'body', type: 'missing' });
  });

  test('an oversized body gets a 413 in the envelope and nothing is written', async () => {
    const before = await server.json('/api/v1/workspaces', { key: account.apiKey });
    const res = await server.json('/api/v1/workspaces', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'x'.repeat(100 * 1024) },
    });
    expect(res.status).toBe(413);
    expectEnvelope(res.body, 413, 'payload_too_large');
    const after = await server.json('/api/v1/workspaces', { key: account.apiKey });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  test('a chunked body without Content-Length is held to the same limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${server.url}/api/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: stream,
    });
    expect(res.status).toBe(413);
    expectEnvelope(await res.json(), 413, 'payload_too_large');
  });

  test('every response carries X-Trace-Id, successes included, and ids differ per request', async () => {
    const a = await server.request('/health');
    const b = await server.request('/api/v1/auth/me', { key: account.apiKey });
    expect(a.headers.get('x-trace-id')).toMatch(/^req_/);
    expect(b.headers.get('x-trace-id')).toMatch(/^req_/);
    expect(a.headers.get('x-trace-id')).not.toBe(b.headers.get('x-trace-id'));
  });
});

describe("malformed requests (a third party's conformance suite, 2026-12-07)", () => {
  test('a path whose percent-encoding cannot be decoded is a 400, not a 422 about params', async () => {
    for (const path of ['/api/v1/customers/%ZZ', '/api/v1/templates/custom/%ZZ', '/api/v1/documents/%C3']) {
      const res = await server.json(path, { key: account.apiKey });
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 400, 'bad_request');
      expect(res.body.error.message).toContain('percent-encoding');
    }
    // A well-formed escape is read as before (an unknown id: 404).
    expect((await server.json('/api/v1/customers/cus_%41', { key: account.apiKey })).status).toBe(404);
  });

  test('a multipart upload whose body is no multipart form says so, not "Malformed JSON"', async () => {
    const res = await server.request('/api/v1/files', {
      method: 'POST',
      key: account.apiKey,
      headers: { 'content-type': 'multipart/form-data' },
      body: 'x',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expectEnvelope(body, 400, 'bad_request');
    expect(body.error.message).toContain('multipart/form-data');
    expect(body.error.message).not.toContain('JSON');
  });

  test("a binary render replayed by its Idempotency-Key carries the render's X-Render-Id as the first answer did", async () => {
    const send = () =>
      server.request('/api/v1/documents/render', {
        method: 'POST',
        key: account.apiKey,
        headers: { 'idempotency-key': 'render-replay-1', accept: 'application/pdf' },
        body: {
          document_type: 'invoice',
          data: {
            invoice_number: 'IDEM-1',
            issue_date: '2026-11-02',
            currency: 'EUR',
            seller: { name: 'Seller' },
            buyer: { name: 'Buyer' },
            line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
          },
        },
      });
    const first = await send();
    expect(first.status).toBe(200);
    const id = first.headers.get('x-render-id');
    expect(id).toMatch(/^rnd_/);
    await first.arrayBuffer();
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get('x-render-id')).toBe(id);
  });
});

describe('unexpected failures', () => {
  test.skipIf(sourceOnly)(
    'are a generic 500 with the request id; the detail goes only to the log',
    async () => {
      const lines: string[] = [];
      const broken = await startServer({ logger: createLogger('error', (line) => lines.push(line)) });
      const victim = await makeAccount(broken);
      // Dropping a table under the running server makes the next key lookup fail inside SQLite.
      broken.sqlite.exec('ALTER TABLE api_keys RENAME TO api_keys_gone');
      const res = await broken.json('/api/v1/auth/me', { key: victim.apiKey });
      broken.sqlite.exec('ALTER TABLE api_keys_gone RENAME TO api_keys');
      await broken.stop();
      expect(res.status).toBe(500);
      expect(res.body.error).toEqual({
        status: 500,
        code: 'internal_error',
        message: 'An unexpected error occurred',
        request_id: res.headers.get('x-trace-id'),
      });
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.request_id === res.body.error.request_id);
      expect(logged?.level).toBe('error');
      expect(String(logged?.error)).toContain('api_keys');
    },
  );
});

describe('query parameters', () => {
  test('an unknown query parameter is rejected, not ignored', async () => {
    const res = await server.json('/api/v1/api-keys?limt=5', { key: account.apiKey });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual([
      { loc: 'query.limt', msg: 'Unknown field', type: 'extra_forbidden' },
    ]);
  });
});

describe('pagination', () => {
  test('limit is validated as query.limit, and a forged cursor as query.cursor', async () => {
    for (const limit of ['0', '101', 'abc', '2.5']) {
      const res = await server.json(`/api/v1/workspaces?limit=${limit}`, { key: account.apiKey });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0].loc).toBe('query.limit');
    }
    const res = await server.json('/api/v1/workspaces?cursor=not-a-cursor', { key: account.apiKey });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toBe('query.cursor');
  });

  test('a walk returns every item exactly once while items are being added', async () => {
    const other = await makeAccount(server);
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await server.json('/api/v1/workspaces', {
        method: 'POST',
        key: other.apiKey,
        body: { name: `W${i}` },
      });
      created.push(res.body.data.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const page = await server.json(`/api/v1/workspaces?${query}`, { key: other.apiKey });
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((w: { id: string }) => w.id));
      cursor = page.body.pagination.next_cursor;
      expect(page.body.pagination.has_more).toBe(cursor !== null);
      // Items added mid-walk must not make an existing item appear twice or vanish.
      await server.json('/api/v1/workspaces', {
        method: 'POST',
        key: other.apiKey,
        body: { name: `late${pages}` },
      });
      pages++;
    } while (cursor);
    for (const id of created) expect(seen.filter((s) => s === id).length).toBe(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('the default page size is 50', async () => {
    const res = await server.json('/api/v1/api-keys', { key: account.apiKey });
    expect(res.body.pagination).toEqual({ has_more: false, next_cursor: null });
  });
});
