import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { TestSmtp } from '../smtp';

/**
 * Issue 9, isolation: every route of the OpenAPI document that takes an id, called by another account with
 * the owner's ids, is a 404 `not_found` and changes nothing. The routes come from /openapi.json, so a new
 * route is in the table the day it is added (and fails here until it has a body below, if it needs one).
 */

let server: TestServer;
let smtp: TestSmtp;
let owner: TestAccount;
let stranger: TestAccount;
/** The owner's id for each path parameter name; a parameter may be tried with several ids. */
const ids: Record<string, string[]> = {};
const renders: { id: string; download_url: string }[] = [];

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Operations without an API key (`security: []`); none of them takes an owned id through a key. */
const PUBLIC_OPERATIONS: Record<string, string> = {
  'GET /api/v1/renders/{render_id}/download':
    'also opened by the signed token alone (a shared link); with a key it is owner-only, tested below',
  'POST /api/v1/billing/webhook': "the payment provider's calls, authenticated by their signature",
  'POST /api/v1/sessions': 'signing in: the email and password are the credential',
  'GET /api/v1/invitations/{token}':
    "a one-time link: its token is the credential (without it, 404, tested below with a token that is nobody's)",
  'POST /api/v1/invitations/{token}/accept': 'a one-time link, as above',
  ...Object.fromEntries(
    [
      'countries',
      'currencies',
      'document-types',
      'fonts',
      'locales',
      'page-sizes',
      'rulesets',
      'tax-categories',
      'tax-schemes',
      'timezones',
      'unit-codes',
    ].map((list) => [
      `GET /api/v1/reference/${list}`,
      'a reference list, the same for every caller: no account data',
    ]),
  ),
};

const RENDER_DATA = {
  invoice_number: 'ISO-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Isolation Seller GmbH' },
  buyer: { name: 'Isolation Buyer' },
  line_items: [{ name: 'Item', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] }],
};

/** A valid body for each id route that takes one, so that a 404 cannot be a validation answer in disguise. */
const BODIES: Record<string, unknown> = {
  'PATCH /api/v1/api-keys/{api_key_id}': { name: 'stolen' },
  'PATCH /api/v1/workspaces/{workspace_id}': { name: 'stolen' },
  'POST /api/v1/workspaces/{workspace_id}/members': { email: 'thief@example.com' },
  'POST /api/v1/workspaces/{workspace_id}/invitations': { email: 'thief@example.com' },
  'POST /api/v1/invitations/{token}/accept': {
    name: 'Thief',
    email: 'thief@example.com',
    password: 'stolen password',
  },
  'PATCH /api/v1/workspaces/{workspace_id}/members/{member_id}': { role: 'owner' },
  'PATCH /api/v1/business-profiles/{id}': { legal_name: 'Stolen GmbH' },
  'PATCH /api/v1/customers/{id}': { name: 'Stolen Ltd' },
  'PATCH /api/v1/products/{id}': { name: 'stolen' },
  'PATCH /api/v1/numbering-sequences/{sequence_id}': { name: 'stolen' },
  'PATCH /api/v1/documents/{document_id}': { notes: 'stolen' },
  'POST /api/v1/documents/{document_id}/renders': { expires_in: 3600 },
  'PATCH /api/v1/templates/custom/{template_id}': { name: 'stolen' },
  'POST /api/v1/templates/{template_id}/versions': { label: 'stolen' },
  'POST /api/v1/templates/{template_id}/preview': { data: RENDER_DATA },
  'PATCH /api/v1/branding-profiles/{id}': { name: 'stolen' },
  'PATCH /api/v1/recurring-invoices/{recurring_id}': { interval: 2 },
  'POST /api/v1/documents/{document_id}/send': { to: ['thief@example.com'] },
  'PATCH /api/v1/received-documents/{received_id}': { status: 'paid' },
  'POST /api/v1/documents/{document_id}/payments': { amount: '1.00', date: '2026-11-05' },
  'POST /api/v1/received-documents/{received_id}/payments': { amount: '1.00', date: '2026-11-05' },
  'POST /api/v1/documents/{document_id}/reminders': { level: 1, to: ['thief@example.com'] },
  'PUT /api/v1/documents/{document_id}/dispute': { note: 'stolen' },
};
/** Required query strings, for the same reason. */
const QUERIES: Record<string, string> = {
  'GET /api/v1/documents/{document_id}/xml': '?profile=xrechnung_ubl',
};
/** Multipart routes: a real PNG in the `file` field. */
const MULTIPART = new Set(['POST /api/v1/branding-profiles/{id}/logo']);

const call = (account: TestAccount, method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const done = await res;
  if (done.status !== 200 && done.status !== 201) throw new Error(`${what}: ${JSON.stringify(done.body)}`);
  return done.body.data;
}

async function upload(account: TestAccount, path: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'billing@seller.example' }), startJobs: false });
  owner = await makeAccount(server);
  stranger = await makeAccount(server);
  const parties = await makeParties(server, owner);
  const seq = await ok(call(owner, 'POST', '/api/v1/numbering-sequences', { name: 'Mine' }), 'sequence');
  const draft = await ok(call(owner, 'POST', '/api/v1/documents', documentBody(parties)), 'draft');
  const final = await ok(call(owner, 'POST', '/api/v1/documents', documentBody(parties)), 'document');
  await ok(call(owner, 'POST', `/api/v1/documents/${final.id}/finalize`), 'finalize');
  const payment = await ok(
    call(owner, 'POST', `/api/v1/documents/${final.id}/payments`, { amount: '10.00', date: '2026-11-05' }),
    'payment',
  );
  for (let i = 0; i < 2; i += 1) {
    const path = `/api/v1/documents/${final.id}/renders`;
    renders.push(await ok(call(owner, 'POST', path, { expires_in: 86_400 }), 'render'));
  }
  const delivery = await ok(
    call(owner, 'POST', `/api/v1/documents/${final.id}/send`, { to: ['ap@acme.example'] }),
    'send',
  );
  const template = await ok(call(owner, 'POST', '/api/v1/templates/custom', { name: 'Mine' }), 'template');
  await ok(call(owner, 'POST', `/api/v1/templates/${template.id}/versions`, { label: 'v1' }), 'version');
  const branding = await ok(call(owner, 'POST', '/api/v1/branding-profiles', { name: 'Mine' }), 'branding');
  const product = await ok(
    call(owner, 'POST', '/api/v1/products', {
      name: 'Mine',
      unit_price: '10.00',
      tax_rate: '19',
      tax_category: 'S',
    }),
    'product',
  );
  const logo = await upload(owner, `/api/v1/branding-profiles/${branding.id}/logo`);
  if (logo.status !== 200) throw new Error(`logo: ${JSON.stringify(logo.body)}`);
  const file = await upload(owner, '/api/v1/files');
  if (file.status !== 200) throw new Error(`file: ${JSON.stringify(file.body)}`);
  const batch = await ok(
    call(owner, 'POST', '/api/v1/batches', { items: [{ data: RENDER_DATA }, { data: RENDER_DATA }] }),
    'batch',
  );
  const recurring = await ok(
    call(owner, 'POST', '/api/v1/recurring-invoices', {
      business_profile_id: parties.profileId,
      customer_id: parties.customerId,
      frequency: 'monthly',
      start_date: '2099-04-01',
      numbering_sequence_id: seq.id,
      invoice_template: {
        currency: 'EUR',
        line_items: [
          { name: 'Hosting', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19', category: 'S' }] },
        ],
      },
    }),
    'recurring',
  );
  const imported = await ok(
    call(owner, 'POST', '/api/v1/imports', { source_format: 'json', data: [{ name: 'Imported Ltd' }] }),
    'import',
  );
  const workspace = await ok(call(owner, 'POST', '/api/v1/workspaces', { name: 'Mine' }), 'workspace');
  const members = await ok(
    call(owner, 'POST', `/api/v1/workspaces/${workspace.id}/members`, { email: 'ann@example.com' }),
    'member',
  );
  const key = await ok(call(owner, 'POST', '/api/v1/api-keys', { name: 'second' }), 'api key');
  const receivedRes = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/xml' },
    body: readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml')),
  });
  const received = ((await receivedRes.json()) as { data: { id: string } }).data;
  await server.jobs.runDue();

  Object.assign(ids, {
    api_key_id: [key.id, owner.keyId],
    workspace_id: [workspace.id],
    member_id: [(Array.isArray(members) ? members : [members])[0].id],
    // A link's token is a credential of its own, not an id of the account: one that is nobody's is a 404.
    token: ['nobodys-link-token-0000000000000000000000000'],
    id: [parties.profileId, parties.customerId, branding.id, product.id],
    import_id: [imported.id],
    sequence_id: [seq.id],
    document_id: [draft.id, final.id],
    render_id: renders.map((r) => r.id),
    template_id: [template.id],
    version: ['1'],
    file_id: [file.body.data.id],
    batch_id: [batch.id],
    recurring_id: [recurring.id],
    delivery_id: [delivery.id],
    received_id: [received.id],
    payment_id: [payment.id],
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

interface Operation {
  method: string;
  path: string;
  security: unknown;
}

async function operations(): Promise<Operation[]> {
  const doc = await server.json('/api/v1/openapi.json', { key: owner.apiKey });
  expect(doc.status).toBe(200);
  return Object.entries<Record<string, { security?: unknown }>>(doc.body.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      security: op.security,
    })),
  );
}

/** Every combination of the owner's ids for the path's parameters. */
function concretePaths(method: string, template: string): string[] {
  const query = QUERIES[`${method} ${template}`] ?? '';
  const params = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  let paths = [template];
  for (const param of params) {
    const values = ids[param];
    if (!values) throw new Error(`no owner id for {${param}} in ${template}: add the resource to the setup`);
    paths = paths.flatMap((p) => values.map((v) => p.replace(`{${param}}`, v)));
  }
  return paths.map((p) => p + query);
}

/** The owner's view: every GET of the table (binary answers hashed), by the owner. */
async function ownerView(ops: Operation[]): Promise<Record<string, string>> {
  const view: Record<string, string> = {};
  const gets = ops.filter((o) => o.method === 'GET' && o.path.includes('{'));
  for (const op of gets) {
    for (const path of concretePaths(op.method, op.path)) {
      const res = await server.request(path, { key: owner.apiKey });
      const bytes = new Uint8Array(await res.arrayBuffer());
      // An error answer carries its own request id: compare its status and code only. A received
      // document's drawing is a fresh render each time (its own id and date): compare its status only.
      const fresh = path.startsWith('/api/v1/received-documents/') && path.endsWith('/pdf');
      view[path] = res.ok
        ? `${res.status} ${fresh ? 'a PDF' : createHash('sha256').update(bytes).digest('hex')}`
        : `${res.status} ${JSON.parse(new TextDecoder().decode(bytes)).error.code}`;
    }
  }
  for (const list of [
    '/api/v1/documents',
    '/api/v1/customers',
    '/api/v1/products',
    '/api/v1/api-keys',
    '/api/v1/deliveries',
    '/api/v1/payments',
  ]) {
    view[list] = JSON.stringify((await server.json(`${list}?limit=100`, { key: owner.apiKey })).body);
  }
  for (const report of ['receivables', 'payables', 'revenue']) {
    const path = `/api/v1/reports/${report}`;
    view[path] = JSON.stringify((await server.json(path, { key: owner.apiKey })).body);
  }
  return view;
}

function rowCounts(): Record<string, number> {
  const db = server.sqlite;
  {
    const tables = db
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all();
    return Object.fromEntries(
      tables.map((t) => [
        t.name,
        (db.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${t.name}"`).get() as { n: number }).n,
      ]),
    );
  }
}

describe('isolation between accounts', () => {
  test('the public operations are exactly the listed exceptions', async () => {
    const open = (await operations())
      .filter((o) => o.path.startsWith('/api/v1/') && Array.isArray(o.security) && o.security.length === 0)
      .map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual(Object.keys(PUBLIC_OPERATIONS).sort());
  });

  test("every id route, called with the owner's ids by another account, is a 404 and changes nothing", async () => {
    const ops = (await operations()).filter((o) => o.path.includes('{'));
    expect(ops.length).toBeGreaterThan(60);
    const viewBefore = await ownerView(ops);
    const countsBefore = rowCounts();
    const answers: string[] = [];
    let calls = 0;
    for (const op of ops) {
      const name = `${op.method} ${op.path}`;
      for (const path of concretePaths(op.method, op.path)) {
        calls += 1;
        const res = MULTIPART.has(name)
          ? await upload(stranger, path)
          : await call(stranger, op.method, path, BODIES[name]);
        const code = res.body?.error?.code;
        if (res.status !== 404 || code !== 'not_found')
          answers.push(`${op.method} ${path} → ${res.status} ${code}`);
      }
    }
    expect(answers).toEqual([]);
    expect(calls).toBeGreaterThan(90);
    await server.jobs.runDue();
    expect(rowCounts()).toEqual(countsBefore);
    expect(await ownerView(ops)).toEqual(viewBefore);
  });

  test("a member id of the owner's workspace is 404 under the stranger's own workspace", async () => {
    const mine = await ok(call(stranger, 'POST', '/api/v1/workspaces', { name: 'Theirs' }), 'workspace');
    const path = `/api/v1/workspaces/${mine.id}/members/${ids.member_id?.[0]}`;
    for (const method of ['PATCH', 'DELETE']) {
      const res = await call(stranger, method, path, method === 'PATCH' ? { role: 'owner' } : undefined);
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
  });

  test("a render's signed token opens only its own render", async () => {
    const [a, b] = renders as [(typeof renders)[0], (typeof renders)[0]];
    const tokenOf = (r: { download_url: string }) =>
      new URL(r.download_url, server.url).searchParams.get('token');
    const own = await fetch(`${server.url}/api/v1/renders/${a.id}/download?token=${tokenOf(a)}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('application/pdf');
    for (const [render, token] of [
      [a, tokenOf(b)],
      [b, tokenOf(a)],
    ] as const) {
      const res = await fetch(`${server.url}/api/v1/renders/${render.id}/download?token=${token}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).error.code).toBe('not_found');
    }
    const stranger404 = await fetch(`${server.url}/api/v1/renders/${a.id}/download?token=${tokenOf(b)}`, {
      headers: { authorization: `Bearer ${stranger.apiKey}` },
    });
    expect(stranger404.status).toBe(404);
  });

  test('a revoked key and a rotated key fail on the very next request', async () => {
    const account = await makeAccount(server);
    const doomed = await ok(call(account, 'POST', '/api/v1/api-keys', { name: 'doomed' }), 'key');
    const rotating = await ok(call(account, 'POST', '/api/v1/api-keys', { name: 'rotating' }), 'key');
    const asKey = (key: string) => server.request('/api/v1/customers', { key });
    expect((await asKey(doomed.api_key)).status).toBe(200);
    expect((await asKey(rotating.api_key)).status).toBe(200);
    expect((await call(account, 'DELETE', `/api/v1/api-keys/${doomed.id}`)).status).toBeLessThan(300);
    expect((await asKey(doomed.api_key)).status).toBe(401);
    const rotated = await ok(call(account, 'POST', `/api/v1/api-keys/${rotating.id}/rotate`), 'rotate');
    expect((await asKey(rotating.api_key)).status).toBe(401);
    expect((await asKey(rotated.api_key)).status).toBe(200);
  });
});
