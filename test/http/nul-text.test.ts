// Text holding U+0000 is refused at the door, the same on both engines (PostgreSQL's text cannot store it,
// XML forbids it, and no field means it): a 422 naming the field for JSON bodies and query parameters, a
// 404 for a path, nothing stored; text without it (other control characters, emoji) is kept as sent.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const customers = async () =>
  (await server.json('/api/v1/customers?limit=100', { key: account.apiKey })).body.data as { name: string }[];

describe('NUL in text', () => {
  test('in a JSON body: 422 at the field (deep in arrays and keys too), nothing stored', async () => {
    const before = (await customers()).length;
    const cases: [unknown, string][] = [
      [{ name: 'Kunde\u0000GmbH' }, 'body.name'],
      [
        { name: 'K', billing_address: { line1: 'a', city: 'B\u0000', country: 'DE' } },
        'body.billing_address.city',
      ],
      [{ name: 'K', metadata: { 'ke\u0000y': 'v' } }, 'body.metadata.ke\\u0000y'],
    ];
    for (const [body, loc] of cases) {
      const res = await server.json('/api/v1/customers', { method: 'POST', key: account.apiKey, body });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields).toEqual([
        { loc, msg: 'Text must not contain the NUL character (U+0000)', type: 'value_error' },
      ]);
    }
    expect((await customers()).length).toBe(before);
  });

  test('in a query parameter: 422 at query.<name>; in a path: 404', async () => {
    const search = await server.json('/api/v1/customers?q=a%00b', { key: account.apiKey });
    expect(search.status).toBe(422);
    expect(search.body.error.details.fields[0].loc).toBe('query.q');
    const byId = await server.json('/api/v1/customers/cus_%00', { key: account.apiKey });
    expect(byId.status).toBe(404);
    expect(byId.body.error.code).toBe('not_found');
  });

  test('other control characters and emoji are kept as sent', async () => {
    const name = 'Tab\there \u0001 \u{1F9FE} ß';
    const res = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe(name);
    expect((await customers()).some((c) => c.name === name)).toBe(true);
  });
});

describe('text that is not UTF-8', () => {
  const post = (bytes: Uint8Array, contentType: string) =>
    fetch(`${server.url}/api/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': contentType },
      body: bytes,
    });
  // {"name":"Bäckerei Schön"} as Windows-1252 writes it (a German Excel export posted as it is).
  const latin1 = Uint8Array.from(Buffer.from('{"name":"Bäckerei Schön"}', 'latin1'));

  test('Windows-1252 bytes sent as JSON are a 400 saying so, nothing stored as U+FFFD', async () => {
    const before = (await customers()).length;
    const res = await post(latin1, 'application/json');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain('not valid UTF-8');
    expect((await customers()).length).toBe(before);
    expect((await customers()).some((c) => c.name.includes('\uFFFD'))).toBe(false);
  });

  test('a charset named in Content-Type is read as that charset; an unknown one is a 400', async () => {
    const res = await post(latin1, 'application/json; charset=windows-1252');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { name: string } }).data.name).toBe('Bäckerei Schön');
    const unknown = await post(latin1, 'application/json; charset=x-made-up');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('x-made-up');
    // UTF-8 with a byte order mark, as Windows editors save it, is UTF-8.
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"name":"Müller KG"}', 'utf8')]);
    const withBom = await post(bom, 'application/json; charset=UTF-8');
    expect(withBom.status).toBe(200);
    expect(((await withBom.json()) as { data: { name: string } }).data.name).toBe('Müller KG');
  });
});
