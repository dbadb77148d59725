// Imports are own resources (docs/roles.md): a member's import records the member as `created_by`, only
// they (or `resources:write_all`) may confirm or cancel it, and the rows it creates are theirs, whoever
// confirmed it and whether it committed in the request or in the background.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { importTuning } from '../../src/modules/imports/model';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let workspaceId: string;

const defaults = structuredClone(importTuning);
afterEach(() => Object.assign(importTuning, structuredClone(defaults)));

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
  workspaceId = (await ok(account.apiKey, 'POST', '/api/v1/workspaces', { name: 'Team' })).id;
});
afterAll(() => server.stop());

const call = (key: string, method: string, path: string, body?: unknown) =>
  server.json(path, { method, key, body });

async function ok(key: string, method: string, path: string, body?: unknown) {
  const res = await call(key, method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

let people = 0;
/** A new member of the team with that role, and a key acting for them. */
async function member(role: 'admin' | 'member') {
  const email = `person${++people}@example.com`;
  const list = await ok(account.apiKey, 'POST', `/api/v1/workspaces/${workspaceId}/members`, { email, role });
  const id: string = list.find((m: { email: string }) => m.email === email).id;
  const key: string = (await ok(account.apiKey, 'POST', '/api/v1/api-keys', { workspace_member_id: id }))
    .api_key;
  return { id, key };
}

let batch = 0;
/** A pending import of `n` customers whose names start with a prefix unique to it. */
async function importCustomers(key: string, n = 2) {
  const prefix = `Batch${++batch}`;
  const data = Array.from({ length: n }, (_, i) => ({ name: `${prefix} customer ${i + 1}` }));
  const created = await ok(key, 'POST', '/api/v1/imports', { source_format: 'json', data });
  return { id: created.id as string, prefix };
}

const importCreator = (id: string) =>
  (
    server.sqlite.query('SELECT created_by FROM imports WHERE id = ?').get(id) as {
      created_by: string | null;
    }
  ).created_by;

/** Who created each customer of an import, keyed by name. */
function customerCreators(prefix: string) {
  const rows = server.sqlite
    .query('SELECT name, created_by FROM customers WHERE account_id = ? AND name LIKE ? ORDER BY name')
    .all(account.id, `${prefix} %`) as { name: string; created_by: string | null }[];
  return rows.map((r) => r.created_by);
}

describe('imports record their creator', () => {
  test("a member's import is theirs; an account-level key's is nobody's", async () => {
    const alice = await member('member');
    expect(importCreator((await importCustomers(alice.key)).id)).toBe(alice.id);
    expect(importCreator((await importCustomers(account.apiKey)).id)).toBeNull();
  });

  test('another member may read it but not confirm or cancel it (403), and it stays pending', async () => {
    const alice = await member('member');
    const bob = await member('member');
    const { id, prefix } = await importCustomers(alice.key);

    const read = await call(bob.key, 'GET', `/api/v1/imports/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.status).toBe('pending');

    for (const action of ['confirm', 'cancel']) {
      const res = await call(bob.key, 'POST', `/api/v1/imports/${id}/${action}`);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.body.error.details).toEqual({
        permission: 'resources:write_all',
        role: 'member',
        workspace_member_id: bob.id,
      });
      expect(res.body.error.message).toContain('this import is not theirs');
    }
    expect((await ok(alice.key, 'GET', `/api/v1/imports/${id}`)).status).toBe('pending');
    expect(customerCreators(prefix)).toEqual([]);

    const missing = await call(bob.key, 'POST', '/api/v1/imports/imp_00000000000000000000000000/cancel');
    expect(missing.status).toBe(404);
  });

  test('the customers a confirmed import creates belong to its creator, even when an admin confirms', async () => {
    const alice = await member('member');
    const bob = await member('member');
    const admin = await member('admin');

    const own = await importCustomers(alice.key);
    expect((await ok(alice.key, 'POST', `/api/v1/imports/${own.id}/confirm`)).status).toBe('completed');
    expect(customerCreators(own.prefix)).toEqual([alice.id, alice.id]);

    const confirmedByAdmin = await importCustomers(alice.key);
    const done = await ok(admin.key, 'POST', `/api/v1/imports/${confirmedByAdmin.id}/confirm`);
    expect(done).toMatchObject({ status: 'completed', imported_rows: 2 });
    expect(customerCreators(confirmedByAdmin.prefix)).toEqual([alice.id, alice.id]);

    // Theirs to change, as if created one by one: Alice may rename one, Bob may not.
    const customerId = (
      server.sqlite
        .query('SELECT id FROM customers WHERE name = ?')
        .get(`${confirmedByAdmin.prefix} customer 1`) as { id: string }
    ).id;
    expect((await call(bob.key, 'PATCH', `/api/v1/customers/${customerId}`, { name: 'Taken' })).status).toBe(
      403,
    );
    expect((await call(alice.key, 'PATCH', `/api/v1/customers/${customerId}`, { name: 'Mine' })).status).toBe(
      200,
    );

    const accountLevel = await importCustomers(account.apiKey);
    await ok(admin.key, 'POST', `/api/v1/imports/${accountLevel.id}/confirm`);
    expect(customerCreators(accountLevel.prefix)).toEqual([null, null]);
  });

  test('a large import committed by the background job creates its rows for the creator', async () => {
    importTuning.backgroundAbove = 3;
    importTuning.chunkEntries.customers = 2;
    const alice = await member('member');
    const { id, prefix } = await importCustomers(alice.key, 5);
    expect((await ok(alice.key, 'POST', `/api/v1/imports/${id}/confirm`)).status).toBe('processing');
    await server.jobs.runDue();
    expect((await ok(alice.key, 'GET', `/api/v1/imports/${id}`)).status).toBe('completed');
    expect(customerCreators(prefix)).toEqual(Array(5).fill(alice.id));
  });
});
