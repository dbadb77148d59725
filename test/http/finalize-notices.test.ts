// finalize-check answers, beside what the buyer's e-invoice would refuse, what the seller's VAT law asks
// every invoice to state and the draft lacks (`notices`, src/domain/invoice-law.ts), for every seller
// country and whether or not the buyer needs an e-invoice; finalize never refuses for a notice.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const ids: Record<string, string> = {};

type Notice = { code: string; field: string; message: string };
type Check = { profile: string | null; violations: unknown[]; notices: Notice[] };

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  firm = await makeAccount(server);
  const berlin = { line1: 'Friedrichstraße 10', city: 'Berlin', postal_code: '10117', country: 'DE' };
  ids.de = (
    await makeBusinessProfile(server, firm, {
      legal_name: 'Müller Webdesign GmbH',
      tax_number: '30/123/45678',
      address: berlin,
    })
  ).id;
  ids.deBare = (
    await makeBusinessProfile(server, firm, { legal_name: 'Neu Webdesign GmbH', address: berlin })
  ).id;
  ids.atBare = (
    await makeBusinessProfile(server, firm, {
      legal_name: 'Neu Haustechnik GmbH',
      address: { line1: 'Annenstraße 12', city: 'Graz', postal_code: '8020', country: 'AT' },
    })
  ).id;
  ids.frBare = (
    await makeBusinessProfile(server, firm, {
      legal_name: 'Atelier Dupont SARL',
      address: { line1: '3 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
    })
  ).id;
  const munich = { line1: 'Leopoldstraße 5', city: 'München', postal_code: '80802', country: 'DE' };
  ids.buyer = (await makeCustomer(server, firm, { name: 'Huber Elektro GmbH', billing_address: munich })).id;
  ids.nameOnly = (await makeCustomer(server, firm, { name: 'Schmid Bau GmbH' })).id;
  ids.authority = (
    await makeCustomer(server, firm, {
      name: 'Stadt Musterhausen',
      billing_address: munich,
      einvoice_profile: 'xrechnung_ubl',
    })
  ).id;
}, 60_000);
afterAll(async () => await server.stop());

let counter = 0;
async function draft(
  profile: string,
  customer: string,
  price: string,
  taxes: unknown[],
  type = 'invoice',
  extra: Record<string, unknown> = {},
) {
  counter += 1;
  const created = await server.json('/api/v1/documents', {
    method: 'POST',
    key: firm.apiKey,
    body: {
      document_type: type,
      business_profile_id: ids[profile],
      customer_id: ids[customer],
      number: `NOT-${counter}`,
      issue_date: '2026-12-07',
      currency: 'EUR',
      line_items: [{ name: 'Leistung', quantity: '1', unit_price: price, taxes }],
      ...extra,
    },
  });
  expect({ status: created.status, error: created.body.error }).toEqual({ status: 200, error: undefined });
  return created.body.data.id as string;
}

async function check(id: string): Promise<Check> {
  const res = await server.json(`/api/v1/documents/${id}/finalize-check`, {
    method: 'POST',
    key: firm.apiKey,
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function finalize(id: string): Promise<string> {
  const res = await server.json(`/api/v1/documents/${id}/finalize`, { method: 'POST', key: firm.apiKey });
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
  return res.body.data.status;
}

const codes = (found: Check) => found.notices.map((n) => `${n.code} ${n.field}`).sort();
const vat = (rate: string, category: string) => [{ name: 'VAT', rate, category }];

describe('finalize-check notices', () => {
  test('a complete German B2B invoice: none, and no e-invoice profile either', async () => {
    const id = await draft('de', 'buyer', '1200.00', vat('19', 'S'));
    expect(await check(id)).toEqual({ profile: null, violations: [], notices: [] });
  });

  test('a German seller without tax number to a buyer without address: named, and finalize still succeeds', async () => {
    const id = await draft('deBare', 'nameOnly', '1200.00', vat('19', 'S'));
    const found = await check(id);
    expect(found.profile).toBeNull();
    expect(found.violations).toEqual([]);
    expect(codes(found)).toEqual([
      'buyer_address_incomplete data.buyer.address',
      'seller_tax_number_missing data.seller.tax_number',
    ]);
    for (const notice of found.notices) expect(notice.message).toMatch(/§ 14 Abs\. 4 Nr\. [12] UStG/);
    expect(await finalize(id)).toBe('finalized');
    // A finalized document is no draft: nothing left to say before finalizing.
    expect((await check(id)).notices).toEqual([]);
  });

  test('an Austrian seller charging VAT above EUR 400 without UID; a French one without VAT id', async () => {
    const austrian = await draft('atBare', 'buyer', '1000.00', vat('20', 'S'));
    const at = await check(austrian);
    expect(codes(at)).toEqual(['seller_vat_id_missing data.seller.tax_id']);
    expect(at.notices[0]?.message).toContain('§ 11 Abs. 1 Z 2');
    expect(await finalize(austrian)).toBe('finalized');

    const french = await draft('frBare', 'buyer', '100.00', vat('0', 'E'));
    const fr = await check(french);
    expect(codes(fr)).toEqual(['vat_exemption_reason_missing data.line_items.0.taxes.0.exemption_reason']);
    expect(fr.notices[0]?.message).toContain('art. 226(11)');
    expect(await finalize(french)).toBe('finalized');

    // Its credit note (an avoir) says the same of itself, and finalizes as well.
    const extra = { source_document_id: french, reason: 'Avoir' };
    const avoir = await draft('frBare', 'buyer', '100.00', vat('0', 'E'), 'credit_note', extra);
    expect(codes(await check(avoir))).toEqual([
      'vat_exemption_reason_missing data.line_items.0.taxes.0.exemption_reason',
    ]);
    expect(await finalize(avoir)).toBe('finalized');
  });

  test('a buyer who needs an XRechnung: the notices beside its findings', async () => {
    const id = await draft('deBare', 'authority', '1200.00', vat('19', 'S'));
    const found = await check(id);
    expect(found.profile).toBe('xrechnung_ubl');
    expect(found.violations.length).toBeGreaterThan(0);
    expect(codes(found)).toEqual(['seller_tax_number_missing data.seller.tax_number']);
  });

  test("GET finalize-notices: the same notices, read-only, without the buyer's e-invoice check", async () => {
    const id = await draft('deBare', 'authority', '1200.00', vat('19', 'S'));
    const res = await server.json(`/api/v1/documents/${id}/finalize-notices`, { key: firm.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data.notices).toEqual((await check(id)).notices);
    const other = await makeAccount(server);
    const foreign = await server.json(`/api/v1/documents/${id}/finalize-notices`, { key: other.apiKey });
    expect(foreign.status).toBe(404);
  });

  test('a quote gets none', async () => {
    const id = await draft('deBare', 'nameOnly', '1200.00', vat('19', 'S'), 'quote');
    expect((await check(id)).notices).toEqual([]);
  });
});
