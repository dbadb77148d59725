import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { buyerParty, findCustomer } from '../../src/modules/customers';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
const clock = new FakeClock();

beforeAll(async () => {
  server = await startServer({ clock });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const BASE = '/api/v1/customers';
const FULL_FIELDS = [
  'billing_address',
  'created_at',
  'email',
  'id',
  'metadata',
  'name',
  'phone',
  'shipping_address',
  'tax_id',
  'updated_at',
];
const FULL = {
  name: 'Globex Corporation',
  email: 'ap@globex.example',
  phone: '+1 555 0100',
  tax_id: 'US12-3456789',
  billing_address: {
    line1: '1 Globex Way',
    city: 'Springfield',
    state: 'OR',
    postal_code: '97477',
    country: 'US',
  },
  shipping_address: { line1: 'Dock 4', line2: 'Gate B', city: 'Springfield', country: 'US' },
  metadata: { crm_id: 'C-42', segment: 'enterprise' },
};

const post = (body: unknown, key = account.apiKey) => server.json(BASE, { method: 'POST', key, body });
const patch = (id: string, body: unknown, key = account.apiKey) =>
  server.json(`${BASE}/${id}`, { method: 'PATCH', key, body });
const locs = (res: { body: any }) => res.body.error.details.fields.map((f: { loc: string }) => f.loc);

describe('customers', () => {
  test('create with name only shows every field, unset ones as null', async () => {
    const res = await post({ name: 'Walk-in' });
    expect(res.status).toBe(200);
    const customer = res.body.data;
    expect(customer.id).toMatch(/^cus_/);
    expect(Object.keys(customer).sort()).toEqual(FULL_FIELDS);
    expect(customer).toMatchObject({ name: 'Walk-in', email: null, billing_address: null, metadata: null });
    expect(customer.updated_at).toBe(customer.created_at);
  });

  test('create with every field echoes them; get answers the same object', async () => {
    const res = await post(FULL);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(FULL);
    const got = await server.json(`${BASE}/${res.body.data.id}`, { key: account.apiKey });
    expect(got.body.data).toEqual(res.body.data);
  });

  test('the list shows summary fields, newest first, and pages by cursor', async () => {
    const owner = await makeAccount(server);
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await makeCustomer(server, owner, FULL));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await server.json(`${BASE}${query}`, { key: owner.apiKey });
      expect(page.status).toBe(200);
      for (const item of page.body.data) {
        expect(Object.keys(item).sort()).toEqual(['created_at', 'email', 'id', 'name', 'updated_at']);
      }
      seen.push(...page.body.data.map((c: { id: string }) => c.id));
      expect(page.body.pagination.has_more).toBe(page.body.pagination.next_cursor !== null);
      cursor = page.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual(created.map((c) => c.id).reverse());
  });

  test('PATCH: omitted stays, a value sets, null clears; updated_at moves only on a real change', async () => {
    const customer = await makeCustomer(server, account, FULL);
    clock.advance(1000);
    const res = await patch(customer.id, {
      email: 'new@globex.example',
      tax_id: null,
      billing_address: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ...FULL,
      email: 'new@globex.example',
      tax_id: null,
      billing_address: null,
    });
    expect(res.body.data.updated_at > customer.updated_at).toBe(true);

    clock.advance(1000);
    const empty = await patch(customer.id, {});
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual(res.body.data);
    const same = await patch(customer.id, {
      name: FULL.name,
      metadata: { segment: 'enterprise', crm_id: 'C-42' },
    });
    expect(same.body.data.updated_at).toBe(res.body.data.updated_at);
  });

  test('metadata is replaced wholesale, never merged; null clears it', async () => {
    const customer = await makeCustomer(server, account, { metadata: { a: '1', b: '2' } });
    const replaced = await patch(customer.id, { metadata: { c: '3' } });
    expect(replaced.body.data.metadata).toEqual({ c: '3' });
    const cleared = await patch(customer.id, { metadata: null });
    expect(cleared.body.data.metadata).toBeNull();
  });

  test('name cannot be cleared: null is a 422 at body.name', async () => {
    const customer = await makeCustomer(server, account);
    const res = await patch(customer.id, { name: null });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable_entity');
    expect(locs(res)).toEqual(['body.name']);
    const got = await server.json(`${BASE}/${customer.id}`, { key: account.apiKey });
    expect(got.body.data.name).toBe(customer.name);
  });

  test('validation errors name their fields', async () => {
    const longKey = 'k'.repeat(41);
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const cases: [unknown, string[]][] = [
      [
        {
          name: 'X',
          billing_address: { line1: 'a', country: 'XX' },
          shipping_address: { line1: 'b', country: 'ZZ' },
        },
        ['body.billing_address.country', 'body.shipping_address.country'],
      ],
      [{ name: 'X', email: 'not-an-email' }, ['body.email']],
      [{ name: 'X', colour: 'red' }, ['body.colour']],
      [{ email: 'a@b.example' }, ['body.name']],
      [{ name: 'X', metadata: { [longKey]: 'v' } }, [`body.metadata.${longKey}`]],
      [{ name: 'X', metadata: { note: 'v'.repeat(501) } }, ['body.metadata.note']],
      [{ name: 'X', metadata: { count: 3 } }, ['body.metadata.count']],
      [{ name: 'X', metadata: tooMany }, ['body.metadata']],
    ];
    for (const [body, expected] of cases) {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(locs(res).sort()).toEqual(expected);
    }
    const ok = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`k${i}`.padEnd(40, 'x'), 'v'.repeat(500)]),
    );
    expect((await post({ name: 'Max metadata', metadata: ok })).status).toBe(200);
  });

  test('delete answers deleted: true, then the customer is gone', async () => {
    const customer = await makeCustomer(server, account);
    const del = await server.json(`${BASE}/${customer.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.body).toEqual({ data: { deleted: true } });
    expect((await server.json(`${BASE}/${customer.id}`, { key: account.apiKey })).status).toBe(404);
  });

  test('a customer used by a document cannot be deleted (409) and stays', async () => {
    const customer = await makeCustomer(server, account);
    const profile = await makeBusinessProfile(server, account);
    const now = new Date().toISOString();
    server.sqlite
      .query(
        `INSERT INTO documents (id, account_id, document_type, number, status, issue_date, currency,
           business_profile_id, customer_id, data, totals, created_at, updated_at)
         VALUES (?, ?, 'invoice', ?, 'draft', '2026-01-15', 'EUR', ?, ?, '{}', '{}', ?, ?)`,
      )
      .run(
        `doc_${customer.id.slice(4)}`,
        account.id,
        `INV-${customer.id}`,
        profile.id,
        customer.id,
        now,
        now,
      );
    const del = await server.json(`${BASE}/${customer.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe('conflict');
    expect((await server.json(`${BASE}/${customer.id}`, { key: account.apiKey })).status).toBe(200);
  });

  test("another account's customer is 404 everywhere and absent from its list", async () => {
    const customer = await makeCustomer(server, account);
    const other = await makeAccount(server);
    const calls = [
      server.json(`${BASE}/${customer.id}`, { key: other.apiKey }),
      patch(customer.id, { name: 'Mine now' }, other.apiKey),
      server.json(`${BASE}/${customer.id}`, { method: 'DELETE', key: other.apiKey }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const list = await server.json(BASE, { key: other.apiKey });
    expect(list.body.data).toEqual([]);
    const still = await server.json(`${BASE}/${customer.id}`, { key: account.apiKey });
    expect(still.body.data).toEqual(customer);
  });

  test('buyerParty: the billing address goes on documents; unset fields are left out', async () => {
    const full = await makeCustomer(server, account, FULL);
    const row = await findCustomer(server.db, account.id, full.id);
    if (!row) throw new Error('customer not found');
    expect(buyerParty(row)).toEqual({
      name: FULL.name,
      email: FULL.email,
      phone: FULL.phone,
      tax_id: FULL.tax_id,
      address: FULL.billing_address,
    });
    const bare = await makeCustomer(server, account, { name: 'Bare Ltd' });
    const bareRow = await findCustomer(server.db, account.id, bare.id);
    if (!bareRow) throw new Error('customer not found');
    expect(buyerParty(bareRow)).toEqual({ name: 'Bare Ltd' });
    expect(await findCustomer(server.db, (await makeAccount(server)).id, full.id)).toBeUndefined();
  });
});

describe('search', () => {
  test('?q= finds customers by name, email or tax ID in any case, literally, within the account, page by page', async () => {
    const mine = await makeAccount(server);
    const other = await makeAccount(server);
    const make = (key: string, body: Record<string, unknown>) =>
      server.json(BASE, { method: 'POST', key, body }).then((r) => r.body.data.id as string);
    const globex = await make(mine.apiKey, { name: 'Globex Corporation' });
    const labs = await make(mine.apiKey, { name: 'Labs Inc', email: 'ap@GLOBEX.example' });
    const taxed = await make(mine.apiKey, { name: 'Initech', tax_id: 'DE999000111' });
    const percent = await make(mine.apiKey, { name: '100% Pure' });
    await make(other.apiKey, { name: 'Globex Elsewhere' });
    const ids = async (query: string, key = mine.apiKey) =>
      (await server.json(`${BASE}?${query}`, { key })).body.data.map((c: { id: string }) => c.id);
    expect(await ids('q=globex')).toEqual([labs, globex]);
    expect(await ids('q=%20GLOBEX%20')).toEqual([labs, globex]);
    expect(await ids('q=de999')).toEqual([taxed]);
    expect(await ids('q=%25')).toEqual([percent]);
    expect(await ids('q=_')).toEqual([]);
    expect(await ids('q=')).toHaveLength(4);
    const first = await server.json(`${BASE}?q=globex&limit=1`, { key: mine.apiKey });
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([labs]);
    expect(first.body.pagination.has_more).toBe(true);
    const second = await server.json(`${BASE}?q=globex&limit=1&cursor=${first.body.pagination.next_cursor}`, {
      key: mine.apiKey,
    });
    expect(second.body.data.map((c: { id: string }) => c.id)).toEqual([globex]);
    expect(second.body.pagination.has_more).toBe(false);
    const long = await server.json(`${BASE}?q=${'x'.repeat(201)}`, { key: mine.apiKey });
    expect(long.status).toBe(422);
    expect(long.body.error.details.fields[0].loc).toBe('query.q');
  });
});
