import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

// The editor's preview (issue 27 §8): the form drawn as the stored document's PDF would be: the document's
// language else the profile's, the profile's page size, the parties as profile and customer give them.
let server: TestServer;
let account: TestAccount;
let profileId: string;
let customerId: string;

const call = async (method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, body });
const locs = (res: { body: any }) => res.body.error.details.fields.map((f: { loc: string }) => f.loc);
const plain = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  const profile = await call('POST', '/api/v1/business-profiles', {
    legal_name: 'Ingenieurbüro Nordlicht GmbH',
    tax_id: 'DE123456789',
    tax_number: '37/123/45678',
    default_page_size: 'A4',
    default_locale: 'de-DE',
    address: { line1: 'Friedrichstraße 10', city: 'Berlin', postal_code: '10117', country: 'DE' },
    bank_account: { account_holder: 'Nordlicht GmbH', iban: 'DE89 3704 0044 0532 0130 00' },
  });
  profileId = profile.body.data.id;
  const customer = await call('POST', '/api/v1/customers', {
    name: 'Bundesamt für Beispiele',
    buyer_reference: '991-12345-67',
    billing_address: { line1: 'Am Amt 1', city: 'Bonn', postal_code: '53113', country: 'DE' },
  });
  customerId = customer.body.data.id;
});
afterAll(async () => await server.stop());

const form = (extra: Record<string, unknown> = {}) => ({
  number: 'RE-2026-0001',
  issue_date: '2026-11-20',
  delivery_date: '2026-11-18',
  currency: 'EUR',
  business_profile_id: profileId,
  customer_id: customerId,
  line_items: [
    { name: 'Statik-Gutachten', quantity: '2', unit_price: '625.00', taxes: [{ rate: '19', category: 'S' }] },
  ],
  ...extra,
});

async function preview(body: unknown) {
  const res = await server.request('/api/v1/documents/preview', {
    method: 'POST',
    key: account.apiKey,
    body,
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

describe('POST /documents/preview', () => {
  test("a German profile's draft is previewed in German on A4, as the stored document renders", async () => {
    const before = (await call('GET', '/api/v1/documents')).body.data.length;
    const shown = await preview({ ...form(), template_id: 'tpl_classic' });
    expect([shown.status, shown.type]).toEqual([200, 'application/pdf']);
    const pdf = await inspectPdf(shown.bytes);
    expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([595, 842]);
    const text = plain(pdf.text);
    for (const expected of ['RECHNUNG', 'RE-2026-0001', 'Leistungsdatum', 'Steuernummer 37/123/45678']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('991-12345-67');
    expect(text).not.toContain('INVOICE');
    // Nothing was stored: the same number can still be created, and its render reads the same.
    expect((await call('GET', '/api/v1/documents')).body.data).toHaveLength(before);
    const stored = await call('POST', '/api/v1/documents', form());
    expect(stored.status).toBe(200);
    await call('POST', `/api/v1/documents/${stored.body.data.id}/finalize`);
    const render = await server.request(`/api/v1/documents/${stored.body.data.id}/renders`, {
      method: 'POST',
      key: account.apiKey,
      headers: { accept: 'application/pdf' },
      body: { template_id: 'tpl_classic' },
    });
    const renderedText = (await inspectPdf(new Uint8Array(await render.arrayBuffer()))).text;
    expect(pdf.text).toBe(renderedText);
  }, 30_000);

  test("the document's own language wins over the profile's", async () => {
    const shown = await preview(form({ number: 'RE-EN-1', locale: 'en-GB' }));
    expect(shown.status).toBe(200);
    const text = plain((await inspectPdf(shown.bytes)).text);
    expect(text).toContain('Date of supply');
    expect(text.toLowerCase()).toContain('invoice');
    expect(text.toLowerCase()).not.toContain('rechnung');
  }, 30_000);

  test('bad form input is one 422 at the fields the create would name', async () => {
    const res = await server.json('/api/v1/documents/preview', {
      method: 'POST',
      key: account.apiKey,
      body: form({
        customer_id: 'cus_nobody',
        line_items: [{ name: 'X', quantity: '1', unit_price: '12,50' }],
      }),
    });
    expect(res.status).toBe(422);
    expect(locs(res)).toContain('body.line_items.0.unit_price');
    const unknown = await server.json('/api/v1/documents/preview', {
      method: 'POST',
      key: account.apiKey,
      body: form({ customer_id: 'cus_nobody' }),
    });
    expect([unknown.status, locs(unknown)]).toEqual([422, ['body.customer_id']]);
    const extra = await server.json('/api/v1/documents/preview', {
      method: 'POST',
      key: account.apiKey,
      body: form({ colour: 'red' }),
    });
    expect([extra.status, locs(extra)]).toEqual([422, ['body.colour']]);
  });

  test("another account's profile is not found (422 at the field, nothing drawn)", async () => {
    const other = await makeAccount(server);
    const res = await server.json('/api/v1/documents/preview', {
      method: 'POST',
      key: other.apiKey,
      body: form(),
    });
    expect(res.status).toBe(422);
    expect(locs(res).sort()).toEqual(['body.business_profile_id', 'body.customer_id']);
  });
});
