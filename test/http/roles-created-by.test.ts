// Own resources (docs/roles.md): every tracked resource answers `created_by`, the workspace member who made
// it (a member's key or a signed-in member), in the answer of its create, its read and its list, so a client
// (the console) can tell a member which rows they may change; a row an account-level key made answers the
// spec's fields alone, without it (as every field beyond the spec is present only when set).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBody } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let account: TestAccount;
let memberId: string;
let memberKey: string;
let parties: { profileId: string; customerId: string };

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

let names = 0;
const unique = (prefix: string) => `${prefix} ${++names}`;

/** Each tracked resource: how it is made, where one is read and (if any) where the list is. */
const RESOURCES: {
  name: string;
  create: (key: string) => Promise<{ id: string; created_by?: unknown }>;
  one: (id: string) => string;
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
];

describe('created_by on the tracked resources', () => {
  for (const resource of RESOURCES) {
    test(`a ${resource.name}: the member's id when a member made it, null when an account-level key did`, async () => {
      const mine = await resource.create(memberKey);
      const accounts = await resource.create(account.apiKey);
      expect(mine.created_by).toBe(memberId);
      expect(accounts).not.toHaveProperty('created_by');
      // Read by anyone (reads are every role's), the same answer.
      expect((await ok(account.apiKey, 'GET', resource.one(mine.id))).created_by).toBe(memberId);
      expect(await ok(memberKey, 'GET', resource.one(accounts.id))).not.toHaveProperty('created_by');
      if (resource.list) {
        const listed = (await ok(memberKey, 'GET', resource.list)) as { id: string; created_by?: unknown }[];
        expect(listed.find((row) => row.id === mine.id)?.created_by).toBe(memberId);
        expect(listed.find((row) => row.id === accounts.id)).not.toHaveProperty('created_by');
      }
    });
  }

  test('the OpenAPI document declares it on each of them, a member id or null', async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, any>> };
    for (const path of [
      '/api/v1/customers/{id}',
      '/api/v1/products/{id}',
      '/api/v1/documents/{document_id}',
      '/api/v1/recurring-invoices/{id}',
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
