import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const BASE = '/api/v1/imports';
const IMPORT_FIELDS = [
  'completed_at',
  'created_at',
  'errors',
  'failed_rows',
  'id',
  'imported_rows',
  'resource',
  'source_format',
  'status',
  'total_rows',
  'updated_at',
];

const create = (account: TestAccount, body: unknown) =>
  server.json(BASE, { method: 'POST', key: account.apiKey, body });
const act = (account: TestAccount, id: string, action: 'confirm' | 'cancel') =>
  server.json(`${BASE}/${id}/${action}`, { method: 'POST', key: account.apiKey });
const customersOf = async (account: TestAccount) => {
  const res = await server.json('/api/v1/customers?limit=100', { key: account.apiKey });
  const ids: string[] = res.body.data.map((c: { id: string }) => c.id);
  const full = [];
  for (const id of ids)
    full.push((await server.json(`/api/v1/customers/${id}`, { key: account.apiKey })).body.data);
  return full.reverse();
};

const JSON_ROWS = [
  { name: 'Acme Ltd', email: 'ap@acme.example', billing_address: { line1: '1 Main St', country: 'GB' } },
  { name: 'Bad Email Co', email: 'not-an-email' },
  { name: 'Globex', metadata: { crm_id: 'C-1' } },
  { name: 'Bad Country', billing_address: { line1: '2 High St', country: 'ZZ' } },
];

describe('imports', () => {
  test('JSON: create is pending with counts and row errors; confirm creates exactly the valid rows', async () => {
    const account = await makeAccount(server);
    const res = await create(account, { source_format: 'json', data: JSON_ROWS });
    expect(res.status).toBe(200);
    const created = res.body.data;
    expect(Object.keys(created).sort()).toEqual(IMPORT_FIELDS);
    expect(created.id).toMatch(/^imp_/);
    expect(created).toMatchObject({
      resource: 'customers',
      source_format: 'json',
      status: 'pending',
      total_rows: 4,
      imported_rows: 0,
      failed_rows: 2,
      completed_at: null,
    });
    expect(created.errors).toEqual([
      { row: 2, fields: [expect.objectContaining({ loc: 'email', type: 'string_format' })] },
      {
        row: 4,
        fields: [expect.objectContaining({ loc: 'billing_address.country', type: 'invalid_value' })],
      },
    ]);
    expect(await customersOf(account)).toEqual([]);

    const got = await server.json(`${BASE}/${created.id}`, { key: account.apiKey });
    expect(got.body.data).toEqual(created);

    const confirmed = await act(account, created.id, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'completed', imported_rows: 2, failed_rows: 2 });
    expect(confirmed.body.data.completed_at).not.toBeNull();
    const customers = await customersOf(account);
    expect(customers.map((c) => c.name)).toEqual(['Acme Ltd', 'Globex']);
    expect(customers[0]).toMatchObject({
      email: 'ap@acme.example',
      billing_address: JSON_ROWS[0]?.billing_address,
    });
    expect(customers[1]).toMatchObject({ metadata: { crm_id: 'C-1' } });

    const again = await act(account, created.id, 'confirm');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
    expect((await act(account, created.id, 'cancel')).status).toBe(409);
    expect(await customersOf(account)).toHaveLength(2);
  });

  test('CSV lines: BOM, quoted commas and newlines, dotted address columns, empty cells omitted', async () => {
    const account = await makeAccount(server);
    const data = [
      '\uFEFFname,email,tax_id,billing_address.line1,billing_address.city,billing_address.postal_code,billing_address.country,metadata.crm_id',
      '"Smith, Jones & Co",billing@smith.example,,"Unit 4, Dock Road",London,E1 6AN,GB,C-9',
      '"Multi',
      'Line Ltd",,DE123,"Hauptstr. 1',
      'Hinterhaus",Berlin,10115,DE,',
      'Bad Mail,nope,,,,,,',
      'Bad Country,,,1 Rue X,Paris,,XX,',
    ];
    const res = await create(account, { source_format: 'csv', data });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ source_format: 'csv', total_rows: 4, failed_rows: 2 });
    expect(res.body.data.errors).toEqual([
      { row: 3, fields: [expect.objectContaining({ loc: 'email', type: 'string_format' })] },
      { row: 4, fields: [expect.objectContaining({ loc: 'billing_address.country' })] },
    ]);
    expect((await act(account, res.body.data.id, 'confirm')).body.data.imported_rows).toBe(2);
    const [first, second] = await customersOf(account);
    expect(first).toMatchObject({
      name: 'Smith, Jones & Co',
      email: 'billing@smith.example',
      tax_id: null,
      billing_address: { line1: 'Unit 4, Dock Road', city: 'London', postal_code: 'E1 6AN', country: 'GB' },
      metadata: { crm_id: 'C-9' },
    });
    expect(second).toMatchObject({
      name: 'Multi\nLine Ltd',
      email: null,
      tax_id: 'DE123',
      billing_address: {
        line1: 'Hauptstr. 1\nHinterhaus',
        city: 'Berlin',
        postal_code: '10115',
        country: 'DE',
      },
      metadata: null,
    });
  });

  test('CSV as one string with CRLF line endings', async () => {
    const account = await makeAccount(server);
    const csv = 'name,email\r\n"Solo, Inc",solo@example.com\r\nDuo,duo@example.com\r\n';
    const res = await create(account, { source_format: 'csv', data: [csv] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 2, failed_rows: 0, errors: null });
    await act(account, res.body.data.id, 'confirm');
    expect((await customersOf(account)).map((c) => [c.name, c.email])).toEqual([
      ['Solo, Inc', 'solo@example.com'],
      ['Duo', 'duo@example.com'],
    ]);
  });

  test('cancel a pending import: cancelled, completed_at set, no customers; confirm then 409', async () => {
    const account = await makeAccount(server);
    const res = await create(account, { source_format: 'json', data: [{ name: 'Never Imported' }] });
    const cancelled = await act(account, res.body.data.id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', imported_rows: 0 });
    expect(cancelled.body.data.completed_at).not.toBeNull();
    expect((await act(account, res.body.data.id, 'confirm')).status).toBe(409);
    expect((await act(account, res.body.data.id, 'cancel')).status).toBe(409);
    expect(await customersOf(account)).toEqual([]);
  });

  test('422s: empty data, header-only CSV, unknown column, malformed CSV, non-string line, unknown resource', async () => {
    const account = await makeAccount(server);
    const cases: [unknown, string][] = [
      [{ source_format: 'json', data: [] }, 'body.data'],
      [{ source_format: 'csv', data: ['name,email'] }, 'body.data'],
      [{ source_format: 'csv', data: ['name,fax', 'A,1'] }, 'body.data.0'],
      [{ source_format: 'csv', data: ['name,email', '"unclosed,x'] }, 'body.data'],
      [{ source_format: 'csv', data: ['name', 42] }, 'body.data.1'],
      [{ source_format: 'xml', data: [{ name: 'A' }] }, 'body.source_format'],
      [{ source_format: 'json', resource: 'invoices', data: [{ name: 'A' }] }, 'body.resource'],
    ];
    for (const [body, loc] of cases) {
      const res = await create(account, body);
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain(loc);
    }
  });

  test('more than 100,000 rows is a 422', async () => {
    const account = await makeAccount(server);
    const data = ['name', ...Array.from({ length: 100_001 }, (_, i) => `Row ${i}`)];
    const res = await create(account, { source_format: 'csv', data });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ loc: 'body.data', type: 'too_long' });
  });

  test("another account's import is 404 for get, confirm and cancel; no key is 401", async () => {
    const owner = await makeAccount(server);
    const other = await makeAccount(server);
    const res = await create(owner, { source_format: 'json', data: [{ name: 'Private' }] });
    const id = res.body.data.id;
    expect((await server.json(`${BASE}/${id}`, { key: other.apiKey })).status).toBe(404);
    expect((await act(other, id, 'confirm')).status).toBe(404);
    expect((await act(other, id, 'cancel')).status).toBe(404);
    expect((await server.json(`${BASE}/imp_missing`, { key: owner.apiKey })).status).toBe(404);
    expect(
      (await server.json(BASE, { method: 'POST', body: { source_format: 'json', data: [{}] } })).status,
    ).toBe(401);
    expect((await server.json(`${BASE}/${id}`, { key: owner.apiKey })).body.data.status).toBe('pending');
    expect(await customersOf(other)).toEqual([]);
  });
});
