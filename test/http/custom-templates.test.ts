import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { decompressedPdf, usesColor } from '../pdf-tools';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const BASE = '/api/v1/templates/custom';
const call = (method: string, path: string, body?: unknown, key = account.apiKey) =>
  server.json(path, { method, key, body });
const create = (body: Record<string, unknown>) => call('POST', BASE, body);

const data = {
  invoice_number: 'CT-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Seller' },
  buyer: { name: 'Buyer' },
  line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00', taxes: [{ rate: '19', category: 'S' }] }],
};

async function pdfOf(body: Record<string, unknown>, path = '/api/v1/documents/render') {
  const res = await server.request(path, {
    method: 'POST',
    key: account.apiKey,
    body: { data, ...body, output: { delivery: 'binary' } },
  });
  expect(res.status).toBe(200);
  return decompressedPdf(new Uint8Array(await res.arrayBuffer()));
}

describe('custom templates', () => {
  test('create (201, draft, tpl_modern base), get with config, list without description and config', async () => {
    const res = await create({
      name: 'House style',
      description: 'Ours',
      config: { primary_color: '#aa0000' },
    });
    expect(res.status).toBe(201);
    const tpl = res.body.data;
    expect(tpl).toMatchObject({
      name: 'House style',
      description: 'Ours',
      base_template_id: 'tpl_modern',
      config: { primary_color: '#aa0000' },
      status: 'draft',
      is_default: false,
      published_at: null,
    });
    expect(tpl.id).toMatch(/^ctpl_/);
    expect((await call('GET', `${BASE}/${tpl.id}`)).body.data).toEqual(tpl);
    const list = await call('GET', BASE);
    const item = list.body.data.find((t: { id: string }) => t.id === tpl.id);
    expect(item.description).toBeUndefined();
    expect(item.config).toBeUndefined();
    expect(item.name).toBe('House style');
    expect((await call('GET', `/api/v1/templates/${tpl.id}`)).body.data).toEqual({
      template_id: tpl.id,
      name: 'House style',
      document_type: 'invoice',
      engine: 'html-css',
    });
  });

  test('a bad base is 422 invalid_base_template; unknown config keys, bad hex and unembedded fonts are 422', async () => {
    const base = await create({ name: 'x', base_template_id: 'tpl_fancy' });
    expect(base.status).toBe(422);
    expect(base.body.error.code).toBe('invalid_base_template');
    const key = await create({ name: 'x', config: { logo_size: 'big' } });
    expect(key.body.error.details.fields[0]).toMatchObject({
      loc: 'body.config.logo_size',
      type: 'extra_forbidden',
    });
    const hex = await create({ name: 'x', config: { accent_color: 'red' } });
    expect(hex.body.error.details.fields[0].loc).toBe('body.config.accent_color');
    const font = await create({ name: 'x', config: { font_family: 'Comic Sans' } });
    expect(font.body.error.details.fields[0].loc).toBe('body.config.font_family');
  });

  test('PATCH, duplicate, publish (409 the second time), delete (204 with no body)', async () => {
    const tpl = (await create({ name: 'A', config: { footer_text: 'Thanks' } })).body.data;
    const patched = await call('PATCH', `${BASE}/${tpl.id}`, {
      name: 'B',
      description: null,
      config: { header_text: 'Hi' },
    });
    expect(patched.body.data).toMatchObject({ name: 'B', description: null, config: { header_text: 'Hi' } });
    const copy = await call('POST', `${BASE}/${tpl.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      status: 'draft',
      config: { header_text: 'Hi' },
      base_template_id: 'tpl_modern',
    });
    expect(copy.body.data.id).not.toBe(tpl.id);
    const published = await call('POST', `${BASE}/${tpl.id}/publish`);
    expect(published.body.data).toEqual({
      id: tpl.id,
      name: 'B',
      status: 'published',
      published_at: expect.any(String),
    });
    expect((await call('POST', `${BASE}/${tpl.id}/publish`)).status).toBe(409);
    const del = await server.request(`${BASE}/${tpl.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect((await call('GET', `${BASE}/${tpl.id}`)).status).toBe(404);
    const other = await makeAccount(server);
    expect((await call('GET', `${BASE}/${copy.body.data.id}`, undefined, other.apiKey)).status).toBe(404);
  });

  test('versions: numbered from 1, newest first, restore sets the config, numbers are never reused', async () => {
    const tpl = (await create({ name: 'V', config: { primary_color: '#111111' } })).body.data;
    const versions = `/api/v1/templates/${tpl.id}/versions`;
    const v1 = await call('POST', versions, { label: 'first' });
    expect(v1.body.data).toMatchObject({
      template_id: tpl.id,
      version: 1,
      label: 'first',
      config: { primary_color: '#111111' },
    });
    expect(v1.body.data.id).toMatch(/^tv_/);
    await call('PATCH', `${BASE}/${tpl.id}`, { config: { primary_color: '#222222' } });
    const v2 = await call('POST', versions, { changelog: 'darker' });
    expect(v2.body.data.version).toBe(2);
    expect((await call('GET', versions)).body.data.map((v: { version: number }) => v.version)).toEqual([
      2, 1,
    ]);
    const restored = await call('POST', `${versions}/1/restore`);
    expect(restored.body.data.version).toBe(1);
    expect((await call('GET', `${BASE}/${tpl.id}`)).body.data.config).toEqual({ primary_color: '#111111' });
    expect((await call('POST', versions)).body.data.version).toBe(3);
    expect((await call('GET', `${versions}/2`)).body.data.config).toEqual({ primary_color: '#222222' });
    expect((await call('GET', `${versions}/9`)).status).toBe(404);
    expect((await call('POST', `${versions}/9/restore`)).status).toBe(404);
    expect((await call('POST', '/api/v1/templates/tpl_modern/versions')).status).toBe(422);
    expect((await call('GET', '/api/v1/templates/tpl_modern/versions')).body.data).toEqual([]);
  });
});

describe('custom templates in renders', () => {
  test('renders made with a template stay downloadable after the template is deleted', async () => {
    const tpl = (await create({ name: 'Gone soon', config: { accent_color: '#336699' } })).body.data;
    const render = await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data, template: { id: tpl.id } },
    });
    expect(render.body.data.template_id).toBe(tpl.id);
    expect(
      (await server.request(`${BASE}/${tpl.id}`, { method: 'DELETE', key: account.apiKey })).status,
    ).toBe(204);
    const download = await server.request(`/api/v1/renders/${render.body.data.id}/download`, {
      key: account.apiKey,
    });
    expect(download.status).toBe(200);
    const again = await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data, template: { id: tpl.id } },
    });
    expect(again.status).toBe(404);
  });

  test("a PDF drawn with the template's colours; a pinned older version draws the older colours", async () => {
    const tpl = (await create({ name: 'Red', config: { primary_color: '#ff0000', accent_color: '#ff0000' } }))
      .body.data;
    await call('POST', `/api/v1/templates/${tpl.id}/versions`);
    await call('PATCH', `${BASE}/${tpl.id}`, {
      config: { primary_color: '#0000ff', accent_color: '#0000ff' },
    });
    const current = await pdfOf({ template: { id: tpl.id } });
    expect(usesColor(current, '#0000ff')).toBe(true);
    expect(usesColor(current, '#ff0000')).toBe(false);
    const pinned = await pdfOf({ template: { id: tpl.id, version: 1 } });
    expect(usesColor(pinned, '#ff0000')).toBe(true);
    expect(usesColor(pinned, '#0000ff')).toBe(false);
    const preview = await pdfOf({}, `/api/v1/templates/${tpl.id}/preview?version=1`);
    expect(usesColor(preview, '#ff0000')).toBe(true);
    const missing = await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data, template: { id: tpl.id, version: 7 } },
    });
    expect(missing.status).toBe(404);
  });

  test("the document's own branding wins over the template config", async () => {
    const tpl = (
      await create({ name: 'Layer', config: { primary_color: '#ff0000', accent_color: '#ff0000' } })
    ).body.data;
    const pdf = await pdfOf({
      template: { id: tpl.id },
      data: { ...data, branding: { primary_color: '#00aa00', accent_color: '#00aa00' } },
    });
    expect(usesColor(pdf, '#00aa00')).toBe(true);
    expect(usesColor(pdf, '#ff0000')).toBe(false);
  });

  test('the render records template_id and the version; the default template applies when none is named', async () => {
    const tpl = (await create({ name: 'Default one', is_default: true, config: { accent_color: '#123456' } }))
      .body.data;
    await call('POST', `/api/v1/templates/${tpl.id}/versions`);
    const res = await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data },
    });
    expect(res.body.data.template_id).toBe(tpl.id);
    expect(res.body.data.template_version).toBe(1);
    const second = (await create({ name: 'Takes over', is_default: true })).body.data;
    expect((await call('GET', `${BASE}/${tpl.id}`)).body.data.is_default).toBe(false);
    const next = await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data },
    });
    expect(next.body.data.template_id).toBe(second.id);
    expect(next.body.data.template_version).toBeUndefined();
    await call('PATCH', `${BASE}/${second.id}`, { is_default: false });
  });
});

describe('trying unsaved settings in a preview', () => {
  test('preview with `config` draws the posted settings, stores nothing, and checks them like a save', async () => {
    const tpl = (await create({ name: 'Designer', config: { primary_color: '#aa0000' } })).body.data;
    const path = `/api/v1/templates/${tpl.id}/preview`;
    const tried = await pdfOf(
      { config: { primary_color: '#00aa55', header_text: 'Trial header line' } },
      path,
    );
    expect(usesColor(tried, '#00aa55')).toBe(true);
    expect(usesColor(tried, '#aa0000')).toBe(false);
    const stored = await pdfOf({}, path);
    expect(usesColor(stored, '#aa0000')).toBe(true);
    expect((await call('GET', `${BASE}/${tpl.id}`)).body.data.config).toEqual({ primary_color: '#aa0000' });
    // A built-in can be tried with settings too (before a custom template is made from it).
    expect(
      usesColor(
        await pdfOf({ config: { primary_color: '#00aa55' } }, '/api/v1/templates/tpl_bold/preview'),
        '#00aa55',
      ),
    ).toBe(true);

    const badFont = await server.json(path, {
      method: 'POST',
      key: account.apiKey,
      body: { data, config: { font_family: 'Comic Sans Nowhere' } },
    });
    expect(badFont.status).toBe(422);
    expect(badFont.body.error.details.fields[0].loc).toBe('body.config.font_family');
    const unknownKey = await server.json(path, {
      method: 'POST',
      key: account.apiKey,
      body: { data, config: { colour: '#000000' } },
    });
    expect(unknownKey.status).toBe(422);
  });
});
