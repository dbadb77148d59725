import type { TestAccount } from './factories';
import type { TestServer } from './harness';

/** A seller and a buyer for an account, made through the API. */
export async function makeParties(server: TestServer, account: TestAccount) {
  const profile = await server.json('/api/v1/business-profiles', {
    method: 'POST',
    key: account.apiKey,
    body: {
      legal_name: 'Müller & Söhne GmbH',
      display_name: 'Müller',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' },
    },
  });
  const customer = await server.json('/api/v1/customers', {
    method: 'POST',
    key: account.apiKey,
    body: {
      name: 'Acme Ltd',
      email: 'ap@acme.example',
      billing_address: { line1: '1 Main St', country: 'GB' },
    },
  });
  if (profile.status !== 200 || customer.status !== 200) throw new Error('could not make parties');
  return { profileId: profile.body.data.id as string, customerId: customer.body.data.id as string };
}

let counter = 0;

export function documentBody(
  parties: { profileId: string; customerId: string },
  overrides: Record<string, unknown> = {},
) {
  counter += 1;
  return {
    number: `INV-${Date.now()}-${counter}`,
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'EUR',
    business_profile_id: parties.profileId,
    customer_id: parties.customerId,
    line_items: [
      {
        name: 'Consulting',
        quantity: '10',
        unit_price: '9.99',
        taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
      },
      {
        name: 'Licence',
        quantity: '1',
        unit_price: '100.00',
        taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
      },
    ],
    ...overrides,
  };
}

/** Creates a draft and walks it through `actions` (e.g. ['finalize', 'mark-sent']). */
export async function makeDocument(
  server: TestServer,
  account: TestAccount,
  parties: { profileId: string; customerId: string },
  overrides: Record<string, unknown> = {},
  actions: string[] = [],
) {
  const created = await server.json('/api/v1/documents', {
    method: 'POST',
    key: account.apiKey,
    body: documentBody(parties, overrides),
  });
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  let doc = created.body.data;
  for (const action of actions) {
    const res = await server.json(`/api/v1/documents/${doc.id}/${action}`, {
      method: 'POST',
      key: account.apiKey,
    });
    if (res.status !== 200) throw new Error(`${action} failed: ${JSON.stringify(res.body)}`);
    doc = res.body.data;
  }
  return doc;
}
