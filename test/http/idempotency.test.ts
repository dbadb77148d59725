import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const create = (key: string, idem: string, body: unknown) =>
  server.json('/api/v1/workspaces', { method: 'POST', key, body, headers: { 'idempotency-key': idem } });

const countWorkspaces = async (key: string) =>
  (await server.json('/api/v1/workspaces', { key })).body.data.length;

describe('Idempotency-Key', () => {
  test('the same key and body replays the original status and body; nothing is created twice', async () => {
    const account = makeAccount(server);
    const first = await create(account.apiKey, 'create-ops-1', { name: 'Ops' });
    const second = await create(account.apiKey, 'create-ops-1', { name: 'Ops' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('x-trace-id')).not.toBe(first.headers.get('x-trace-id'));
    expect(await countWorkspaces(account.apiKey)).toBe(1);
  });

  test('the same JSON with other spacing or key order still matches', async () => {
    const account = makeAccount(server);
    const first = await create(account.apiKey, 'k-order', '{"name":"Sales"}');
    const second = await create(account.apiKey, 'k-order', '{ "name" : "Sales" }');
    expect(second.body).toEqual(first.body);
  });

  test('the same key with a different body is a 409 and writes nothing', async () => {
    const account = makeAccount(server);
    await create(account.apiKey, 'k-diff', { name: 'A' });
    const res = await create(account.apiKey, 'k-diff', { name: 'B' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(await countWorkspaces(account.apiKey)).toBe(1);
  });

  test('the same key on another endpoint is a different request: 409', async () => {
    const account = makeAccount(server);
    await create(account.apiKey, 'k-path', { name: 'A' });
    const res = await server.json('/api/v1/api-keys', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'A' },
      headers: { 'idempotency-key': 'k-path' },
    });
    expect(res.status).toBe(409);
  });

  test('the same key sent many times at once creates exactly one resource', async () => {
    const account = makeAccount(server);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => create(account.apiKey, 'k-race', { name: 'Race' })),
    );
    expect(await countWorkspaces(account.apiKey)).toBe(1);
    const successes = results.filter((r) => r.status === 200);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(successes.map((r) => r.body.data.id)).size).toBe(1);
    for (const r of results) expect([200, 409]).toContain(r.status);
  });

  test('keys are per account: two accounts may use the same key', async () => {
    const a = makeAccount(server);
    const b = makeAccount(server);
    const ra = await create(a.apiKey, 'shared-key', { name: 'Same' });
    const rb = await create(b.apiKey, 'shared-key', { name: 'Same' });
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(ra.body.data.id).not.toBe(rb.body.data.id);
  });

  test('a validation error is replayed as well (the outcome is the outcome)', async () => {
    const account = makeAccount(server);
    const first = await create(account.apiKey, 'k-422', { name: '' });
    const second = await create(account.apiKey, 'k-422', { name: '' });
    expect(first.status).toBe(422);
    expect(second.status).toBe(422);
    expect(second.body.error.details).toEqual(first.body.error.details);
  });

  test('works on PATCH and DELETE too', async () => {
    const account = makeAccount(server);
    const ws = await create(account.apiKey, 'k-base', { name: 'Base' });
    const path = `/api/v1/workspaces/${ws.body.data.id}`;
    const headers = { 'idempotency-key': 'k-del' };
    const del1 = await server.json(path, { method: 'DELETE', key: account.apiKey, headers });
    const del2 = await server.json(path, { method: 'DELETE', key: account.apiKey, headers });
    expect(del1.body).toEqual({ data: { deleted: true } });
    expect(del2.body).toEqual({ data: { deleted: true } });
    const fresh = await server.json(path, { method: 'DELETE', key: account.apiKey });
    expect(fresh.status).toBe(404);
  });

  test('an over-long key is a 400', async () => {
    const account = makeAccount(server);
    const res = await create(account.apiKey, 'k'.repeat(256), { name: 'X' });
    expect(res.status).toBe(400);
    expect(await countWorkspaces(account.apiKey)).toBe(0);
  });

  test('without credentials the key changes nothing: still 401', async () => {
    const res = await server.json('/api/v1/workspaces', {
      method: 'POST',
      body: { name: 'x' },
      headers: { 'idempotency-key': 'anon' },
    });
    expect(res.status).toBe(401);
  });
});

describe('Idempotency-Key on uploads', () => {
  const upload = (key: string, idem: string, text: string) => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'notes.txt');
    return fetch(`${server.url}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': idem },
      body: form,
    });
  };

  test('the same file replays; a different file under the same key is a 409', async () => {
    const account = makeAccount(server);
    const first = await upload(account.apiKey, 'up-1', 'hello');
    const again = await upload(account.apiKey, 'up-1', 'hello');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const other = await upload(account.apiKey, 'up-1', 'a different file');
    expect(other.status).toBe(409);
  });
});
