import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// The article catalogue (issue 27 §8): what the console's editor fills a line from.

let server: TestServer;
let account: TestAccount;
const clock = new FakeClock();

beforeAll(async () => {
  server = await startServer({ clock });
  account = await makeAccount(server);
});
afterAll(async () => await server.stop());

const BASE = '/api/v1/products';
const CONSULTING = {
  name: 'Beratung',
  description: 'Ingenieurleistung nach Aufwand',
  unit_code: 'HUR',
  unit_price: '95.00',
  tax_rate: '19',
  tax_category: 'S',
  currency: 'EUR',
};

const post = async (body: unknown, key = account.apiKey) =>
  await server.json(BASE, { method: 'POST', key, body });
const patch = async (id: string, body: unknown, key = account.apiKey) =>
  await server.json(`${BASE}/${id}`, { method: 'PATCH', key, body });
const locs = (res: { body: any }) => res.body.error.details.fields.map((f: { loc: string }) => f.loc).sort();

describe('products', () => {
  test('create with name only shows every field, unset ones as null; get answers the same', async () => {
    const res = await post({ name: 'Walk-in' });
    expect(res.status).toBe(200);
    const product = res.body.data;
    expect(product.id).toMatch(/^prd_/);
    expect(product).toMatchObject({
      name: 'Walk-in',
      description: null,
      unit_code: null,
      unit_price: null,
      price_base_quantity: null,
      tax_rate: null,
      tax_category: null,
      currency: null,
    });
    expect(product.updated_at).toBe(product.created_at);
    const full = await post(CONSULTING);
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject(CONSULTING);
    const got = await server.json(`${BASE}/${full.body.data.id}`, { key: account.apiKey });
    expect(got.body.data).toEqual(full.body.data);
  });

  test('prices and rates stay the exact strings sent', async () => {
    const res = await post({ name: 'Precise', unit_price: '0.1000000001', tax_rate: '7.00' });
    expect(res.body.data).toMatchObject({ unit_price: '0.1000000001', tax_rate: '7.00' });
  });

  test('PATCH: omitted stays, a value sets, null clears; updated_at moves only on a real change', async () => {
    const created = (await post(CONSULTING)).body.data;
    clock.advance(1000);
    const res = await patch(created.id, { unit_price: '105.00', description: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...CONSULTING, unit_price: '105.00', description: null });
    expect(res.body.data.updated_at > created.updated_at).toBe(true);
    clock.advance(1000);
    const same = await patch(created.id, { name: 'Beratung', unit_price: '105.00' });
    expect(same.body.data.updated_at).toBe(res.body.data.updated_at);
    const cleared = await patch(created.id, { tax_rate: null, tax_category: null });
    expect(cleared.body.data).toMatchObject({ tax_rate: null, tax_category: null });
  });

  test('bad input is a 422 naming each field, and nothing is stored', async () => {
    const owner = await makeAccount(server);
    const cases: [unknown, string[]][] = [
      [{}, ['body.name']],
      [{ name: '   ' }, ['body.name']],
      [{ name: 'X', unit_price: 12.5 }, ['body.unit_price']],
      [{ name: 'X', unit_price: '12,50' }, ['body.unit_price']],
      [{ name: 'X', tax_rate: '150', tax_category: 'S' }, ['body.tax_rate']],
      [{ name: 'X', tax_rate: '19', tax_category: 'XX' }, ['body.tax_category']],
      [{ name: 'X', tax_category: 'S' }, ['body.tax_rate']],
      [{ name: 'X', unit_code: 'TOOLONGCODE' }, ['body.unit_code']],
      [{ name: 'X', currency: 'XYZ' }, ['body.currency']],
      [{ name: 'X', currency: 'eur' }, ['body.currency']],
      [{ name: 'X', colour: 'red' }, ['body.colour']],
      [
        { name: 'X', tax_rate: '-1', tax_category: 'Q', currency: 'ABC' },
        ['body.currency', 'body.tax_category', 'body.tax_rate'],
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await post(body, owner.apiKey);
      expect([res.status, res.body.error.code]).toEqual([422, 'unprocessable_entity']);
      expect(locs(res)).toEqual(expected);
    }
    const list = await server.json(BASE, { key: owner.apiKey });
    expect(list.body.data).toEqual([]);
  });

  test('PATCH cannot clear the name nor leave a category without its rate', async () => {
    const created = (await post(CONSULTING)).body.data;
    const noName = await patch(created.id, { name: null });
    expect([noName.status, locs(noName)]).toEqual([422, ['body.name']]);
    const noRate = await patch(created.id, { tax_rate: null });
    expect([noRate.status, locs(noRate)]).toEqual([422, ['body.tax_rate']]);
    const got = await server.json(`${BASE}/${created.id}`, { key: account.apiKey });
    expect(got.body.data).toEqual(created);
  });

  test('the list pages by cursor, newest first, and ?q= searches name and description in any case', async () => {
    const owner = await makeAccount(server);
    const make = async (body: Record<string, unknown>) => (await post(body, owner.apiKey)).body.data.id;
    const a = await make({ name: 'Wartung', description: 'Monatliche WARTUNG der Anlage' });
    const b = await make({ name: 'Beratung', description: 'Stundensatz' });
    const c = await make({ name: 'Anfahrt 50%' });
    await make({ name: 'Elsewhere' });
    await post({ name: 'Wartung bei anderen' }, (await makeAccount(server)).apiKey);
    const ids = async (query: string) =>
      (await server.json(`${BASE}?${query}`, { key: owner.apiKey })).body.data.map(
        (p: { id: string }) => p.id,
      );
    expect(await ids('q=wartung')).toEqual([a]);
    expect(await ids('q=STUNDEN')).toEqual([b]);
    expect(await ids('q=%25')).toEqual([c]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: any } = await server.json(`${BASE}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
        key: owner.apiKey,
      });
      seen.push(...page.body.data.map((p: { id: string }) => p.id));
      cursor = page.body.pagination.next_cursor;
    } while (cursor);
    expect(seen.slice(1)).toEqual([c, b, a]);
    expect(seen).toHaveLength(4);
    const long = await server.json(`${BASE}?q=${'x'.repeat(201)}`, { key: owner.apiKey });
    expect(long.status).toBe(422);
  });

  test('delete answers deleted: true, then the product is gone (404 on a second delete)', async () => {
    const created = (await post(CONSULTING)).body.data;
    const del = await server.json(`${BASE}/${created.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.body).toEqual({ data: { deleted: true } });
    expect((await server.json(`${BASE}/${created.id}`, { key: account.apiKey })).status).toBe(404);
    const again = await server.json(`${BASE}/${created.id}`, { method: 'DELETE', key: account.apiKey });
    expect([again.status, again.body.error.code]).toEqual([404, 'not_found']);
  });

  test("another account's product is 404 everywhere, absent from its list, and unchanged", async () => {
    const created = (await post(CONSULTING)).body.data;
    const other = await makeAccount(server);
    for (const res of [
      await server.json(`${BASE}/${created.id}`, { key: other.apiKey }),
      await patch(created.id, { name: 'Mine now' }, other.apiKey),
      await server.json(`${BASE}/${created.id}`, { method: 'DELETE', key: other.apiKey }),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
    expect((await server.json(BASE, { key: other.apiKey })).body.data).toEqual([]);
    const still = await server.json(`${BASE}/${created.id}`, { key: account.apiKey });
    expect(still.body.data).toEqual(created);
  });

  test('a product fills a line item the documents API accepts as it is', async () => {
    const product = (await post(CONSULTING)).body.data;
    const line = {
      name: product.name,
      description: product.description,
      quantity: '2',
      unit_price: product.unit_price,
      unit_code: product.unit_code,
      taxes: [{ rate: product.tax_rate, category: product.tax_category }],
    };
    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data: { currency: 'EUR', line_items: [line] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.calculation.total.amount).toBe('226.10');
  });

  test('a price per 100 (price_base_quantity, BT-149): stored, cleared with null, never zero; its line priced by it', async () => {
    const screws = await post({
      name: 'Schrauben M6',
      unit_price: '4.90',
      price_base_quantity: '100',
      unit_code: 'H87',
    });
    expect(screws.status).toBe(200);
    expect(screws.body.data).toMatchObject({ unit_price: '4.90', price_base_quantity: '100' });
    expect(locs(await post({ name: 'Null', price_base_quantity: '0' }))).toEqual([
      'body.price_base_quantity',
    ]);
    expect(locs(await patch(screws.body.data.id, { price_base_quantity: '-5' }))).toEqual([
      'body.price_base_quantity',
    ]);
    const line = {
      name: screws.body.data.name,
      quantity: '2500',
      unit_price: screws.body.data.unit_price,
      price_base_quantity: screws.body.data.price_base_quantity,
      unit_code: screws.body.data.unit_code,
    };
    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data: { currency: 'EUR', line_items: [line] } },
    });
    expect(res.body.data.calculation.total.amount).toBe('122.50');
    const cleared = await patch(screws.body.data.id, { price_base_quantity: null });
    expect(cleared.body.data.price_base_quantity).toBeNull();
  });
});
