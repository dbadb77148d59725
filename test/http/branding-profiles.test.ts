import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_FOOTER_TEXT,
  findBrandingProfile,
  findDefaultBrandingProfile,
  resolveLogo,
  serviceCreditApplies,
} from '../../src/modules/branding';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const BASE = '/api/v1/branding-profiles';
const FIELDS = [
  'accent_color',
  'created_at',
  'font_family',
  'footer_text',
  'header_text',
  'hide_service_branding',
  'id',
  'is_default',
  'logo_file_id',
  'name',
  'primary_color',
  'updated_at',
];

const create = (owner: TestAccount, body: Record<string, unknown>) =>
  server.json(BASE, { method: 'POST', key: owner.apiKey, body });
const patch = (owner: TestAccount, id: string, body: unknown) =>
  server.json(`${BASE}/${id}`, { method: 'PATCH', key: owner.apiKey, body });
const list = (owner: TestAccount, query = '') => server.json(`${BASE}${query}`, { key: owner.apiKey });
const locs = (res: { body: any }) => res.body.error.details.fields.map((f: { loc: string }) => f.loc);

async function upload(owner: TestAccount, path: string, bytes: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), name);
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.apiKey}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Stored blobs of an account: the logo path must leave none behind when it refuses a file. */
function storedFiles(owner: TestAccount): string[] {
  const dir = join(server.dataDir, 'blobs', 'files', owner.id);
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function profiles(owner: TestAccount, names: string[]) {
  const made = [];
  for (const name of names) made.push((await create(owner, { name })).body.data);
  return made;
}

describe('branding profiles: defaults', () => {
  test('the first profile is the default with SPEC 2 defaults; the second is not', async () => {
    const owner = await makeAccount(server);
    const first = await create(owner, { name: 'Main', is_default: false });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body.data).sort()).toEqual(FIELDS);
    expect(first.body.data).toMatchObject({
      name: 'Main',
      is_default: true,
      logo_file_id: null,
      primary_color: '#111827',
      accent_color: '#111827',
      font_family: null,
      header_text: null,
      footer_text: DEFAULT_FOOTER_TEXT,
      hide_service_branding: false,
    });
    expect(first.body.data.id).toMatch(/^brnd_/);
    expect(DEFAULT_FOOTER_TEXT).toBe('Created with invoice-service, self-hosted invoicing');
    const second = await create(owner, { name: 'Second' });
    expect(second.body.data.is_default).toBe(false);
  });

  test('set-default moves the default: exactly one in the list, listed first', async () => {
    const owner = await makeAccount(server);
    const [a, b, c] = await profiles(owner, ['A', 'B', 'C']);
    const moved = await server.json(`${BASE}/${c.id}/default`, { method: 'POST', key: owner.apiKey });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: c.id, is_default: true });
    const listed = (await list(owner)).body.data;
    expect(listed.map((p: any) => p.id)).toEqual([c.id, a.id, b.id]);
    expect(listed.filter((p: any) => p.is_default)).toHaveLength(1);
    const again = await server.json(`${BASE}/${c.id}/default`, { method: 'POST', key: owner.apiKey });
    expect(again.body.data.is_default).toBe(true);
  });

  test('create or PATCH with is_default: true moves it; false on the default is 409', async () => {
    const owner = await makeAccount(server);
    const [a] = await profiles(owner, ['A']);
    const b = (await create(owner, { name: 'B', is_default: true })).body.data;
    expect(b.is_default).toBe(true);
    expect((await server.json(`${BASE}/${a.id}`, { key: owner.apiKey })).body.data.is_default).toBe(false);
    const patched = await patch(owner, a.id, { is_default: true, name: 'A2' });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ is_default: true, name: 'A2' });
    const refused = await patch(owner, a.id, { is_default: false });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect((await patch(owner, b.id, { is_default: false })).body.data.is_default).toBe(false);
    const defaults = (await list(owner)).body.data.filter((p: any) => p.is_default);
    expect(defaults.map((p: any) => p.id)).toEqual([a.id]);
  });

  test('deleting the default promotes the oldest remaining profile', async () => {
    const owner = await makeAccount(server);
    const [a, b, c] = await profiles(owner, ['A', 'B', 'C']);
    await server.json(`${BASE}/${c.id}/default`, { method: 'POST', key: owner.apiKey });
    const deleted = await server.json(`${BASE}/${c.id}`, { method: 'DELETE', key: owner.apiKey });
    expect(deleted.body).toEqual({ data: { deleted: true } });
    const listed = (await list(owner)).body.data;
    expect(listed.map((p: any) => [p.id, p.is_default])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    await server.json(`${BASE}/${b.id}`, { method: 'DELETE', key: owner.apiKey });
    expect((await list(owner)).body.data.map((p: any) => p.id)).toEqual([a.id]);
  });

  test('listing an account with none creates `Default` exactly once, even five at a time', async () => {
    const owner = await makeAccount(server);
    expect(await findDefaultBrandingProfile(server.db, owner.id)).toBeUndefined();
    const pages = await Promise.all(Array.from({ length: 5 }, () => list(owner)));
    const ids = new Set(pages.map((page) => page.body.data[0]?.id));
    expect(ids.size).toBe(1);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body.data).toHaveLength(1);
      expect(page.body.data[0]).toMatchObject({ name: 'Default', is_default: true });
    }
    expect((await findDefaultBrandingProfile(server.db, owner.id))?.name).toBe('Default');
  });

  test('the list pages default first, then oldest first, without repeats', async () => {
    const owner = await makeAccount(server);
    const made = await profiles(owner, ['A', 'B', 'C', 'D']);
    await server.json(`${BASE}/${made[2].id}/default`, { method: 'POST', key: owner.apiKey });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await list(owner, cursor ? `?limit=1&cursor=${cursor}` : '?limit=1');
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((p: any) => p.id));
      cursor = page.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual([made[2].id, made[0].id, made[1].id, made[3].id]);
    const bad = await list(owner, '?cursor=nonsense');
    expect(bad.status).toBe(422);
    expect(locs(bad)).toEqual(['query.cursor']);
  });
});

describe('branding profiles: fields', () => {
  test('every field set on create is echoed; PATCH null clears the clearable ones', async () => {
    const body = {
      name: 'Full',
      primary_color: '#1A2B3C',
      accent_color: '#ff0000',
      font_family: 'Noto Sans',
      header_text: 'Head',
      footer_text: 'Thanks',
      hide_service_branding: true,
    };
    const res = await create(account, body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(body);
    const cleared = await patch(account, res.body.data.id, {
      font_family: null,
      header_text: null,
      logo_file_id: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ font_family: null, header_text: null, logo_file_id: null });
  });

  test('colours must be #RRGGBB; only Noto Sans is a font; non-clearable nulls are 422 at their field', async () => {
    const bad = await create(account, { name: 'X', primary_color: 'red', accent_color: '#12345' });
    expect(bad.status).toBe(422);
    expect(locs(bad).sort()).toEqual(['body.accent_color', 'body.primary_color']);
    const font = await create(account, { name: 'X', font_family: 'Comic Sans' });
    expect(font.status).toBe(422);
    expect(locs(font)).toEqual(['body.font_family']);
    const missing = await create(account, {});
    expect(missing.body.error.details.fields).toEqual([
      { loc: 'body.name', msg: 'Field required', type: 'missing' },
    ]);
    const id = (await create(account, { name: 'Y' })).body.data.id;
    for (const field of ['name', 'primary_color', 'footer_text', 'hide_service_branding', 'is_default']) {
      const res = await patch(account, id, { [field]: null });
      expect(res.status).toBe(422);
      expect(locs(res)).toEqual([`body.${field}`]);
    }
    expect(locs(await patch(account, id, { name: '   ' }))).toEqual(['body.name']);
    expect(locs(await patch(account, id, { colour: '#000000' }))).toEqual(['body.colour']);
  });
});

describe('branding profiles: logos', () => {
  test('a PNG logo is stored as a file and set; a text file is a 422 at body.file and stores nothing', async () => {
    const owner = await makeAccount(server);
    const [profile] = await profiles(owner, ['Logo']);
    const ok = await upload(owner, `${BASE}/${profile.id}/logo`, PNG_1X1, 'logo.png');
    expect(ok.status).toBe(200);
    expect(ok.body.data.logo_file_id).toMatch(/^fil_/);
    const file = await server.json(`/api/v1/files/${ok.body.data.logo_file_id}`, { key: owner.apiKey });
    expect(file.body.data).toMatchObject({ content_type: 'image/png', filename: 'logo.png' });

    const before = storedFiles(owner);
    const text = await upload(owner, `${BASE}/${profile.id}/logo`, 'not an image', 'logo.png');
    expect(text.status).toBe(422);
    expect(text.body.error.code).toBe('unprocessable_entity');
    expect(locs(text)).toEqual(['body.file']);
    expect(storedFiles(owner)).toEqual(before);
    const after = await server.json(`${BASE}/${profile.id}`, { key: owner.apiKey });
    expect(after.body.data.logo_file_id).toBe(ok.body.data.logo_file_id);
  });

  test('logo delete clears logo_file_id and keeps the file', async () => {
    const owner = await makeAccount(server);
    const [profile] = await profiles(owner, ['Logo']);
    const fileId = (await upload(owner, `${BASE}/${profile.id}/logo`, PNG_1X1, 'l.png')).body.data
      .logo_file_id;
    const res = await server.json(`${BASE}/${profile.id}/logo`, { method: 'DELETE', key: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: profile.id, logo_file_id: null });
    expect((await server.json(`/api/v1/files/${fileId}`, { key: owner.apiKey })).status).toBe(200);
  });

  test('logo_file_id must be an image file of this account', async () => {
    const owner = await makeAccount(server);
    const other = await makeAccount(server);
    const [profile] = await profiles(owner, ['P']);
    const foreign = (await upload(other, '/api/v1/files', PNG_1X1, 'x.png')).body.data.id;
    const refused = await patch(owner, profile.id, { logo_file_id: foreign });
    expect(refused.status).toBe(422);
    expect(locs(refused)).toEqual(['body.logo_file_id']);
    expect(locs(await create(owner, { name: 'Q', logo_file_id: 'fil_nope' }))).toEqual(['body.logo_file_id']);
    const text = (await upload(owner, '/api/v1/files', 'plain text', 'a.txt')).body.data.id;
    expect(locs(await patch(owner, profile.id, { logo_file_id: text }))).toEqual(['body.logo_file_id']);
    const own = (await upload(owner, '/api/v1/files', PNG_1X1, 'own.png')).body.data.id;
    expect((await patch(owner, profile.id, { logo_file_id: own })).body.data.logo_file_id).toBe(own);
  });

  test('a deleted logo file falls back to no logo for renders; the profile keeps its id', async () => {
    const owner = await makeAccount(server);
    const [profile] = await profiles(owner, ['P']);
    const fileId = (await upload(owner, `${BASE}/${profile.id}/logo`, PNG_1X1, 'l.png')).body.data
      .logo_file_id;
    const row = async () => await findBrandingProfile(server.db, owner.id, profile.id);
    const logo = await resolveLogo(server.db, server.deps.blobs, await row());
    expect(logo?.contentType).toBe('image/png');
    expect(logo?.bytes.byteLength).toBe(PNG_1X1.length);
    await server.json(`/api/v1/files/${fileId}`, { method: 'DELETE', key: owner.apiKey });
    expect((await row())?.logoFileId).toBe(fileId);
    expect(await resolveLogo(server.db, server.deps.blobs, await row())).toBeNull();
  });
});

describe('branding profiles: access', () => {
  test("another account's profile is 404 on every operation; no key is 401", async () => {
    const owner = await makeAccount(server);
    const other = await makeAccount(server);
    const [profile] = await profiles(owner, ['Mine']);
    const path = `${BASE}/${profile.id}`;
    const attempts = [
      server.json(path, { key: other.apiKey }),
      server.json(path, { method: 'PATCH', key: other.apiKey, body: { name: 'x' } }),
      server.json(path, { method: 'DELETE', key: other.apiKey }),
      server.json(`${path}/default`, { method: 'POST', key: other.apiKey }),
      server.json(`${path}/logo`, { method: 'DELETE', key: other.apiKey }),
      upload(other, `${path}/logo`, PNG_1X1, 'l.png'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(storedFiles(other)).toEqual([]);
    expect((await list(other)).body.data.map((p: any) => p.name)).toEqual(['Default']);
    expect((await server.json(path)).status).toBe(401);
    expect((await server.json(path, { key: owner.apiKey })).body.data.name).toBe('Mine');
  });
});

describe('serviceCreditApplies', () => {
  test('hide_service_branding is accepted on the free plan, but the credit still shows there', async () => {
    const free = await makeAccount(server, { planId: 'plan_free' });
    const res = await create(free, { name: 'Free', hide_service_branding: true, footer_text: 'Own footer' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ hide_service_branding: true, footer_text: 'Own footer' });
    const row = await findBrandingProfile(server.db, free.id, res.body.data.id);
    expect(serviceCreditApplies(free.planId, row)).toBe(true);
    expect(serviceCreditApplies('plan_pro', row)).toBe(false);
  });

  const cases: [string, boolean | null, boolean][] = [
    ['plan_free', null, true],
    ['plan_free', false, true],
    ['plan_free', true, true],
    ['plan_starter', null, true],
    ['plan_starter', false, true],
    ['plan_starter', true, false],
    ['plan_pro', true, false],
    ['plan_custom', true, false],
  ];
  test.each(cases)('%s, hide_service_branding %p -> credit %p', (planId, hide, expected) => {
    const profile = hide === null ? null : { hideServiceBranding: hide };
    expect(serviceCreditApplies(planId, profile)).toBe(expected);
  });
});
