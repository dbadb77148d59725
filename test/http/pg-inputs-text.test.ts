// Hostile inputs answered the same on SQLite and PostgreSQL, never a 500 (the PostgreSQL lane runs this file
// against a real cluster: scripts/test-lanes.ts `postgres pg-inputs`; the executable lanes too):
// - text that is not Unicode (a lone surrogate, `"\ud800"` in JSON) is refused at the door as NUL is, a
//   422 naming the field: PostgreSQL's jsonb refused the JSON text it was kept in (a draft whose line's tax
//   held one could not be finalized there: a 500), SQLite took it, and a text column kept U+FFFD instead;
// - a list's cursor is opaque but hand-made ones arrive: one whose key holds NUL is the 422 at
//   `query.cursor` of any cursor the API never issued (PostgreSQL refused it with a fieldless 422, SQLite
//   answered an empty page);
// - integers past any integer column (2^31, 2^53 + 1, 1e20, 1e308, -1e20) in bodies, queries and paths are
//   a 422 at the field or the 404 of what never existed, on both engines.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let profileId: string;
let customerId: string;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server);
  profileId = (await makeBusinessProfile(server, account)).id;
  customerId = (await makeCustomer(server, account)).id;
});
afterAll(() => server.stop());

/** A request with its body as raw JSON text (a lone surrogate survives only as an escape in the text). */
async function send(method: string, path: string, text?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.apiKey}`,
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: text,
  });
  const raw = await res.text();
  return { status: res.status, body: raw === '' ? null : JSON.parse(raw) };
}

const locsOf = (body: any): string[] =>
  (body?.error?.details?.fields ?? []).map((field: { loc: string }) => field.loc);

const UNICODE_MSG =
  'Text must be Unicode: a lone surrogate (\\ud800-\\udfff without its pair) is no character';

const customers = async () =>
  (await server.json('/api/v1/customers?limit=100', { key: account.apiKey })).body.data as { name: string }[];

describe('text that is not Unicode (a lone surrogate)', () => {
  test('in any string or key of a JSON body: 422 at the field, nothing stored', async () => {
    const before = (await customers()).length;
    const cases: [string, string][] = [
      ['{"name":"Kunde \\ud800 GmbH"}', 'body.name'],
      ['{"name":"K","email":"a\\udc00@b.de"}', 'body.email'],
      [
        '{"name":"K","billing_address":{"line1":"a","city":"K\\uDFFFln","country":"DE"}}',
        'body.billing_address.city',
      ],
      ['{"name":"K","metadata":{"k":"\\ude00\\ud83d"}}', 'body.metadata.k'],
      ['{"name":"K","metadata":{"\\ud800":"v"}}', 'body.metadata.\\ud800'],
    ];
    for (const [text, loc] of cases) {
      const res = await send('POST', '/api/v1/customers', text);
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields).toEqual([{ loc, msg: UNICODE_MSG, type: 'value_error' }]);
    }
    expect((await customers()).length).toBe(before);
  });

  test('a pair is a character (an emoji), kept as sent', async () => {
    const res = await send('POST', '/api/v1/customers', '{"name":"Kunde \\ud83e\\uddfe GmbH"}');
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Kunde \u{1F9FE} GmbH');
  });

  test('a draft whose tax name holds one is refused, so no finalize or report meets it (PostgreSQL: a 500)', async () => {
    const body = JSON.stringify({
      number: 'SUR-1',
      issue_date: '2026-11-02',
      currency: 'EUR',
      business_profile_id: profileId,
      customer_id: customerId,
      line_items: [
        {
          name: 'Beratung',
          quantity: '1',
          unit_price: '10.00',
          taxes: [{ name: 'TAXNAME', rate: '0', category: 'E', exemption_reason: 'Steuerfrei' }],
        },
      ],
    }).replace('"TAXNAME"', '"MwSt \\ud800"');
    const res = await send('POST', '/api/v1/documents', body);
    if (res.status === 200) {
      // Taken (before 2026-12-07): finalizing it was a 500 on PostgreSQL, whose triggers read its JSON.
      const finalized = await send('POST', `/api/v1/documents/${res.body.data.id}/finalize`);
      expect(finalized.status).toBeLessThan(500);
    }
    expect(res.status).toBe(422);
    expect(locsOf(res.body)).toEqual(['body.line_items.0.taxes.0.name']);
    // Nothing was kept: the reports read every document's JSON as jsonb on PostgreSQL.
    const list = await server.json('/api/v1/documents?limit=100', { key: account.apiKey });
    expect(list.body.data.some((d: { number: string }) => d.number === 'SUR-1')).toBe(false);
    const revenue = await server.json('/api/v1/reports/revenue?from=2026-01-01&to=2026-12-31', {
      key: account.apiKey,
    });
    expect(revenue.status).toBe(200);
  });

  test('in a PATCH and in an array: 422 at the field', async () => {
    const patch = await send('PATCH', `/api/v1/customers/${customerId}`, '{"name":"\\ud800"}');
    expect(patch.status).toBe(422);
    expect(locsOf(patch.body)).toEqual(['body.name']);
    const read = await server.json(`/api/v1/customers/${customerId}`, { key: account.apiKey });
    expect(read.body.data.name).not.toContain('\ufffd');
  });
});

describe("a list's cursor the API never issued", () => {
  const cursor = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

  test('its key holding NUL: the 422 at query.cursor, on either engine', async () => {
    for (const list of ['/api/v1/customers', '/api/v1/documents', '/api/v1/api-keys']) {
      const res = await server.json(`${list}?cursor=${cursor({ v: 2, k: 'cus_\u0000', l: list })}`, {
        key: account.apiKey,
      });
      expect(res.status).toBe(422);
      expect(locsOf(res.body)).toEqual(['query.cursor']);
    }
  });

  test('its key holding a lone surrogate: the same 422', async () => {
    // JSON's escape survives base64: the key is `cus_\ud800` as JSON.parse reads it.
    const text = '{"v":2,"k":"cus_\\ud800","l":"/api/v1/customers"}';
    const res = await server.json(`/api/v1/customers?cursor=${Buffer.from(text).toString('base64url')}`, {
      key: account.apiKey,
    });
    expect(res.status).toBe(422);
    expect(locsOf(res.body)).toEqual(['query.cursor']);
  });
});

describe('integers past any integer column', () => {
  const HUGE = ['2147483648', '9007199254740993', '1e20', '1e308', '-1e20'];

  test('in bodies: 422 at the field', async () => {
    const cases: [string, string, (n: string) => string, string][] = [
      ['POST', '/api/v1/customers', (n) => `{"name":"K","debtor_number":${n}}`, 'body.debtor_number'],
      ['PATCH', `/api/v1/customers/${customerId}`, (n) => `{"debtor_number":${n}}`, 'body.debtor_number'],
      [
        'POST',
        '/api/v1/numbering-sequences',
        (n) => `{"name":"S","prefix":"S-","pattern":"{NNNN}","next_number":${n}}`,
        'body.next_number',
      ],
      ['PATCH', '/api/v1/billing/overage', (n) => `{"enabled":true,"cap":${n}}`, 'body.cap'],
      [
        'PUT',
        '/api/v1/settings/accounting',
        (n) => `{"first_debtor_number":${n}}`,
        'body.first_debtor_number',
      ],
      [
        'PUT',
        '/api/v1/settings/accounting',
        (n) => `{"first_creditor_number":${n}}`,
        'body.first_creditor_number',
      ],
    ];
    for (const [method, path, body, loc] of cases) {
      for (const n of HUGE) {
        const res = await send(method, path, body(n));
        expect({ method, path, n, status: res.status }).toEqual({ method, path, n, status: 422 });
        expect(locsOf(res.body)).toContain(loc);
      }
    }
  });

  test('a pinned template version: the 404 of a version never had, in every route that pins one', async () => {
    const template = await server.json('/api/v1/templates/custom', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Hausvorlage' },
    });
    expect(template.status).toBe(201);
    const id = template.body.data.id as string;
    const data = {
      invoice_number: 'P-1',
      issue_date: '2026-11-02',
      currency: 'EUR',
      seller: { name: 'Seller' },
      buyer: { name: 'Buyer' },
      line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
    };
    for (const n of HUGE.filter((n) => !n.startsWith('-'))) {
      const render = await send(
        'POST',
        '/api/v1/documents/render',
        JSON.stringify({ data, template: { id, version: 1 } }).replace('"version":1', `"version":${n}`),
      );
      expect(render.status).toBe(404);
      const batch = await send(
        'POST',
        '/api/v1/batches',
        JSON.stringify({ items: [{ data }], template_id: id, template_version: 1 }).replace(
          '"template_version":1',
          `"template_version":${n}`,
        ),
      );
      expect([404, 422]).toContain(batch.status);
      const version = await send('GET', `/api/v1/templates/${id}/versions/${n}`);
      expect([404, 422]).toContain(version.status);
      const preview = await send('POST', `/api/v1/templates/${id}/preview?version=${n}`, '{}');
      expect(preview.status).toBe(422);
    }
  });

  test('in queries: 422 at the parameter', async () => {
    for (const n of HUGE) {
      for (const list of ['/api/v1/customers', '/api/v1/documents', '/api/v1/usage/events']) {
        const res = await server.json(`${list}?limit=${n}`, { key: account.apiKey });
        expect(res.status).toBe(422);
        expect(locsOf(res.body)).toEqual(['query.limit']);
      }
    }
  });
});
