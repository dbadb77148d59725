import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, makePlan } from '../factories';
import { startServer, type TestServer } from '../harness';
import { decompressedPdf, inspectPdf, usesColor } from '../pdf-tools';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const CREDIT = 'Created with invoice-service';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  await makePlan(server, { id: 'plan_paid', rps: 1000, quota: 1000 });
});
afterAll(() => server.stop());

const data = {
  invoice_number: 'BR-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Seller' },
  buyer: { name: 'Buyer' },
  line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
};

async function renderBytes(key: string, body: Record<string, unknown> = {}) {
  const res = await server.request('/api/v1/documents/render', {
    method: 'POST',
    key,
    body: { data, ...body, output: { delivery: 'binary' } },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const profile = (key: string, body: Record<string, unknown>) =>
  server.json('/api/v1/branding-profiles', { method: 'POST', key, body: { name: 'Brand', ...body } });

describe('layering: theme < template config < branding profile < document branding', () => {
  test('each layer overrides the one below it', async () => {
    const account = await makeAccount(server);
    const tpl = await server.json('/api/v1/templates/custom', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'T', config: { primary_color: '#ff0000', accent_color: '#ff0000' } },
    });
    const template = { id: tpl.body.data.id };
    expect(usesColor(await decompressedPdf(await renderBytes(account.apiKey, { template })), '#ff0000')).toBe(
      true,
    );
    await profile(account.apiKey, { primary_color: '#ff00ff', accent_color: '#ff00ff' });
    const withProfile = await decompressedPdf(await renderBytes(account.apiKey, { template }));
    expect(usesColor(withProfile, '#ff00ff')).toBe(true);
    expect(usesColor(withProfile, '#ff0000')).toBe(false);
    const own = await decompressedPdf(
      await renderBytes(account.apiKey, {
        template,
        data: { ...data, branding: { primary_color: '#00aa00', accent_color: '#00aa00' } },
      }),
    );
    expect(usesColor(own, '#00aa00')).toBe(true);
    expect(usesColor(own, '#ff00ff')).toBe(false);
  });
});

describe('a chosen colour that equals the default', () => {
  test("a profile's chosen #111827 overrides the template's colour; a profile left at the default does not", async () => {
    const account = await makeAccount(server);
    const tpl = await server.json('/api/v1/templates/custom', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'T', config: { primary_color: '#ff0000', accent_color: '#ff0000' } },
    });
    const template = { id: tpl.body.data.id };
    const made = await profile(account.apiKey, {});
    expect(made.body.data.primary_color).toBe('#111827');
    const untouched = await decompressedPdf(await renderBytes(account.apiKey, { template }));
    expect(usesColor(untouched, '#ff0000')).toBe(true);
    await server.json(`/api/v1/branding-profiles/${made.body.data.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { primary_color: '#111827', accent_color: '#111827' },
    });
    const chosen = await decompressedPdf(await renderBytes(account.apiKey, { template }));
    expect(usesColor(chosen, '#ff0000')).toBe(false);
    expect(usesColor(chosen, '#111827')).toBe(true);
  });
});

describe('logos', () => {
  test("the branding profile's logo is drawn; after the file is deleted, renders fall back to no logo", async () => {
    const account = await makeAccount(server);
    const brand = await profile(account.apiKey, {});
    const form = new FormData();
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${server.url}/api/v1/branding-profiles/${brand.body.data.id}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}` },
      body: form,
    });
    const fileId = ((await upload.json()) as { data: { logo_file_id: string } }).data.logo_file_id;
    expect(fileId).toMatch(/^fil_/);
    expect(await decompressedPdf(await renderBytes(account.apiKey))).toContain('/Subtype /Image');
    const deleted = await server.json(`/api/v1/files/${fileId}`, { method: 'DELETE', key: account.apiKey });
    expect(deleted.body).toEqual({ data: { deleted: true } });
    expect(await decompressedPdf(await renderBytes(account.apiKey))).not.toContain('/Subtype /Image');
  });
});

describe('service credit', () => {
  test('always on the free plan, beside a custom footer, even when hidden', async () => {
    const account = await makeAccount(server, { planId: 'plan_free' });
    await profile(account.apiKey, {
      footer_text: 'Thank you for your business',
      hide_service_branding: true,
    });
    const text = (await inspectPdf(await renderBytes(account.apiKey))).text;
    expect(text).toContain(CREDIT);
    expect(text).toContain('Thank you for your business');
  });

  test('on a paid plan it shows unless the branding profile hides it', async () => {
    const shown = await makeAccount(server, { planId: 'plan_paid' });
    expect((await inspectPdf(await renderBytes(shown.apiKey))).text).toContain(CREDIT);
    const hidden = await makeAccount(server, { planId: 'plan_paid' });
    await profile(hidden.apiKey, {
      hide_service_branding: true,
      footer_text: 'Acme Ltd, Registered in England',
    });
    const text = (await inspectPdf(await renderBytes(hidden.apiKey))).text;
    expect(text).not.toContain(CREDIT);
    expect(text).toContain('Acme Ltd, Registered in England');
  });
});
