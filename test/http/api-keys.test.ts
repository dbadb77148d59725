import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const KEY_FIELDS = ['created_at', 'id', 'last4', 'name', 'revoked_at', 'workspace_member_id'];

describe('API keys', () => {
  test('create shows the secret once; it works at once; get and list never show it again', async () => {
    const account = await makeAccount(server);
    const created = await server.json('/api/v1/api-keys', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'ci' },
    });
    expect(created.status).toBe(200);
    const key = created.body.data;
    expect(Object.keys(key).sort()).toEqual([
      'api_key',
      'created_at',
      'id',
      'last4',
      'name',
      'workspace_member_id',
    ]);
    expect(key.workspace_member_id).toBeNull(); // an account-level key makes an account-level key
    expect(key.id).toMatch(/^key_/);
    expect(key.name).toBe('ci');
    expect(key.last4).toBe(key.api_key.slice(-4));
    expect((await server.request('/api/v1/auth/me', { key: key.api_key })).status).toBe(200);

    const got = await server.json(`/api/v1/api-keys/${key.id}`, { key: account.apiKey });
    expect(Object.keys(got.body.data).sort()).toEqual(KEY_FIELDS);
    expect(got.body.data.revoked_at).toBeNull();
    const list = await server.json('/api/v1/api-keys', { key: account.apiKey });
    expect(JSON.stringify(list.body)).not.toContain(key.api_key);
    expect(list.body.data.map((k: { id: string }) => k.id)).toContain(key.id);
  });

  test('the name defaults to "default" and is limited to 128 characters', async () => {
    const account = await makeAccount(server);
    const plain = await server.json('/api/v1/api-keys', { method: 'POST', key: account.apiKey });
    expect(plain.body.data.name).toBe('default');
    const long = await server.json('/api/v1/api-keys', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'n'.repeat(129) },
    });
    expect(long.status).toBe(422);
    expect(long.body.error.details.fields[0].loc).toBe('body.name');
    const ok = await server.json('/api/v1/api-keys', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'n'.repeat(128) },
    });
    expect(ok.status).toBe(200);
  });

  test('rename changes only the name and requires one', async () => {
    const account = await makeAccount(server);
    const res = await server.json(`/api/v1/api-keys/${account.keyId}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { name: 'renamed' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('renamed');
    expect(res.body.data.api_key).toBeUndefined();
    const missing = await server.json(`/api/v1/api-keys/${account.keyId}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.fields[0]).toMatchObject({ loc: 'body.name', type: 'missing' });
  });

  test('revoke stops the key on the next request; the list keeps it with revoked_at', async () => {
    const account = await makeAccount(server);
    const second = await server.json('/api/v1/api-keys', { method: 'POST', key: account.apiKey, body: {} });
    const res = await server.json(`/api/v1/api-keys/${second.body.data.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(res.body).toEqual({ data: { revoked: true } });
    const after = await server.json('/api/v1/auth/me', { key: second.body.data.api_key });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('Invalid credentials');
    const list = await server.json('/api/v1/api-keys', { key: account.apiKey });
    const revoked = list.body.data.find((k: { id: string }) => k.id === second.body.data.id);
    expect(revoked.revoked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test('rotate issues a new key with the same name; the old one stops at once; rotating it again is 409', async () => {
    const account = await makeAccount(server);
    const rotated = await server.json(`/api/v1/api-keys/${account.keyId}/rotate`, {
      method: 'POST',
      key: account.apiKey,
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data;
    expect(fresh.id).not.toBe(account.keyId);
    expect(fresh.name).toBe('default');
    expect(fresh.api_key).not.toBe(account.apiKey);
    expect((await server.request('/api/v1/auth/me', { key: account.apiKey })).status).toBe(401);
    expect((await server.request('/api/v1/auth/me', { key: fresh.api_key })).status).toBe(200);
    const again = await server.json(`/api/v1/api-keys/${account.keyId}/rotate`, {
      method: 'POST',
      key: fresh.api_key,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
  });

  test("another account's key is a 404 for every operation", async () => {
    const mine = await makeAccount(server);
    const theirs = await makeAccount(server);
    const path = `/api/v1/api-keys/${theirs.keyId}`;
    const calls = [
      server.json(path, { key: mine.apiKey }),
      server.json(path, { method: 'PATCH', key: mine.apiKey, body: { name: 'x' } }),
      server.json(`${path}/rotate`, { method: 'POST', key: mine.apiKey }),
      server.json(path, { method: 'DELETE', key: mine.apiKey }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await server.request('/api/v1/auth/me', { key: theirs.apiKey })).status).toBe(200);
    const list = await server.json('/api/v1/api-keys', { key: mine.apiKey });
    expect(list.body.data.map((k: { id: string }) => k.id)).not.toContain(theirs.keyId);
  });
});
