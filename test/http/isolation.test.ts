import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FixtureApi, FixtureData, FixtureIds } from '../../src/module';
import { MODULES } from '../../src/modules';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { TestSmtp } from '../smtp';
import { fromConsole, makeUser, signIn } from '../users';

/**
 * Issue 9, isolation: every route of the OpenAPI document that takes an id, called by another account with
 * the owner's ids, is a 404 `not_found` and changes nothing. Issue 40: also by a person who belongs to both
 * accounts while they act in the other one (switched to it, or naming it in the `Account` header). The routes come from /openapi.json, so a new
 * route is in the table the day it is added; its ids and bodies come from its module's isolation fixture
 * (`isolation` in src/modules/<name>/module.ts), and a path parameter without one fails by name.
 */

let server: TestServer;
let smtp: TestSmtp;
let owner: TestAccount;
let stranger: TestAccount;
/** The owner's ids, keyed by the path up to the parameter they fill (see FixtureIds). */
const ids: FixtureIds = {};
const BODIES: Record<string, unknown> = {};
const QUERIES: Record<string, string> = {};
const MULTIPART = new Set<string>();

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
  'POST /api/v1/channels/webhooks/{token}':
    "a provider's callback: its secret token is the credential (a token that is nobody's is a 404, tested below)",
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

/** Who calls: an account's key, or a signed-in person's browser (its cookie and origin, maybe `Account`). */
type Caller = TestAccount | { name: string; headers: Record<string, string> };

const headersOf = (caller: Caller): Record<string, string> =>
  'apiKey' in caller ? { authorization: `Bearer ${caller.apiKey}` } : caller.headers;

/**
 * Operations with an id that no account owns: their answers are the same for every caller (public data),
 * so there is nothing of the owner's to keep apart. Each says why.
 */
const ACCOUNT_INDEPENDENT: Record<string, string> = {
  'GET /api/v1/peppol/participants/{participant_id}':
    "a Peppol participant's registration, public in the SML and its SMP, the same for every caller",
};

const call = (caller: Caller, method: string, path: string, body?: unknown) =>
  server.json(path, { method, headers: headersOf(caller), body });

async function ok(res: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  return dataOf(await res, what);
}

async function upload(caller: Caller, path: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
  const res = await fetch(server.url + path, { method: 'POST', headers: headersOf(caller), body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The data of a 2xx answer (a list's first item), or an error naming the call. */
function dataOf(done: { status: number; body: any }, what: string): FixtureData {
  if (done.status < 200 || done.status > 299) throw new Error(`${what}: ${JSON.stringify(done.body)}`);
  const data = done.body.data;
  return Array.isArray(data) ? data[0] : data;
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'billing@seller.example' }), startJobs: false });
  owner = await makeAccount(server);
  stranger = await makeAccount(server);
  const api: FixtureApi = {
    call: async (method, path, body) => dataOf(await call(owner, method, path, body), `${method} ${path}`),
    upload: async (path) => dataOf(await upload(owner, path), `upload ${path}`),
    send: async (path, contentType, bytes) => {
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': contentType },
        body: bytes,
      });
      return dataOf({ status: res.status, body: await res.json() }, `POST ${path}`);
    },
    sampleXml: () => readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml')),
    runJobs: async () => {
      await server.jobs.runDue();
    },
    keyId: owner.keyId,
  };
  // Each module's fixture, in the module list's order (a document's module comes after its parties').
  for (const module of MODULES) {
    const fixture = module.isolation;
    if (!fixture) continue;
    Object.assign(ids, await fixture.make?.(api, ids));
    Object.assign(BODIES, fixture.bodies);
    Object.assign(QUERIES, fixture.queries);
    for (const op of fixture.multipart ?? []) MULTIPART.add(op);
  }
  await server.jobs.runDue();
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
    Object.entries(ops)
      .filter(([method]) => !Object.hasOwn(ACCOUNT_INDEPENDENT, `${method.toUpperCase()} ${path}`))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        security: op.security,
      })),
  );
}

/**
 * The owner's ids for one parameter of a route: those of the longest fixture key the route's path starts
 * with (`/api/v1/documents/{document_id}` for `/api/v1/documents/{document_id}/payments`), never another
 * resource's.
 */
function idsFor(fixtures: FixtureIds, template: string, param: string): string[] {
  let best: string | undefined;
  for (const key of Object.keys(fixtures)) {
    const covers = key === template || template.startsWith(`${key}/`);
    if (covers && key.endsWith(`{${param}}`) && (best === undefined || key.length > best.length)) best = key;
  }
  if (best === undefined) {
    throw new Error(
      `no isolation fixture for {${param}} in ${template}: add it to its module's isolation fixture (src/modules/<name>/module.ts)`,
    );
  }
  return fixtures[best] as string[];
}

/** Every combination of the owner's ids for the path's parameters. */
function concretePaths(method: string, template: string): string[] {
  const query = QUERIES[`${method} ${template}`] ?? '';
  const params = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  let paths = [template];
  for (const param of params) {
    const values = idsFor(ids, template, param);
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
  // Every list and report of the owner's (a GET without a parameter), from the same table; not the usage
  // figures, which count the renders this view itself draws (a received document's PDF).
  const reads = ops.filter(
    (o) => o.method === 'GET' && !o.path.includes('{') && o.path.startsWith('/api/v1/'),
  );
  for (const op of reads) {
    if ((Array.isArray(op.security) && op.security.length === 0) || op.path.startsWith('/api/v1/usage'))
      continue;
    let res = await server.json(op.path, { key: owner.apiKey });
    if (res.body?.pagination) res = await server.json(`${op.path}?limit=100`, { key: owner.apiKey });
    view[op.path] =
      res.status < 300 ? JSON.stringify(res.body) : `${res.status} ${res.body?.error?.code ?? 'not JSON'}`;
  }
  return view;
}

/**
 * Rows per table, on either engine: nothing a stranger's calls did may add, remove or move one.
 * BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
 */
async function rowCounts(): Promise<Record<string, number>> {
  const handle = server.service.handle;
  if (handle.engine === 'postgresql') {
    const sql = handle.client;
    const tables = await sql<{ name: string }[]>`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`;
    const counts: Record<string, number> = {};
    // The shared rate limiter's windows count requests, the stranger's too (the executable on PostgreSQL).
    for (const { name } of tables.filter((t) => t.name !== 'rate_limit_windows')) {
      const [row] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM ${sql(name)}`;
      counts[name] = Number(row?.n ?? 0);
    }
    return counts;
  }
  const db = server.sqlite;
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

describe('isolation between accounts', () => {
  test('the public operations are exactly the listed exceptions', async () => {
    const open = (await operations())
      .filter((o) => o.path.startsWith('/api/v1/') && Array.isArray(o.security) && o.security.length === 0)
      .map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual(Object.keys(PUBLIC_OPERATIONS).sort());
  });

  /** Every id route with the owner's ids, as `caller`: a 404 each, and nothing of the owner's changed. */
  async function strangerPass(caller: Caller, exempt: Record<string, string> = {}) {
    const all = await operations();
    const ops = all.filter((o) => o.path.includes('{') && !Object.hasOwn(exempt, `${o.method} ${o.path}`));
    expect(ops.length).toBeGreaterThan(60);
    const viewBefore = await ownerView(all);
    const countsBefore = await rowCounts();
    const answers: string[] = [];
    let calls = 0;
    for (const op of ops) {
      const name = `${op.method} ${op.path}`;
      for (const path of concretePaths(op.method, op.path)) {
        calls += 1;
        const res = MULTIPART.has(name)
          ? await upload(caller, path)
          : await call(caller, op.method, path, BODIES[name]);
        const code = res.body?.error?.code;
        if (res.status !== 404 || code !== 'not_found')
          answers.push(`${op.method} ${path} → ${res.status} ${code}`);
      }
    }
    expect(answers).toEqual([]);
    expect(calls).toBeGreaterThan(90);
    await server.jobs.runDue();
    expect(await rowCounts()).toEqual(countsBefore);
    expect(await ownerView(all)).toEqual(viewBefore);
  }

  test("every id route, called with the owner's ids by another account, is a 404 and changes nothing", async () => {
    await strangerPass(stranger);
  });

  describe('a person in both accounts, acting in the other one', () => {
    // They may leave the owner's account wherever they act: the path names their own membership there,
    // not the account they act in (test/http/office.test.ts).
    const OWN_MEMBERSHIP = {
      'POST /api/v1/accounts/{account_id}/leave': 'leaving names the account left: their own membership',
    };
    let cookie = '';
    beforeAll(async () => {
      // An owner of the stranger's account and a member of the owner's: the highest reach in both.
      const person = await makeUser(server, stranger.id, { role: 'owner' });
      await makeUser(server, owner.id, { role: 'admin', email: person.email, password: null });
      cookie = await signIn(server, person.email);
      const me = await server.json('/api/v1/auth/me', { headers: fromConsole(server, cookie) });
      expect(me.body.data.accounts.map((a: { id: string }) => a.id).sort()).toEqual(
        [owner.id, stranger.id].sort(),
      );
    });

    test('switched to the other account: every id route of the owner is a 404 and changes nothing', async () => {
      const switched = await server.json('/api/v1/sessions/current/account', {
        method: 'POST',
        headers: fromConsole(server, cookie),
        body: { account_id: stranger.id },
      });
      expect([switched.status, switched.body.data.account.id]).toEqual([200, stranger.id]);
      await strangerPass({ name: 'switched session', headers: fromConsole(server, cookie) }, OWN_MEMBERSHIP);
    });

    test("the session in the owner's account, each request naming the other in `Account`: the same", async () => {
      const switched = await server.json('/api/v1/sessions/current/account', {
        method: 'POST',
        headers: fromConsole(server, cookie),
        body: { account_id: owner.id },
      });
      expect(switched.status).toBe(200);
      // The session itself reaches the owner's data: the header, not the session, must decide.
      const own = await server.json(`/api/v1/auth/me`, { headers: fromConsole(server, cookie) });
      expect(own.body.data.account.id).toBe(owner.id);
      await strangerPass(
        { name: 'Account header', headers: { ...fromConsole(server, cookie), account: stranger.id } },
        OWN_MEMBERSHIP,
      );
    });
  });

  test("a path parameter without its module's fixture fails by name, borrowing no other resource's ids", () => {
    const fixtures = { '/api/v1/customers/{id}': ['cus_1'], '/api/v1/documents/{document_id}': ['doc_1'] };
    expect(idsFor(fixtures, '/api/v1/customers/{id}/statement', 'id')).toEqual(['cus_1']);
    expect(idsFor(fixtures, '/api/v1/documents/{document_id}/payments', 'document_id')).toEqual(['doc_1']);
    expect(() => idsFor(fixtures, '/api/v1/products/{id}', 'id')).toThrow(
      'no isolation fixture for {id} in /api/v1/products/{id}',
    );
  });

  test("a member id of the owner's workspace is 404 under the stranger's own workspace", async () => {
    const mine = await ok(call(stranger, 'POST', '/api/v1/workspaces', { name: 'Theirs' }), 'workspace');
    const member = ids['/api/v1/workspaces/{workspace_id}/members/{member_id}']?.[0];
    const path = `/api/v1/workspaces/${mine.id}/members/${member}`;
    for (const method of ['PATCH', 'DELETE']) {
      const res = await call(stranger, method, path, method === 'PATCH' ? { role: 'owner' } : undefined);
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
  });

  test("a render's signed token opens only its own render", async () => {
    const document = ids['/api/v1/documents/{document_id}']?.at(-1);
    const made = async () =>
      dataOf(
        await call(owner, 'POST', `/api/v1/documents/${document}/renders`, { expires_in: 86_400 }),
        'render',
      ) as unknown as { id: string; download_url: string };
    const [a, b] = [await made(), await made()];
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
