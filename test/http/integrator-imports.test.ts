import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe('a customers CSV keeps every metadata column, whatever its key', () => {
  test('metadata.__proto__ and metadata.constructor are kept as the JSON API keeps them, not dropped', async () => {
    const account = await makeAccount(server);
    const created = await server.json('/api/v1/imports', {
      method: 'POST',
      key: account.apiKey,
      body: {
        source_format: 'csv',
        data: ['name,metadata.__proto__,metadata.constructor,metadata.shop_id', 'Proto Ltd,a,b,42'],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.errors).toBeNull();
    const confirmed = await server.json(`/api/v1/imports/${created.body.data.id}/confirm`, {
      method: 'POST',
      key: account.apiKey,
    });
    expect(confirmed.body.data.imported_rows).toBe(1);
    const list = await server.json('/api/v1/customers?q=Proto%20Ltd', { key: account.apiKey });
    const customer = await server.json(`/api/v1/customers/${list.body.data[0].id}`, { key: account.apiKey });
    expect(customer.body.data.metadata).toEqual(
      JSON.parse('{"__proto__":"a","constructor":"b","shop_id":"42"}'),
    );
    expect(Object.keys(customer.body.data.metadata).sort()).toEqual(['__proto__', 'constructor', 'shop_id']);
  });
});

describe('who may confirm an import is readable from it', () => {
  test("a member's import answers created_by (as batches, customers and products do); an account-level key's none", async () => {
    const account = await makeAccount(server);
    const ok = async (key: string, method: string, path: string, body?: unknown) => {
      const res = await server.json(path, { method, key, body });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const workspace = await ok(account.apiKey, 'POST', '/api/v1/workspaces', { name: 'Shop' });
    const members = await ok(account.apiKey, 'POST', `/api/v1/workspaces/${workspace.id}/members`, {
      email: 'shop-sync@example.ie',
      role: 'member',
    });
    const memberId: string = members.find((m: { email: string }) => m.email === 'shop-sync@example.ie').id;
    const memberKey: string = (
      await ok(account.apiKey, 'POST', '/api/v1/api-keys', { workspace_member_id: memberId })
    ).api_key;

    const body = { source_format: 'json', data: [{ name: 'Synced buyer' }] };
    const mine = await ok(memberKey, 'POST', '/api/v1/imports', body);
    expect(mine.created_by).toBe(memberId);
    expect((await ok(account.apiKey, 'GET', `/api/v1/imports/${mine.id}`)).created_by).toBe(memberId);
    const confirmed = await ok(memberKey, 'POST', `/api/v1/imports/${mine.id}/confirm`);
    expect(confirmed.created_by).toBe(memberId);

    const accountLevel = await ok(account.apiKey, 'POST', '/api/v1/imports', body);
    expect('created_by' in accountLevel).toBe(false);

    const doc = (await server.json('/api/v1/openapi.json')).body;
    const schema =
      doc.paths['/api/v1/imports/{import_id}'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.data.properties.created_by).toBeDefined();
  });
});
