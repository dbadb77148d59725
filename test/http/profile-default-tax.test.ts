import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';

// A business profile's VAT for new lines (a Kleinunternehmer's 0 % exempt under § 19 UStG, a reduced-rate
// shop's 7 %): stored, checked, cleared; documents made over the API keep the taxes they state.
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

const SMALL_BUSINESS = {
  rate: '0',
  category: 'E',
  exemption_reason: '  Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.  ',
};

describe('business profile default_tax', () => {
  test('stored as given (reason trimmed, rate plain), answered, cleared with null', async () => {
    const created = await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      default_tax: SMALL_BUSINESS,
    });
    expect(created.status).toBe(200);
    expect(created.body.data.default_tax).toEqual({
      rate: '0',
      category: 'E',
      exemption_reason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    });
    const id = created.body.data.id;
    const read = await call('GET', `/api/v1/business-profiles/${id}`);
    expect(read.body.data.default_tax).toEqual(created.body.data.default_tax);

    const reduced = await call('PATCH', `/api/v1/business-profiles/${id}`, {
      default_tax: { rate: '07.00', category: 'S' },
    });
    expect(reduced.status).toBe(200);
    expect(reduced.body.data.default_tax).toEqual({ rate: '7', category: 'S' });

    const cleared = await call('PATCH', `/api/v1/business-profiles/${id}`, { default_tax: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('default_tax');
    expect((await call('GET', `/api/v1/business-profiles/${id}`)).body.data).not.toHaveProperty(
      'default_tax',
    );
  });

  test('a rate that does not fit its category, an unknown category, a reason where none belongs: 422', async () => {
    const cases: [unknown, [string, string][]][] = [
      [{ rate: '0', category: 'S' }, [['body.default_tax.rate', 'the standard rate (S) is above 0 %']]],
      [{ rate: '19', category: 'E' }, [['body.default_tax.rate', 'category E is charged at 0 %']]],
      [{ rate: '120', category: 'S' }, [['body.default_tax.rate', 'rate must be between 0 and 100']]],
      [
        { rate: '0', category: 'X' },
        [['body.default_tax.category', "'X' is not a UNCL5305 VAT category (S, Z, E, AE, K, G, O)"]],
      ],
      [
        { rate: '19', category: 'S', exemption_reason: 'none' },
        [['body.default_tax.exemption_reason', 'category S takes no exemption reason (EN 16931 BR-S-10)']],
      ],
    ];
    for (const [tax, expected] of cases) {
      const res = await call('POST', '/api/v1/business-profiles', { ...GERMAN_SELLER, default_tax: tax });
      expect(res.status).toBe(422);
      expect(fields(res)).toEqual(expected);
    }
    const malformed = await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      default_tax: { rate: 'zero', category: 'E' },
    });
    expect(malformed.status).toBe(422);
    expect(fields(malformed).map(([loc]: [string]) => loc)).toContain('body.default_tax.rate');
    const extra = await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      default_tax: { rate: '0', category: 'E', inclusive: true },
    });
    expect(extra.status).toBe(422);
  });

  test('documents made over the API keep the taxes they state: the default is the console’s', async () => {
    const profile = (
      await call('POST', '/api/v1/business-profiles', { ...GERMAN_SELLER, default_tax: SMALL_BUSINESS })
    ).body.data;
    const customer = (await call('POST', '/api/v1/customers', { name: 'Café Morgenrot' })).body.data;
    const res = await call('POST', '/api/v1/documents', {
      number: 'RE-DEFAULT-1',
      issue_date: '2026-11-20',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: profile.id,
      customer_id: customer.id,
      line_items: [germanLine(), { name: 'Ohne Steuer', quantity: '1', unit_price: '10.00' }],
    });
    expect(res.status).toBe(200);
    const lines = res.body.data.data.line_items;
    expect(lines[0].taxes).toEqual(germanLine().taxes);
    expect(lines[1]).not.toHaveProperty('taxes');
  });
});
