import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

async function newWorkspace(name = 'Team') {
  const res = await server.json('/api/v1/workspaces', {
    method: 'POST',
    key: account.apiKey,
    body: { name },
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; name: string; created_at: string; updated_at: string };
}

const addMember = (wsId: string, body: unknown, key = account.apiKey) =>
  server.json(`/api/v1/workspaces/${wsId}/members`, { method: 'POST', key, body });

describe('workspaces', () => {
  test('create, get, rename, list, delete', async () => {
    const ws = await newWorkspace('Finance');
    expect(ws.id).toMatch(/^wsp_/);
    expect(Object.keys(ws).sort()).toEqual(['created_at', 'id', 'name', 'updated_at']);
    const got = await server.json(`/api/v1/workspaces/${ws.id}`, { key: account.apiKey });
    expect(got.body.data).toEqual(ws);
    const renamed = await server.json(`/api/v1/workspaces/${ws.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { name: 'Finance EU' },
    });
    expect(renamed.body.data.name).toBe('Finance EU');
    const list = await server.json('/api/v1/workspaces', { key: account.apiKey });
    expect(list.body.data.map((w: { id: string }) => w.id)).toContain(ws.id);
    const del = await server.json(`/api/v1/workspaces/${ws.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.body).toEqual({ data: { deleted: true } });
    expect((await server.json(`/api/v1/workspaces/${ws.id}`, { key: account.apiKey })).status).toBe(404);
  });

  test('adding a member answers the full list; role defaults to member; emails are case-insensitive', async () => {
    const ws = await newWorkspace();
    const first = await addMember(ws.id, { email: 'Ann@Example.com', role: 'owner' });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    const second = await addMember(ws.id, { email: 'bob@example.com' });
    expect(second.body.data).toHaveLength(2);
    const bob = second.body.data.find((m: { email: string }) => m.email === 'bob@example.com');
    expect(bob).toMatchObject({ workspace_id: ws.id, role: 'member' });
    expect(bob.id).toMatch(/^wsm_/);
    expect(Object.keys(bob).sort()).toEqual(['created_at', 'email', 'id', 'role', 'workspace_id']);
    const dup = await addMember(ws.id, { email: 'ann@example.COM' });
    expect(dup.status).toBe(409);
    const list = await server.json(`/api/v1/workspaces/${ws.id}/members`, { key: account.apiKey });
    expect(list.body.data).toHaveLength(2);
  });

  test('a role update answers the member bare, without an envelope', async () => {
    const ws = await newWorkspace();
    const added = await addMember(ws.id, { email: 'carol@example.com' });
    const carol = added.body.data[0];
    const res = await server.json(`/api/v1/workspaces/${ws.id}/members/${carol.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body).toMatchObject({ id: carol.id, role: 'admin', email: 'carol@example.com' });
  });

  test('the last owner can be neither demoted nor removed', async () => {
    const ws = await newWorkspace();
    const list = await addMember(ws.id, { email: 'owner@example.com', role: 'owner' });
    const owner = list.body.data[0];
    const memberPath = `/api/v1/workspaces/${ws.id}/members/${owner.id}`;
    const demote = await server.json(memberPath, {
      method: 'PATCH',
      key: account.apiKey,
      body: { role: 'member' },
    });
    expect(demote.status).toBe(409);
    expect((await server.json(memberPath, { method: 'DELETE', key: account.apiKey })).status).toBe(409);
    await addMember(ws.id, { email: 'second@example.com', role: 'owner' });
    const removed = await server.json(memberPath, { method: 'DELETE', key: account.apiKey });
    expect(removed.body).toEqual({ data: { deleted: true } });
  });

  test('invalid role or email is a 422 naming the field', async () => {
    const ws = await newWorkspace();
    const res = await addMember(ws.id, { email: 'dave@example.com', role: 'superuser' });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toBe('body.role');
  });

  test("another account's workspace and members are 404 everywhere", async () => {
    const ws = await newWorkspace();
    const added = await addMember(ws.id, { email: 'eve@example.com' });
    const memberId = added.body.data[0].id;
    const other = await makeAccount(server);
    const base = `/api/v1/workspaces/${ws.id}`;
    const calls = [
      server.json(base, { key: other.apiKey }),
      server.json(base, { method: 'PATCH', key: other.apiKey, body: { name: 'x' } }),
      server.json(base, { method: 'DELETE', key: other.apiKey }),
      server.json(`${base}/members`, { key: other.apiKey }),
      addMember(ws.id, { email: 'mallory@example.com' }, other.apiKey),
      server.json(`${base}/members/${memberId}`, {
        method: 'PATCH',
        key: other.apiKey,
        body: { role: 'owner' },
      }),
      server.json(`${base}/members/${memberId}`, { method: 'DELETE', key: other.apiKey }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const still = await server.json(`${base}/members`, { key: account.apiKey });
    expect(still.body.data).toHaveLength(1);
    expect(still.body.data[0].role).toBe('member');
  });
});
