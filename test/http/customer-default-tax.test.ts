import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER } from '../german-firm';
import { startServer, type TestServer } from '../harness';

// A customer's VAT for new lines (a general contractor invoiced under § 13b UStG every time: AE at 0 %):
// the business profile's schema and checks, stored, answered only when set, cleared with null; documents
// made over the API keep the taxes they state.
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });
const fields = (res: { body: any }) =>
  res.body.error.details.fields.map((f: { loc: string; msg: string }) => [f.loc, f.msg]);

const BUILDER = {
  rate: '0.00',
  category: 'AE',
  exemption_reason: '  Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)  ',
  exemption_reason_code: 'VATEX-EU-AE',
};
const STORED = {
  rate: '0',
  category: 'AE',
  exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)',
  exemption_reason_code: 'VATEX-EU-AE',
};

describe('customer default_tax', () => {
  test('created with one: stored as the profile stores it, answered by create and get', async () => {
    const created = await call('POST', '/api/v1/customers', {
      name: 'Hochbau Krause GmbH',
      default_tax: BUILDER,
    });
    expect(created.status).toBe(200);
    expect(created.body.data.default_tax).toEqual(STORED);
    const read = await call('GET', `/api/v1/customers/${created.body.data.id}`);
    expect(read.body.data.default_tax).toEqual(STORED);
  });

  test('PATCH sets, changes and clears it (null); omitted leaves it; a customer without one has no member', async () => {
    const created = await call('POST', '/api/v1/customers', { name: 'Familie Brandt' });
    expect(created.status).toBe(200);
    expect(created.body.data).not.toHaveProperty('default_tax');
    const id = created.body.data.id;

    const set = await call('PATCH', `/api/v1/customers/${id}`, { default_tax: BUILDER });
    expect(set.status).toBe(200);
    expect(set.body.data.default_tax).toEqual(STORED);

    const untouched = await call('PATCH', `/api/v1/customers/${id}`, { phone: '+49 30 1234567' });
    expect(untouched.body.data.default_tax).toEqual(STORED);

    const private19 = await call('PATCH', `/api/v1/customers/${id}`, {
      default_tax: { rate: '19.00', category: 'S' },
    });
    expect(private19.status).toBe(200);
    expect(private19.body.data.default_tax).toEqual({ rate: '19', category: 'S' });

    const cleared = await call('PATCH', `/api/v1/customers/${id}`, { default_tax: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('default_tax');
    expect((await call('GET', `/api/v1/customers/${id}`)).body.data).not.toHaveProperty('default_tax');
  });

  test('checked as the profile’s: 422 with details.fields at body.default_tax.*, on create and PATCH', async () => {
    const cases: [unknown, [string, string][]][] = [
      [{ rate: '0', category: 'S' }, [['body.default_tax.rate', 'the standard rate (S) is above 0 %']]],
      [{ rate: '19', category: 'AE' }, [['body.default_tax.rate', 'category AE is charged at 0 %']]],
      [{ rate: '101', category: 'S' }, [['body.default_tax.rate', 'rate must be between 0 and 100']]],
      [
        { rate: '0', category: 'X' },
        [['body.default_tax.category', "'X' is not a UNCL5305 VAT category (S, Z, E, AE, K, G, O)"]],
      ],
      [
        { rate: '0', category: 'Z', exemption_reason: 'none' },
        [['body.default_tax.exemption_reason', 'category Z takes no exemption reason (EN 16931 BR-Z-10)']],
      ],
    ];
    const existing = (await call('POST', '/api/v1/customers', { name: 'Bau AG' })).body.data;
    for (const [tax, expected] of cases) {
      const created = await call('POST', '/api/v1/customers', { name: 'Bau AG', default_tax: tax });
      expect(created.status).toBe(422);
      expect(fields(created)).toEqual(expected);
      const patched = await call('PATCH', `/api/v1/customers/${existing.id}`, { default_tax: tax });
      expect(patched.status).toBe(422);
      expect(fields(patched)).toEqual(expected);
    }
    for (const tax of [
      { rate: 'zero', category: 'AE' },
      { rate: '0', category: 'AE', inclusive: true },
    ]) {
      const res = await call('POST', '/api/v1/customers', { name: 'Bau AG', default_tax: tax });
      expect(res.status).toBe(422);
      expect(
        fields(res)
          .map(([loc]: [string]) => loc)
          .join(' '),
      ).toContain('body.default_tax');
    }
    expect((await call('GET', `/api/v1/customers/${existing.id}`)).body.data).not.toHaveProperty(
      'default_tax',
    );
  });

  test('a JSON import takes it as POST /customers does', async () => {
    const res = await call('POST', '/api/v1/imports', {
      resource: 'customers',
      source_format: 'json',
      data: [{ name: 'Trockenbau Partner KG', default_tax: BUILDER }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.errors ?? []).toEqual([]);
    const confirmed = await call('POST', `/api/v1/imports/${res.body.data.id}/confirm`);
    expect(confirmed.body.data.status).toBe('completed');
    const found = await call('GET', `/api/v1/customers?q=${encodeURIComponent('Trockenbau Partner')}`);
    const id = found.body.data[0]?.id;
    expect(id).toBeDefined();
    expect((await call('GET', `/api/v1/customers/${id}`)).body.data.default_tax).toEqual(STORED);
  });

  test('documents made over the API keep the taxes they state: the default is the console’s', async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const customer = (
      await call('POST', '/api/v1/customers', { name: 'Generalunternehmer Stein', default_tax: BUILDER })
    ).body.data;
    const res = await call('POST', '/api/v1/documents', {
      number: 'RE-CUSTOMER-DEFAULT-1',
      issue_date: '2026-11-20',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: profile.id,
      customer_id: customer.id,
      line_items: [
        { name: 'Trockenbau', quantity: '1', unit_price: '100.00', taxes: [{ name: 'USt', rate: '19' }] },
        { name: 'Ohne Steuer', quantity: '1', unit_price: '10.00' },
      ],
    });
    expect(res.status).toBe(200);
    const lines = res.body.data.data.line_items;
    expect(lines[0].taxes).toEqual([{ name: 'USt', rate: '19' }]);
    expect(lines[1]).not.toHaveProperty('taxes');
  });
});
