// Keys tied to workspace members: who sees and manages which key, removal and deletion revoking keys,
// role changes applying on the next request, ownership surviving rotation, schedules' invoices belonging
// to the schedule's creator, and the route table covering every write route of the app.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ACCESS_RULES } from '../../src/access-rules';
import { buildApp } from '../../src/app';
import { accessGaps } from '../../src/http/access';
import { FakeClock } from '../../src/shared/clock';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
const clock = new FakeClock(new Date('2026-03-10T09:00:00.000Z'));

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false, rulesetsDir: null });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

async function ok(key: string, method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data ?? res.body;
}

let emails = 0;
async function member(
  workspaceId: string,
  role: string,
): Promise<{ id: string; key: string; keyId: string }> {
  const address = `k${++emails}@example.com`;
  const list = await ok(account.apiKey, 'POST', `/api/v1/workspaces/${workspaceId}/members`, {
    email: address,
    role,
  });
  const id = list.find((m: { email: string }) => m.email === address).id;
  const key = await ok(account.apiKey, 'POST', '/api/v1/api-keys', {
    workspace_member_id: id,
    name: address,
  });
  expect(key.workspace_member_id).toBe(id);
  return { id, key: key.api_key, keyId: key.id };
}

const workspace = async () =>
  (await ok(account.apiKey, 'POST', '/api/v1/workspaces', { name: 'W' })).id as string;
const keyIds = async (key: string) =>
  ((await ok(key, 'GET', '/api/v1/api-keys?limit=100')) as { id: string }[]).map((k) => k.id);

describe('member keys', () => {
  test('a member sees and manages only its own keys; an admin also those of its team below owner', async () => {
    const ws = await workspace();
    const owner = await member(ws, 'owner');
    const admin = await member(ws, 'admin');
    const plain = await member(ws, 'member');
    const elsewhere = await member(await workspace(), 'member');

    expect(await keyIds(plain.key)).toEqual([plain.keyId]);
    const adminSees = await keyIds(admin.key);
    expect(adminSees).toContain(admin.keyId);
    expect(adminSees).toContain(plain.keyId);
    expect(adminSees).not.toContain(owner.keyId);
    expect(adminSees).not.toContain(elsewhere.keyId);
    expect(adminSees).not.toContain(account.keyId);
    expect(await keyIds(owner.key)).toContain(account.keyId);

    // Out of sight is 404, as another account's key.
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['POST', '/rotate'],
      ['DELETE', ''],
    ] as const) {
      const res = await server.json(`/api/v1/api-keys/${admin.keyId}${suffix}`, {
        method,
        key: plain.key,
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      });
      expect(res.status).toBe(404);
    }
    expect((await server.json(`/api/v1/api-keys/${owner.keyId}`, { key: admin.key })).status).toBe(404);

    // An admin manages a member's key: rename works, and a member's key made without naming a holder
    // acts for that same member.
    expect((await ok(admin.key, 'PATCH', `/api/v1/api-keys/${plain.keyId}`, { name: 'renamed' })).name).toBe(
      'renamed',
    );
    const second = await ok(plain.key, 'POST', '/api/v1/api-keys', { name: 'laptop' });
    expect(second.workspace_member_id).toBe(plain.id);
  });

  test('rotation keeps the holder; what the member created stays theirs under the new key', async () => {
    const ws = await workspace();
    const plain = await member(ws, 'member');
    const customer = await ok(plain.key, 'POST', '/api/v1/customers', { name: 'Mine' });
    const rotated = await ok(plain.key, 'POST', `/api/v1/api-keys/${plain.keyId}/rotate`);
    expect(rotated.workspace_member_id).toBe(plain.id);
    expect((await server.json('/api/v1/auth/me', { key: plain.key })).status).toBe(401);
    const edit = await server.json(`/api/v1/customers/${customer.id}`, {
      method: 'PATCH',
      key: rotated.api_key,
      body: { name: 'Still mine' },
    });
    expect(edit.status).toBe(200);
  });

  test('a role change applies on the next request', async () => {
    const ws = await workspace();
    const plain = await member(ws, 'member');
    const theirs = await ok(account.apiKey, 'POST', '/api/v1/customers', { name: 'Theirs' });
    const edit = () =>
      server.json(`/api/v1/customers/${theirs.id}`, {
        method: 'PATCH',
        key: plain.key,
        body: { name: 'Edited' },
      });
    expect((await edit()).status).toBe(403);
    await ok(account.apiKey, 'PATCH', `/api/v1/workspaces/${ws}/members/${plain.id}`, { role: 'admin' });
    expect((await edit()).status).toBe(200);
    await ok(account.apiKey, 'PATCH', `/api/v1/workspaces/${ws}/members/${plain.id}`, { role: 'member' });
    expect((await edit()).status).toBe(403);
  });

  test("removing a member revokes its keys; deleting a workspace revokes its members' keys", async () => {
    const ws = await workspace();
    const leaving = await member(ws, 'member');
    const staying = await member(ws, 'admin');
    await ok(account.apiKey, 'DELETE', `/api/v1/workspaces/${ws}/members/${leaving.id}`);
    const gone = await server.json('/api/v1/auth/me', { key: leaving.key });
    expect(gone.status).toBe(401);
    expect(gone.body.error.message).toBe('Invalid credentials');
    const listed = await ok(account.apiKey, 'GET', `/api/v1/api-keys/${leaving.keyId}`);
    expect(listed.revoked_at).not.toBeNull();
    expect((await server.json('/api/v1/auth/me', { key: staying.key })).status).toBe(200);

    await ok(account.apiKey, 'DELETE', `/api/v1/workspaces/${ws}`);
    expect((await server.json('/api/v1/auth/me', { key: staying.key })).status).toBe(401);
  });

  test('a key cannot be issued for a member of another account, or a made-up one', async () => {
    const other = await makeAccount(server);
    const otherWs = await ok(other.apiKey, 'POST', '/api/v1/workspaces', { name: 'X' });
    const list = await ok(other.apiKey, 'POST', `/api/v1/workspaces/${otherWs.id}/members`, {
      email: 'z@example.com',
    });
    for (const id of [list[0].id, 'wsm_nope']) {
      const res = await server.json('/api/v1/api-keys', {
        method: 'POST',
        key: account.apiKey,
        body: { workspace_member_id: id },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0].loc).toBe('body.workspace_member_id');
    }
  });
});

describe('own resources', () => {
  test("a member changes what it created, not an admin's; an admin changes the member's", async () => {
    const ws = await workspace();
    const admin = await member(ws, 'admin');
    const plain = await member(ws, 'member');
    const parties = await makeParties(server, { ...account, apiKey: plain.key });
    const mine = await ok(plain.key, 'POST', '/api/v1/documents', documentBody(parties));
    const adminDoc = await ok(admin.key, 'POST', '/api/v1/documents', documentBody(parties));

    const patchAsMember = (id: string) =>
      server.json(`/api/v1/documents/${id}`, { method: 'PATCH', key: plain.key, body: { notes: 'n' } });
    expect((await patchAsMember(mine.id)).status).toBe(200);
    const refused = await patchAsMember(adminDoc.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('resources:write_all');
    expect(refused.body.error.message).toContain('not theirs');
    const adminEdits = await server.json(`/api/v1/documents/${mine.id}`, {
      method: 'PATCH',
      key: admin.key,
      body: { notes: 'checked' },
    });
    expect(adminEdits.status).toBe(200);
    // Reads stay open, and a 404 stays a 404 (not a 403) for what does not exist.
    expect((await server.json(`/api/v1/documents/${adminDoc.id}`, { key: plain.key })).status).toBe(200);
    const missing = await server.json('/api/v1/documents/doc_nope', {
      method: 'PATCH',
      key: plain.key,
      body: {},
    });
    expect(missing.status).toBe(404);
  });

  test("invoices a member's schedule generates are that member's to finalize", async () => {
    const ws = await workspace();
    const plain = await member(ws, 'member');
    const parties = await makeParties(server, { ...account, apiKey: plain.key });
    const sequence = await ok(plain.key, 'POST', '/api/v1/numbering-sequences', {
      name: 'R',
      prefix: 'R-',
      pattern: '{NNNN}',
    });
    const schedule = await ok(plain.key, 'POST', '/api/v1/recurring-invoices', {
      business_profile_id: parties.profileId,
      customer_id: parties.customerId,
      numbering_sequence_id: sequence.id,
      frequency: 'monthly',
      start_date: '2026-03-10',
      invoice_template: {
        currency: 'EUR',
        due_in_days: 14,
        line_items: [{ name: 'Hosting', quantity: '1', unit_price: '10.00' }],
      },
    });
    await server.jobs.runDue();
    const generated = await ok(plain.key, 'GET', `/api/v1/recurring-invoices/${schedule.id}/invoices`);
    expect(generated).toHaveLength(1);
    const docs = await ok(plain.key, 'GET', '/api/v1/documents?limit=100');
    const draft = docs.find((d: { status: string; number: string }) => d.status === 'draft');
    expect(draft).toBeDefined();
    const other = await member(ws, 'member');
    const foreign = await server.json(`/api/v1/documents/${draft.id}/finalize`, {
      method: 'POST',
      key: other.key,
    });
    expect(foreign.status).toBe(403);
    const finalize = await server.json(`/api/v1/documents/${draft.id}/finalize`, {
      method: 'POST',
      key: plain.key,
    });
    expect(finalize.status).toBe(200);
  });
});

describe('the access rules', () => {
  test("every write route has its module's rule, and every rule names a real route", () => {
    const routes = buildApp(server.deps)
      .routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !(r in ACCESS_RULES))).toEqual([]);
    expect(Object.keys(ACCESS_RULES).filter((k) => !routes.includes(k))).toEqual([]);
    expect(ACCESS_RULES['POST /api/v1/billing/webhook']).toEqual({ kind: 'public' });
  });

  test('a write route added without a rule stops the app from starting (fail-closed)', () => {
    const gaps = accessGaps(
      [...buildApp(server.deps).routes, { method: 'POST', path: '/api/v1/new-thing' }],
      ACCESS_RULES,
    );
    expect(gaps).toEqual({ unruled: ['POST /api/v1/new-thing'], stale: [] });
    expect(
      accessGaps([{ method: 'GET', path: '/api/v1/documents' }], { 'POST /x': { kind: 'write' } }),
    ).toEqual({
      unruled: [],
      stale: ['POST /x'],
    });
  });
});
