import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const post = (path: string, body: unknown) =>
  server.json(path, { method: 'POST', key: account.apiKey, body });

const data = (overrides: Record<string, unknown> = {}) => ({
  invoice_number: 'INV-42',
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  currency: 'EUR',
  seller: { name: 'Müller GmbH', address: { line1: 'Hauptstr. 1', country: 'DE' } },
  buyer: { name: 'Acme Ltd' },
  line_items: [
    { name: 'Work', quantity: '3', unit_price: '0.333', taxes: [{ rate: '19', category: 'S' }] },
    {
      name: 'Gross priced',
      quantity: '1',
      unit_price: '119.00',
      taxes: [{ rate: '19', category: 'S', inclusive: true }],
    },
  ],
  discounts: [{ type: 'percentage', value: '10', reason: 'Loyalty' }],
  shipping: { description: 'Courier', amount: '5.00' },
  ...overrides,
});

describe('POST /documents/calculate', () => {
  test('returns Money totals and stores nothing', async () => {
    const res = await post('/api/v1/documents/calculate', { document_type: 'invoice', data: data() });
    expect(res.status).toBe(200);
    const calc = res.body.data.calculation;
    for (const key of ['subtotal', 'discount_total', 'tax_total', 'shipping_total', 'total']) {
      expect(calc[key].currency).toBe('EUR');
      expect(calc[key].amount).toMatch(/^\d+\.\d{2}$/);
    }
    expect(calc.subtotal.amount).toBe('120.00');
    expect(calc.discount_total.amount).toBe('12.00');
    const list = await server.json('/api/v1/documents', { key: account.apiKey });
    expect(list.body.data).toEqual([]);
  });

  test('JPY has no decimals and BHD three', async () => {
    const jpy = await post('/api/v1/documents/calculate', {
      data: {
        currency: 'JPY',
        line_items: [{ name: 'A', quantity: '3', unit_price: '333', taxes: [{ rate: '10' }] }],
      },
    });
    expect(jpy.body.data.calculation.total).toEqual({ amount: '1099', currency: 'JPY' });
    const bhd = await post('/api/v1/documents/calculate', {
      data: { currency: 'BHD', line_items: [{ name: 'A', quantity: '1', unit_price: '1.2345' }] },
    });
    expect(bhd.body.data.calculation.total).toEqual({ amount: '1.235', currency: 'BHD' });
  });

  test('gives exactly the totals that storing the same document gives', async () => {
    const parties = await makeParties(server, account);
    const content = data();
    const stored = await post(
      '/api/v1/documents',
      documentBody(parties, {
        currency: content.currency,
        line_items: content.line_items,
        discounts: content.discounts,
        shipping: content.shipping,
      }),
    );
    const calc = await post('/api/v1/documents/calculate', { data: content });
    expect(stored.status).toBe(200);
    expect(calc.body.data.calculation).toEqual(stored.body.data.totals);
  });

  test('bad input is a 422 with locs under body.data', async () => {
    const res = await post('/api/v1/documents/calculate', {
      data: data({
        currency: 'ABC',
        line_items: [{ name: 'X', quantity: '1', unit_price: '1', taxes: [{ rate: '150' }] }],
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain('body.data.currency');
    const rate = await post('/api/v1/documents/calculate', {
      data: data({ line_items: [{ name: 'X', quantity: '1', unit_price: '1', taxes: [{ rate: '150' }] }] }),
    });
    expect(rate.body.error.details.fields[0].loc).toBe('body.data.line_items.0.taxes.0.rate');
    const money = await post('/api/v1/documents/calculate', { data: data({ shipping: { amount: 5 } }) });
    expect(money.body.error.details.fields[0].loc).toBe('body.data.shipping.amount');
  });
});

describe('POST /documents/validate', () => {
  test('a complete document is valid', async () => {
    const res = await post('/api/v1/documents/validate', { document_type: 'invoice', data: data() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ valid: true, fields: [] });
  });

  test('problems come back as data (200), with the field list a 422 would carry', async () => {
    const res = await post('/api/v1/documents/validate', {
      document_type: 'invoice',
      data: data({ seller: undefined, issue_date: '2026-13-01', extra: 1 }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.valid).toBe(false);
    const locs = res.body.data.fields.map((f: { loc: string }) => f.loc);
    expect(locs).toContain('body.data.extra');
    const semantic = await post('/api/v1/documents/validate', {
      data: data({ seller: undefined, issue_date: '2026-02-30', due_date: '2026-03-01' }),
    });
    expect(semantic.body.data.fields).toEqual(
      expect.arrayContaining([
        { loc: 'body.data.seller', msg: 'Field required', type: 'missing' },
        { loc: 'body.data.issue_date', msg: "'2026-02-30' is not a calendar date", type: 'date_invalid' },
      ]),
    );
    const calc = await post('/api/v1/documents/calculate', { data: data({ issue_date: '2026-02-30' }) });
    expect(calc.status).toBe(422);
    expect(calc.body.error.details.fields).toEqual([
      { loc: 'body.data.issue_date', msg: "'2026-02-30' is not a calendar date", type: 'date_invalid' },
    ]);
  });

  test('a body that is not an object at all is reported, not crashed on', async () => {
    const res = await post('/api/v1/documents/validate', [1, 2]);
    expect(res.status).toBe(200);
    expect(res.body.data.valid).toBe(false);
    expect(res.body.data.fields[0].loc).toBe('body');
  });

  test('a reason on an invoice and prices on a delivery note are problems', async () => {
    const reason = await post('/api/v1/documents/validate', { data: data({ reason: 'x' }) });
    expect(reason.body.data.fields).toEqual([
      { loc: 'body.data.reason', msg: 'a document of type invoice has no reason', type: 'not_allowed' },
    ]);
    const dn = await post('/api/v1/documents/validate', {
      document_type: 'delivery_note',
      data: data({ discounts: undefined, shipping: undefined }),
    });
    expect(dn.body.data.fields.map((f: { loc: string }) => f.loc)).toContain(
      'body.data.line_items.0.unit_price',
    );
  });
});

describe('valid_until', () => {
  test('only quotes carry it, as a real date not before the issue date', async () => {
    const ok = await post('/api/v1/documents/validate', {
      document_type: 'quote',
      data: data({ valid_until: '2026-12-31' }),
    });
    expect(ok.body.data.valid).toBe(true);
    const invoice = await post('/api/v1/documents/validate', { data: data({ valid_until: '2026-12-31' }) });
    expect(invoice.body.data.fields).toEqual([
      { loc: 'body.data.valid_until', msg: 'only quotes have a validity date', type: 'not_allowed' },
    ]);
    const early = await post('/api/v1/documents/validate', {
      document_type: 'quote',
      data: data({ valid_until: '2026-10-01' }),
    });
    expect(early.body.data.fields[0]).toMatchObject({ loc: 'body.data.valid_until', type: 'date_order' });
  });
});
