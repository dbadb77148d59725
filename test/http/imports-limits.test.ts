import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe('import limits', () => {
  test('a CSV header of 160,000 columns is a 422 too_many_columns, and nothing was staged', async () => {
    const account = await makeAccount(server);
    const header = Array.from({ length: 160_000 }, (_, i) => `c${i}`).join(',');
    const res = await server.json('/api/v1/imports', {
      method: 'POST',
      key: account.apiKey,
      body: { source_format: 'csv', data: [header, ','.repeat(159_999)] },
    });
    expect(res.status).toBe(422);
    const imports = server.sqlite
      .query('SELECT COUNT(*) AS n FROM imports WHERE account_id = ?')
      .get(account.id) as { n: number };
    expect(imports.n).toBe(0);
    expect(res.body.error.details.fields).toEqual([
      expect.objectContaining({ loc: 'body.data.0', type: 'too_many_columns' }),
    ]);
  });

  test('repeated columns are each named once, found without a quadratic scan', async () => {
    const account = await makeAccount(server);
    const res = await server.json('/api/v1/imports', {
      method: 'POST',
      key: account.apiKey,
      body: { source_format: 'csv', data: ['name,email,name,email', 'a,b,c,d'] },
    });
    expect(res.status).toBe(422);
    const messages = res.body.error.details.fields.map((f: { msg: string }) => f.msg);
    expect(messages).toEqual(["duplicate column 'name'", "duplicate column 'email'"]);
  });

  test('row errors list the first 1,000 failed rows and count the rest in errors_omitted', async () => {
    const account = await makeAccount(server);
    const rows = Array.from({ length: 1500 }, (_, i) => `Customer ${i},not-an-email-${i}`);
    const res = await server.json('/api/v1/imports', {
      method: 'POST',
      key: account.apiKey,
      body: { source_format: 'csv', data: ['name,email', ...rows, 'Good Ltd,ap@good.example'] },
    });
    expect(res.status).toBe(200);
    const created = res.body.data;
    expect(created.total_rows).toBe(1501);
    expect(created.failed_rows).toBe(1500);
    expect(created.errors).toHaveLength(1000);
    expect(created.errors[999].row).toBe(1000);
    expect(created.errors_omitted).toBe(500);
    const again = await server.json(`/api/v1/imports/${created.id}`, { key: account.apiKey });
    expect(again.body.data.errors_omitted).toBe(500);
    expect(again.body.data.errors).toHaveLength(1000);
  });
});
