// Own resources (docs/roles.md): every tracked resource answers `created_by`, the workspace member who made
// it (a member's key or a signed-in member), in the answer of its create, its read and its list, so a client
// (the console) can tell a member which rows they may change; a row an account-level key made answers the
// spec's fields alone, without it (as every field beyond the spec is present only when set). Received
// documents (PATCH, payments, answers and DELETE follow their creator) and payments (DELETE follows the
// payment's own creator) answer it too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentBody } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const UBL = readFileSync(
  join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'),
  'utf8',
);

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let account: TestAccount;
let memberId: string;
let memberKey: string;
let parties: { profileId: string; customerId: string };
/** A finalized invoice of the member's, which payments (the member's and an account-level key's) are made on. */
let memberInvoiceId: string;

async function ok(key: string, method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key, body });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
  const workspace = await ok(account.apiKey, 'POST', '/api/v1/workspaces', { name: 'Team' });
  const members = await ok(account.apiKey, 'POST', `/api/v1/workspaces/${workspace.id}/members`, {
    email: 'member@example.com',
    role: 'member',
  });
  memberId = members.find((m: { email: string }) => m.email === 'member@example.com').id;
  memberKey = (await ok(account.apiKey, 'POST', '/api/v1/api-keys', { workspace_member_id: memberId }))
    .api_key;
  parties = {
    profileId: (await ok(account.apiKey, 'POST', '/api/v1/business-profiles', { legal_name: 'Owner GmbH' }))
      .id,
    customerId: (await ok(account.apiKey, 'POST', '/api/v1/customers', { name: 'Owner customer' })).id,
  };
  const invoice = await ok(memberKey, 'POST', '/api/v1/documents', documentBody(parties));
  memberInvoiceId = (await ok(memberKey, 'POST', `/api/v1/documents/${invoice.id}/finalize`)).id;
});
afterAll(() => server.stop());

async function upload(key: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
  const res = await fetch(`${server.url}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  const body = (await res.json()) as { data: { id: string; created_by?: unknown } };
  expect(res.status).toBe(200);
  return body.data;
}

/** A supplier's XRechnung with a number of its own, so each upload is another invoice (no copy of one). */
async function receive(key: string) {
  const number = `R-${Date.now()}-${++names}`;
  const xml = UBL.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`);
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' },
    body: xml,
  });
  const body = (await res.json()) as { data: { id: string; invoice_number: string; created_by?: unknown } };
  expect(res.status).toBe(201);
  expect(body.data.invoice_number).toBe(number);
  return body.data;
}

let names = 0;
const unique = (prefix: string) => `${prefix} ${++names}`;

/** Each tracked resource: how it is made, where one is read and (if any) where the list is. */
const RESOURCES: {
  name: string;
  create: (key: string) => Promise<{ id: string; created_by?: unknown }>;
  /** Where one is read (payments have no address of their own: their lists only). */
  one?: (id: string) => string;
  list?: string;
}[] = [
  {
    name: 'customer',
    create: (key) => ok(key, 'POST', '/api/v1/customers', { name: unique('Customer') }),
    one: (id) => `/api/v1/customers/${id}`,
    list: '/api/v1/customers?limit=100',
  },
  {
    name: 'product',
    create: (key) => ok(key, 'POST', '/api/v1/products', { name: unique('Product') }),
    one: (id) => `/api/v1/products/${id}`,
    list: '/api/v1/products?limit=100',
  },
  {
    name: 'business profile',
    create: (key) => ok(key, 'POST', '/api/v1/business-profiles', { legal_name: unique('Firm') }),
    one: (id) => `/api/v1/business-profiles/${id}`,
    list: '/api/v1/business-profiles?limit=100',
  },
  {
    name: 'document',
    create: (key) => ok(key, 'POST', '/api/v1/documents', documentBody(parties)),
    one: (id) => `/api/v1/documents/${id}`,
    list: '/api/v1/documents?limit=100',
  },
  {
    name: 'recurring invoice',
    create: (key) =>
      ok(key, 'POST', '/api/v1/recurring-invoices', {
        business_profile_id: parties.profileId,
        customer_id: parties.customerId,
        frequency: 'monthly',
        start_date: '2027-01-01',
        invoice_template: {
          currency: 'EUR',
          invoice_number: unique('ABO-').replace(' ', ''),
          line_items: [{ name: 'Hosting', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19' }] }],
        },
      }),
    one: (id) => `/api/v1/recurring-invoices/${id}`,
    list: '/api/v1/recurring-invoices?limit=100',
  },
  {
    name: 'branding profile',
    create: (key) => ok(key, 'POST', '/api/v1/branding-profiles', { name: unique('Brand') }),
    one: (id) => `/api/v1/branding-profiles/${id}`,
    list: '/api/v1/branding-profiles?limit=100',
  },
  {
    name: 'numbering sequence',
    create: (key) =>
      ok(key, 'POST', '/api/v1/numbering-sequences', {
        name: unique('Sequence'),
        prefix: `S${names}-`,
        pattern: '{NNNN}',
      }),
    one: (id) => `/api/v1/numbering-sequences/${id}`,
    list: '/api/v1/numbering-sequences?limit=100',
  },
  {
    name: 'custom template',
    create: (key) => ok(key, 'POST', '/api/v1/templates/custom', { name: unique('Template') }),
    one: (id) => `/api/v1/templates/custom/${id}`,
    list: '/api/v1/templates/custom?limit=100',
  },
  {
    name: 'batch',
    create: (key) =>
      ok(key, 'POST', '/api/v1/batches', {
        template_id: 'tpl_modern',
        items: [
          {
            data: {
              invoice_number: unique('B-').replace(' ', ''),
              issue_date: '2026-11-02',
              currency: 'EUR',
              seller: { name: 'Seller GmbH' },
              buyer: { name: 'Buyer' },
              line_items: [{ name: 'Item', quantity: '1', unit_price: '1.00', taxes: [{ rate: '19' }] }],
            },
          },
        ],
      }),
    one: (id) => `/api/v1/batches/${id}`,
    list: '/api/v1/batches?limit=100',
  },
  { name: 'file', create: upload, one: (id) => `/api/v1/files/${id}` },
  {
    name: 'received document',
    create: receive,
    one: (id) => `/api/v1/received-documents/${id}`,
    list: '/api/v1/received-documents?limit=100',
  },
  {
    name: 'payment',
    create: (key) =>
      ok(key, 'POST', `/api/v1/documents/${memberInvoiceId}/payments`, {
        amount: '1.00',
        date: '2026-11-03',
      }),
    list: '/api/v1/payments?limit=100',
  },
];

describe('created_by on the tracked resources', () => {
  for (const resource of RESOURCES) {
    test(`a ${resource.name}: the member's id when a member made it, absent when an account-level key did`, async () => {
      const mine = await resource.create(memberKey);
      const accounts = await resource.create(account.apiKey);
      expect(mine.created_by).toBe(memberId);
      expect(accounts.id).toBeString();
      expect(accounts).not.toHaveProperty('created_by');
      // Read by anyone (reads are every role's), the same answer.
      if (resource.one) {
        expect((await ok(account.apiKey, 'GET', resource.one(mine.id))).created_by).toBe(memberId);
        const read = await ok(memberKey, 'GET', resource.one(accounts.id));
        expect(read.id).toBe(accounts.id);
        expect(read).not.toHaveProperty('created_by');
      }
      if (resource.list) {
        const listed = (await ok(memberKey, 'GET', resource.list)) as { id: string; created_by?: unknown }[];
        const [own, others] = [mine.id, accounts.id].map((id) => listed.find((row) => row.id === id));
        // Found first: a row missing from the list has no created_by either, and proves nothing.
        expect(own?.id).toBe(mine.id);
        expect(others?.id).toBe(accounts.id);
        expect(own?.created_by).toBe(memberId);
        expect(others).not.toHaveProperty('created_by');
      }
    });
  }

  test("a payment's created_by is its own creator's, listed under its invoice too", async () => {
    // An owner's payment on the member's invoice is not the member's to delete (DELETE /payments/{id} is
    // the payment's creator's): the answer says so by leaving created_by out.
    const byOwner = await ok(account.apiKey, 'POST', `/api/v1/documents/${memberInvoiceId}/payments`, {
      amount: '2.00',
      date: '2026-11-04',
    });
    const byMember = await ok(memberKey, 'POST', `/api/v1/documents/${memberInvoiceId}/payments`, {
      amount: '3.00',
      date: '2026-11-04',
    });
    const listed = (await ok(memberKey, 'GET', `/api/v1/documents/${memberInvoiceId}/payments`)) as {
      id: string;
      created_by?: unknown;
    }[];
    const [owners, members] = [byOwner.id, byMember.id].map((id) => listed.find((row) => row.id === id));
    expect(owners?.id).toBe(byOwner.id);
    expect(owners).not.toHaveProperty('created_by');
    expect(members?.created_by).toBe(memberId);
    const refused = await server.json(`/api/v1/payments/${byOwner.id}`, { method: 'DELETE', key: memberKey });
    expect(refused.status).toBe(403);
    const deleted = await server.json(`/api/v1/payments/${byMember.id}`, {
      method: 'DELETE',
      key: memberKey,
    });
    expect(deleted.status).toBe(200);
  });

  test("payments on a received document answer no created_by (their rule is the received document's)", async () => {
    const received = await receive(memberKey);
    const paid = await ok(memberKey, 'POST', `/api/v1/received-documents/${received.id}/payments`, {
      amount: '1.00',
      date: '2026-11-03',
    });
    expect(paid.received_document_id).toBe(received.id);
    expect(paid).not.toHaveProperty('created_by');
  });

  test('the OpenAPI document declares it on each of them, a member id, absent otherwise', async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, any>> };
    for (const path of [
      '/api/v1/customers/{id}',
      '/api/v1/products/{id}',
      '/api/v1/documents/{document_id}',
      '/api/v1/recurring-invoices/{id}',
      '/api/v1/received-documents/{received_id}',
      '/api/v1/documents/{document_id}/payments',
    ]) {
      const found = Object.entries(doc.paths).find(
        ([key]) => key.replace(/\{[^}]+\}/g, '{id}') === path.replace(/\{[^}]+\}/g, '{id}'),
      );
      expect(found, path).toBeDefined();
      const schema = found?.[1].get.responses['200'].content['application/json'].schema;
      const text = JSON.stringify(schema);
      expect(text, path).toContain('created_by');
    }
  });
});
