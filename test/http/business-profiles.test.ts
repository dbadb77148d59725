import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { findBusinessProfile, sellerParty } from '../../src/modules/business-profiles';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
const clock = new FakeClock();

beforeAll(async () => {
  server = await startServer({ clock });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const BASE = '/api/v1/business-profiles';
const FULL_FIELDS = [
  'address',
  'created_at',
  'default_currency',
  'default_locale',
  'default_timezone',
  'display_name',
  'email',
  'id',
  'legal_name',
  'logo_file_id',
  'phone',
  'tax_id',
  'updated_at',
  'website',
];
const FULL = {
  legal_name: 'Acme Widgets GmbH',
  display_name: 'Acme',
  email: 'billing@acme.example',
  phone: '+49 30 1234567',
  website: 'https://acme.example',
  tax_id: 'DE123456789',
  address: { line1: 'Hauptstr. 1', line2: null, city: 'Berlin', postal_code: '10115', country: 'DE' },
  default_currency: 'EUR',
  default_locale: 'de-DE',
  default_timezone: 'Europe/Berlin',
};

const post = (body: unknown, key = account.apiKey) => server.json(BASE, { method: 'POST', key, body });
const patch = (id: string, body: unknown, key = account.apiKey) =>
  server.json(`${BASE}/${id}`, { method: 'PATCH', key, body });
const locs = (res: { body: any }) => res.body.error.details.fields.map((f: { loc: string }) => f.loc);

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadFile(key: string, bytes: Uint8Array | string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${server.url}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return ((await res.json()) as { data: { id: string } }).data.id;
}

describe('business profile logos', () => {
  test('logo_file_id must name an image file of the same account, on create and on PATCH', async () => {
    const mine = await uploadFile(account.apiKey, PNG_1X1, 'logo.png');
    const text = await uploadFile(account.apiKey, 'plain text', 'notes.txt');
    const other = await makeAccount(server);
    const theirs = await uploadFile(other.apiKey, PNG_1X1, 'theirs.png');
    for (const [id, type] of [
      ['fil_01jd0000000000000000000000', 'invalid_reference'],
      [theirs, 'invalid_reference'],
      [text, 'invalid_image'],
    ] as const) {
      const res = await post({ legal_name: 'L', logo_file_id: id });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields).toEqual([
        expect.objectContaining({ loc: 'body.logo_file_id', type }),
      ]);
    }
    const made = await post({ legal_name: 'L', logo_file_id: mine });
    expect(made.status).toBe(200);
    expect(made.body.data.logo_file_id).toBe(mine);
    const bad = await patch(made.body.data.id, { logo_file_id: theirs });
    expect(bad.status).toBe(422);
    expect((await patch(made.body.data.id, { logo_file_id: null })).body.data.logo_file_id).toBeNull();
  });
});

describe('business profiles', () => {
  test('create with legal_name only shows every field, unset ones as null', async () => {
    const res = await post({ legal_name: 'Solo Trader' });
    expect(res.status).toBe(200);
    const profile = res.body.data;
    expect(profile.id).toMatch(/^biz_/);
    expect(Object.keys(profile).sort()).toEqual(FULL_FIELDS);
    expect(profile).toMatchObject({ legal_name: 'Solo Trader', display_name: null, address: null });
    expect(profile.updated_at).toBe(profile.created_at);
  });

  test('create with every field echoes them; get answers the same object', async () => {
    const res = await post(FULL);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(FULL);
    const got = await server.json(`${BASE}/${res.body.data.id}`, { key: account.apiKey });
    expect(got.body.data).toEqual(res.body.data);
  });

  test('the list shows summary fields, newest first, and pages by cursor', async () => {
    const owner = await makeAccount(server);
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await makeBusinessProfile(server, owner, FULL));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await server.json(`${BASE}${query}`, { key: owner.apiKey });
      expect(page.status).toBe(200);
      for (const item of page.body.data) {
        expect(Object.keys(item).sort()).toEqual([
          'created_at',
          'display_name',
          'email',
          'id',
          'legal_name',
          'updated_at',
        ]);
      }
      seen.push(...page.body.data.map((p: { id: string }) => p.id));
      expect(page.body.pagination.has_more).toBe(page.body.pagination.next_cursor !== null);
      cursor = page.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual(created.map((p) => p.id).reverse());
  });

  test('PATCH: omitted stays, a value sets, null clears; updated_at moves only on a real change', async () => {
    const profile = await makeBusinessProfile(server, account, FULL);
    clock.advance(1000);
    const res = await patch(profile.id, { display_name: 'Acme EU', tax_id: null, address: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...FULL, display_name: 'Acme EU', tax_id: null, address: null });
    expect(res.body.data.updated_at > profile.updated_at).toBe(true);

    clock.advance(1000);
    const empty = await patch(profile.id, {});
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual(res.body.data);
    const same = await patch(profile.id, { display_name: 'Acme EU', legal_name: FULL.legal_name });
    expect(same.body.data.updated_at).toBe(res.body.data.updated_at);
  });

  test('legal_name cannot be cleared: null is a 422 at body.legal_name', async () => {
    const profile = await makeBusinessProfile(server, account);
    const res = await patch(profile.id, { legal_name: null });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable_entity');
    expect(locs(res)).toEqual(['body.legal_name']);
    const got = await server.json(`${BASE}/${profile.id}`, { key: account.apiKey });
    expect(got.body.data.legal_name).toBe(profile.legal_name);
  });

  test('semantic problems are reported together, each at its field', async () => {
    const res = await post({
      legal_name: 'Bad Data Ltd',
      address: { line1: 'Nowhere 1', country: 'XX' },
      default_currency: 'ABC',
      default_locale: 'en-us',
      default_timezone: 'Mars/Olympus_Mons',
    });
    expect(res.status).toBe(422);
    expect(locs(res).sort()).toEqual([
      'body.address.country',
      'body.default_currency',
      'body.default_locale',
      'body.default_timezone',
    ]);
    const profile = await makeBusinessProfile(server, account);
    expect(locs(await patch(profile.id, { default_currency: 'eur' }))).toEqual(['body.default_currency']);
  });

  test('schema problems: bad email, website, logo id, unknown field, missing legal_name', async () => {
    const cases: [unknown, string][] = [
      [{ legal_name: 'X', email: 'not-an-email' }, 'body.email'],
      [{ legal_name: 'X', website: 'ftp://acme.example' }, 'body.website'],
      [{ legal_name: 'X', logo_file_id: 'img_123' }, 'body.logo_file_id'],
      [{ legal_name: 'X', colour: 'red' }, 'body.colour'],
      [{ display_name: 'X' }, 'body.legal_name'],
    ];
    for (const [body, loc] of cases) {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(locs(res)).toEqual([loc]);
    }
    const profile = await makeBusinessProfile(server, account);
    const unknown = await patch(profile.id, { colour: 'red' });
    expect(unknown.body.error.details.fields).toEqual([
      { loc: 'body.colour', msg: 'Unknown field', type: 'extra_forbidden' },
    ]);
  });

  test('delete answers deleted: true, then the profile is gone', async () => {
    const profile = await makeBusinessProfile(server, account);
    const del = await server.json(`${BASE}/${profile.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.body).toEqual({ data: { deleted: true } });
    expect((await server.json(`${BASE}/${profile.id}`, { key: account.apiKey })).status).toBe(404);
  });

  test('a profile used by a document cannot be deleted (409) and stays', async () => {
    const profile = await makeBusinessProfile(server, account);
    const customer = await makeCustomer(server, account);
    const now = new Date().toISOString();
    server.sqlite
      .query(
        `INSERT INTO documents (id, account_id, document_type, number, status, issue_date, currency,
           business_profile_id, customer_id, data, totals, created_at, updated_at)
         VALUES (?, ?, 'invoice', ?, 'draft', '2026-01-15', 'EUR', ?, ?, '{}', '{}', ?, ?)`,
      )
      .run(`doc_${profile.id.slice(4)}`, account.id, `INV-${profile.id}`, profile.id, customer.id, now, now);
    const del = await server.json(`${BASE}/${profile.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe('conflict');
    expect((await server.json(`${BASE}/${profile.id}`, { key: account.apiKey })).status).toBe(200);
  });

  test("another account's profile is 404 everywhere and absent from its list", async () => {
    const profile = await makeBusinessProfile(server, account);
    const other = await makeAccount(server);
    const calls = [
      server.json(`${BASE}/${profile.id}`, { key: other.apiKey }),
      patch(profile.id, { display_name: 'Mine now' }, other.apiKey),
      server.json(`${BASE}/${profile.id}`, { method: 'DELETE', key: other.apiKey }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const list = await server.json(BASE, { key: other.apiKey });
    expect(list.body.data).toEqual([]);
    const still = await server.json(`${BASE}/${profile.id}`, { key: account.apiKey });
    expect(still.body.data).toEqual(profile);
  });

  test('sellerParty: display_name wins as the name; unset fields are left out', async () => {
    const full = await makeBusinessProfile(server, account, FULL);
    const row = await findBusinessProfile(server.db, account.id, full.id);
    if (!row) throw new Error('profile not found');
    expect(sellerParty(row)).toEqual({
      name: 'Acme',
      legal_name: FULL.legal_name,
      email: FULL.email,
      phone: FULL.phone,
      website: FULL.website,
      tax_id: FULL.tax_id,
      address: FULL.address,
    });
    const bare = await makeBusinessProfile(server, account, { legal_name: 'Bare Ltd' });
    const bareRow = await findBusinessProfile(server.db, account.id, bare.id);
    if (!bareRow) throw new Error('profile not found');
    expect(sellerParty(bareRow)).toEqual({ name: 'Bare Ltd', legal_name: 'Bare Ltd' });
    expect(await findBusinessProfile(server.db, (await makeAccount(server)).id, full.id)).toBeUndefined();
  });
});

describe('search', () => {
  test('?q= finds business profiles by legal name, display name, email or tax ID, within the account', async () => {
    const mine = await makeAccount(server);
    const other = await makeAccount(server);
    const make = (key: string, body: Record<string, unknown>) =>
      server.json(BASE, { method: 'POST', key, body }).then((r) => r.body.data.id as string);
    const nord = await make(mine.apiKey, { legal_name: 'Nordlicht Studio GmbH' });
    const shown = await make(mine.apiKey, { legal_name: 'Müller KG', display_name: 'NORDLICHT Shop' });
    const mail = await make(mine.apiKey, { legal_name: 'Kontor AG', email: 'billing@kontor.example' });
    const tax = await make(mine.apiKey, { legal_name: 'Hansa OHG', tax_id: 'DE123123123' });
    await make(other.apiKey, { legal_name: 'Nordlicht Elsewhere' });
    const ids = async (q: string) =>
      (await server.json(`${BASE}?q=${encodeURIComponent(q)}`, { key: mine.apiKey })).body.data.map(
        (p: { id: string }) => p.id,
      );
    expect(await ids('nordlicht')).toEqual([shown, nord]);
    expect(await ids('KONTOR.example')).toEqual([mail]);
    expect(await ids('de123')).toEqual([tax]);
    expect(await ids('nothing like it')).toEqual([]);
  });
});
