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
    const account = await makeAccount(server);
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
    const account = await makeAccount(server);
    const first = await create(account.apiKey, 'k-order', '{"name":"Sales"}');
    const second = await create(account.apiKey, 'k-order', '{ "name" : "Sales" }');
    expect(second.body).toEqual(first.body);
  });

  test('the same key with a different body is a 409 and writes nothing', async () => {
    const account = await makeAccount(server);
    await create(account.apiKey, 'k-diff', { name: 'A' });
    const res = await create(account.apiKey, 'k-diff', { name: 'B' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(await countWorkspaces(account.apiKey)).toBe(1);
  });

  test('the same key on another endpoint is a different request: 409', async () => {
    const account = await makeAccount(server);
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
    const account = await makeAccount(server);
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
    const a = await makeAccount(server);
    const b = await makeAccount(server);
    const ra = await create(a.apiKey, 'shared-key', { name: 'Same' });
    const rb = await create(b.apiKey, 'shared-key', { name: 'Same' });
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(ra.body.data.id).not.toBe(rb.body.data.id);
  });

  test('keys are per workspace member: two members may use the same key, each replays only its own', async () => {
    const account = await makeAccount(server);
    const workspace = (await create(account.apiKey, 'k-ws', { name: 'Team' })).body.data;
    const memberKey = async (email: string) => {
      const path = `/api/v1/workspaces/${workspace.id}/members`;
      const members = await server.json(path, { method: 'POST', key: account.apiKey, body: { email } });
      const id = members.body.data.find((m: { email: string }) => m.email === email).id;
      const key = await server.json('/api/v1/api-keys', {
        method: 'POST',
        key: account.apiKey,
        body: { workspace_member_id: id },
      });
      return key.body.data.api_key as string;
    };
    const alice = await memberKey('alice@example.com');
    const bob = await memberKey('bob@example.com');
    const customer = (key: string, name: string) =>
      server.json('/api/v1/customers', {
        method: 'POST',
        key,
        body: { name },
        headers: { 'idempotency-key': 'same-key' },
      });

    const a1 = await customer(alice, 'Same');
    const b1 = await customer(bob, 'Same');
    const owner1 = await customer(account.apiKey, 'Same');
    for (const res of [a1, b1, owner1]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(new Set([a1.body.data.id, b1.body.data.id, owner1.body.data.id]).size).toBe(3);

    const a2 = await customer(alice, 'Same');
    expect(a2.headers.get('idempotent-replayed')).toBe('true');
    expect(a2.body).toEqual(a1.body);
    const b2 = await customer(bob, 'Same');
    expect(b2.headers.get('idempotent-replayed')).toBe('true');
    expect(b2.body.data.id).toBe(b1.body.data.id);
    // Another body under the same key conflicts only with one's own stored request.
    expect((await customer(alice, 'Different')).status).toBe(409);
    const carol = await memberKey('carol@example.com');
    const c1 = await customer(carol, 'Different');
    expect(c1.status).toBe(200);
    expect(c1.headers.get('idempotent-replayed')).toBeNull();

    const list = await server.json('/api/v1/customers?limit=100', { key: account.apiKey });
    expect(list.body.data).toHaveLength(4);
  });

  test("a member's key never replays an owner's stored answer past its role check", async () => {
    const account = await makeAccount(server);
    const workspace = (await create(account.apiKey, 'k-ws2', { name: 'Team' })).body.data;
    const path = `/api/v1/workspaces/${workspace.id}/members`;
    const members = await server.json(path, {
      method: 'POST',
      key: account.apiKey,
      body: { email: 'm@example.com', role: 'member' },
    });
    const memberId = members.body.data[0].id;
    const memberKey = (
      await server.json('/api/v1/api-keys', {
        method: 'POST',
        key: account.apiKey,
        body: { workspace_member_id: memberId },
      })
    ).body.data.api_key;
    const owner = await create(account.apiKey, 'k-create', { name: 'Ops' });
    expect(owner.status).toBe(200);
    const member = await create(memberKey, 'k-create', { name: 'Ops' });
    expect(member.status).toBe(403);
    expect(member.body.error.details.permission).toBe('workspace:create');
    expect(member.headers.get('idempotent-replayed')).toBeNull();
  });

  test('a validation error is replayed as well (the outcome is the outcome)', async () => {
    const account = await makeAccount(server);
    const first = await create(account.apiKey, 'k-422', { name: '' });
    const second = await create(account.apiKey, 'k-422', { name: '' });
    expect(first.status).toBe(422);
    expect(second.status).toBe(422);
    expect(second.body.error.details).toEqual(first.body.error.details);
  });

  test('works on PATCH and DELETE too', async () => {
    const account = await makeAccount(server);
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
    const account = await makeAccount(server);
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
    const account = await makeAccount(server);
    const first = await upload(account.apiKey, 'up-1', 'hello');
    const again = await upload(account.apiKey, 'up-1', 'hello');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const other = await upload(account.apiKey, 'up-1', 'a different file');
    expect(other.status).toBe(409);
  });
});
