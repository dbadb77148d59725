// BOTH ENGINES TEST: nothing here reads SQLite directly.
// A stored § 13b invoice made in the console carries no locale of its own: its PDF speaks the profile's
// language (de-DE), and the words its XML carries for the reverse charge (BT-120) must be the same, not the
// English default a stateless document without a locale gets.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  firm = await makeAccount(server);
});
afterAll(() => server?.stop());

test('no locale on the invoice, de-DE on the profile: the XML says "Steuerschuldnerschaft des Leistungsempfängers", the PDF\'s words', async () => {
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Trockenbau Weber GmbH',
    default_locale: 'de-DE',
    tax_id: 'DE123456789',
    address: { line1: 'Hafenstraße 3', city: 'Bremen', postal_code: '28195', country: 'DE' },
  });
  const customer = await makeCustomer(server, firm, {
    name: 'Hochbau Krause GmbH',
    tax_id: 'DE987654321',
    billing_address: { line1: 'Ringstraße 9', city: 'Hamburg', postal_code: '20095', country: 'DE' },
  });
  const doc = await makeDocument(
    server,
    firm,
    { profileId: profile.id, customerId: customer.id },
    {
      number: 'RE-13B-1',
      tax_scheme: 'VAT',
      line_items: [
        {
          name: 'Trockenbau',
          quantity: '16',
          unit_price: '58.00',
          taxes: [{ name: 'USt', rate: '0', category: 'AE' }],
        },
      ],
    },
    ['finalize'],
  );
  const xml = await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, {
    key: firm.apiKey,
  });
  expect(xml.status).toBe(200);
  const text = await xml.text();
  expect(/<cbc:TaxExemptionReason>([^<]*)</.exec(text)?.[1]).toBe(
    'Steuerschuldnerschaft des Leistungsempfängers',
  );
});
