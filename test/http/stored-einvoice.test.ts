// A stored document made from a business profile and a customer, as the console makes one, written as an
// e-invoice that the official rules accept: the parties' electronic addresses (BT-34/BT-49) come from the
// profile and the customer, which keep them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const api = (path: string, method = 'GET', body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

describe('electronic addresses on business profiles and customers', () => {
  test('set, shown, cleared; shown only when set; a half address is 422 at its field', async () => {
    const bare = await api('/api/v1/customers', 'POST', { name: 'No address' });
    expect(bare.body.data).not.toHaveProperty('electronic_address');
    const made = await api('/api/v1/customers', 'POST', {
      name: 'Peppol buyer',
      electronic_address: { scheme: '0088', value: '4000001123452' },
    });
    expect(made.status).toBe(200);
    expect(made.body.data.electronic_address).toEqual({ scheme: '0088', value: '4000001123452' });
    expect((await api(`/api/v1/customers/${made.body.data.id}`)).body.data.electronic_address).toEqual({
      scheme: '0088',
      value: '4000001123452',
    });
    const cleared = await api(`/api/v1/customers/${made.body.data.id}`, 'PATCH', {
      electronic_address: null,
    });
    expect(cleared.body.data).not.toHaveProperty('electronic_address');
    const half = await api('/api/v1/business-profiles', 'POST', {
      legal_name: 'Half',
      electronic_address: { scheme: '9930' },
    });
    expect(half.status).toBe(422);
    expect(half.body.error.details.fields[0].loc).toBe('body.electronic_address.value');
  });

  test('a stored invoice of a profile and a customer with electronic addresses is valid XRechnung and Peppol', async () => {
    const profile = await api('/api/v1/business-profiles', 'POST', {
      legal_name: 'Nordlicht Studio GmbH',
      email: 'billing@nordlicht.example',
      phone: '+49 40 1234567',
      tax_id: 'DE123456789',
      address: { line1: 'Hafenstraße 12', postal_code: '20457', city: 'Hamburg', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    });
    const customer = await api('/api/v1/customers', 'POST', {
      name: 'Bäckerei Sonnenschein GmbH',
      tax_id: 'DE987654321',
      billing_address: { line1: 'Marktplatz 3', postal_code: '80331', city: 'München', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE987654321' },
    });
    const created = await api('/api/v1/documents', 'POST', {
      number: 'RE-2026-0100',
      issue_date: '2026-11-25',
      due_date: '2026-12-09',
      currency: 'EUR',
      business_profile_id: profile.body.data.id,
      customer_id: customer.body.data.id,
      buyer_reference: 'PO-4711',
      tax_scheme: 'VAT',
      line_items: [
        {
          name: 'Website design',
          quantity: '24',
          unit_price: '95.00',
          taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
        },
      ],
      payment: {
        instructions: 'Payable within 14 days.',
        bank_account: {
          bank_name: 'Hamburger Sparkasse',
          account_number: 'DE02200505501015871393',
          swift: 'HASPDEHHXXX',
        },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.data.seller.electronic_address).toEqual({
      scheme: '9930',
      value: 'DE123456789',
    });
    expect(created.body.data.data.buyer.electronic_address).toEqual({ scheme: '9930', value: 'DE987654321' });
    for (const profileId of ['xrechnung_ubl', 'xrechnung_cii', 'peppol_bis_billing_3']) {
      const xml = await server.request(`/api/v1/documents/${created.body.data.id}/xml?profile=${profileId}`, {
        key: account.apiKey,
      });
      expect(xml.status).toBe(200);
      const verdict = await api('/api/v1/documents/validate-compliance', 'POST', {
        profile: profileId,
        xml: await xml.text(),
      });
      expect({
        profileId,
        violations: verdict.body.data.violations.filter((v: { severity: string }) => v.severity === 'fatal'),
      }).toEqual({ profileId, violations: [] });
      expect(verdict.body.data.fully_checked).toBe(true);
    }
  });
});
