// A third party's conformance suite for SPEC.md's renders, files, branding profiles, usage, billing,
// reference data, errors (7), limits (8) and versioning (9), written from the spec alone. It runs in every
// lane, and against the compiled executable with TEST_EXECUTABLE=dist/invoice-service (or
// /work/exe/invoice-service): `TEST_EXECUTABLE=... bun test test/http/spec-audit-renders.test.ts`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { setPlan } from '../../src/modules/plans';
import { systemClock } from '../../src/shared/clock';
import { disableAccount, makeAccount, makePlan, type TestAccount } from '../factories';
import { startFakeProvider } from '../fake-provider';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  other = await makeAccount(server);
});
afterAll(() => server.stop());

const call = (method: string, path: string, body?: unknown, key = account.apiKey) =>
  server.json(path, { method, key, body });

const data = {
  invoice_number: 'SR-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Seller' },
  buyer: { name: 'Buyer' },
  line_items: [{ name: 'Thing', quantity: '2', unit_price: '5.00' }],
};
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** SPEC 7: `{error: {status, code, message, request_id, details?}}`, `request_id` also in `X-Trace-Id`. */
function expectError(
  res: { status: number; body: any; headers: Headers },
  status: number,
  code: string,
  loc?: string,
) {
  expect(res.status).toBe(status);
  expect(res.body.error).toMatchObject({ status, code });
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.request_id).toBe(res.headers.get('x-trace-id') as string);
  if (loc === undefined) return;
  const locs = (res.body.error.details?.fields ?? []).map((f: { loc: string }) => f.loc);
  expect(locs).toContain(loc);
}

async function upload(path: string, bytes: Uint8Array, name: string, key = account.apiKey) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

const money = (amount: string) => ({ amount, currency: 'EUR' });

describe('SPEC 2/4 renders', () => {
  test('a stateless render answers the Render resource; its signed link needs no credentials', async () => {
    const res = await call('POST', '/api/v1/documents/render', { document_type: 'invoice', data });
    expect(res.status).toBe(200);
    const render = res.body.data;
    expect(render.id).toMatch(/^rnd_/);
    expect(render).toMatchObject({
      status: 'completed',
      document_type: 'invoice',
      format: 'pdf',
      compliance: null,
      calculation: {
        subtotal: money('10.00'),
        discount_total: money('0.00'),
        tax_total: money('0.00'),
        shipping_total: money('0.00'),
        total: money('10.00'),
      },
    });
    // expires_in defaults to 3600 s: the render and the link's signature end together.
    expect(Date.parse(render.expires_at) - Date.parse(render.created_at)).toBe(3_600_000);
    expect(render.download_url).toContain('token=');
    const link = new URL(render.download_url, server.url);
    const pdf = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    // A changed token is 404; no token and no key is 401; a key alone reads it.
    const token = link.searchParams.get('token') as string;
    const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const bad = await fetch(`${server.url}${link.pathname}?token=${encodeURIComponent(changed)}`);
    expect(bad.status).toBe(404);
    expectError(await server.json(`/api/v1/renders/${render.id}/download`), 401, 'unauthorized');
    const byKey = await server.request(`/api/v1/renders/${render.id}/download`, { key: account.apiKey });
    expect(byKey.status).toBe(200);
    // GET answers the same resource; another account gets 404.
    const got = await call('GET', `/api/v1/renders/${render.id}`);
    expect(got.body.data).toMatchObject({
      id: render.id,
      status: 'completed',
      compliance: null,
      expires_at: render.expires_at,
    });
    expectError(await call('GET', `/api/v1/renders/${render.id}`, undefined, other.apiKey), 404, 'not_found');
  });

  test('Accept: application/pdf or output.delivery binary answer the PDF bytes', async () => {
    const byAccept = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      headers: { accept: 'application/pdf' },
      body: { document_type: 'invoice', data },
    });
    expect(byAccept.status).toBe(200);
    expect(byAccept.headers.get('content-type')).toContain('application/pdf');
    const binary = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { document_type: 'invoice', data, output: { delivery: 'binary' } },
    });
    expect(new TextDecoder().decode((await binary.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  test('each of the seven document types renders and names itself', async () => {
    const names: Record<string, string> = {
      invoice: 'Invoice',
      credit_note: 'Credit note',
      quote: 'Quote',
      receipt: 'Receipt',
      proforma: 'Pro forma invoice',
      purchase_order: 'Purchase order',
      delivery_note: 'Delivery note',
    };
    for (const [type, title] of Object.entries(names)) {
      const body =
        type === 'delivery_note' ? { ...data, line_items: [{ name: 'Thing', quantity: '2' }] } : data;
      const res = await server.request('/api/v1/documents/render', {
        method: 'POST',
        key: account.apiKey,
        body: { document_type: type, data: body, output: { delivery: 'binary' } },
      });
      expect(res.status).toBe(200);
      expect((await inspectPdf(new Uint8Array(await res.arrayBuffer()))).text).toContain(title);
    }
  });

  test('expires_in: 60 s and 7 days are taken, 59 and 7 days + 1 are 422 at the field', async () => {
    for (const expires of [60, 604_800]) {
      const res = await call('POST', '/api/v1/documents/render', {
        document_type: 'invoice',
        data,
        output: { expires_in: expires },
      });
      expect(res.status).toBe(200);
      expect(Date.parse(res.body.data.expires_at) - Date.parse(res.body.data.created_at)).toBe(
        expires * 1000,
      );
    }
    for (const expires of [59, 604_801]) {
      expectError(
        await call('POST', '/api/v1/documents/render', {
          document_type: 'invoice',
          data,
          output: { expires_in: expires },
        }),
        422,
        'unprocessable_entity',
        'body.output.expires_in',
      );
    }
  });

  test('a stored render: LETTER by default, A4 when asked, expires_in limits; unknown template 404', async () => {
    const profile = await call('POST', '/api/v1/business-profiles', { legal_name: 'Seller GmbH' });
    const customer = await call('POST', '/api/v1/customers', { name: 'Buyer AG' });
    const make = async (number: string) => {
      const doc = await call('POST', '/api/v1/documents', {
        number,
        issue_date: '2026-11-02',
        currency: 'EUR',
        business_profile_id: profile.body.data.id,
        customer_id: customer.body.data.id,
        line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
      });
      expect((await call('POST', `/api/v1/documents/${doc.body.data.id}/finalize`)).status).toBe(200);
      return doc.body.data.id as string;
    };
    const letterDoc = await make('SR-LETTER');
    const letter = await call('POST', `/api/v1/documents/${letterDoc}/renders`, {});
    expect(letter.status).toBe(200);
    expect(letter.body.data).toMatchObject({ status: 'completed', format: 'pdf', document_type: 'invoice' });
    expect(Date.parse(letter.body.data.expires_at) - Date.parse(letter.body.data.created_at)).toBe(3_600_000);
    const letterPdf = await server.request(`/api/v1/renders/${letter.body.data.id}/download`, {
      key: account.apiKey,
    });
    expect(Math.round((await inspectPdf(new Uint8Array(await letterPdf.arrayBuffer()))).width)).toBe(612);

    const a4Doc = await make('SR-A4');
    const a4 = await call('POST', `/api/v1/documents/${a4Doc}/renders`, { page_size: 'A4' });
    const a4Pdf = await server.request(`/api/v1/renders/${a4.body.data.id}/download`, {
      key: account.apiKey,
    });
    expect(Math.round((await inspectPdf(new Uint8Array(await a4Pdf.arrayBuffer()))).width)).toBe(595);

    const post = (body: unknown) => call('POST', `/api/v1/documents/${a4Doc}/renders`, body);
    expectError(await post({ page_size: 'A5' }), 422, 'unprocessable_entity', 'body.page_size');
    expectError(await post({ expires_in: 59 }), 422, 'unprocessable_entity', 'body.expires_in');
    expectError(await post({ expires_in: 604_801 }), 422, 'unprocessable_entity', 'body.expires_in');
    expectError(
      await post({ template_id: 'tpl_modern', template_version: 1 }),
      422,
      'unprocessable_entity',
      'body.template_version',
    );
    expectError(await post({ template_id: 'ctpl_00000000000000000000000000' }), 404, 'not_found');
    expectError(
      await call('POST', '/api/v1/documents/doc_00000000000000000000000000/renders', {}),
      404,
      'not_found',
    );
  });
});

describe('SPEC 4 files', () => {
  test('upload answers the File; GET is metadata only; DELETE {deleted: true} then 404; another account 404', async () => {
    const res = await upload('/api/v1/files', PNG, 'logo.png');
    expect(res.status).toBe(200);
    const file = res.body.data;
    expect(file.id).toMatch(/^fil_/);
    expect(file).toMatchObject({ filename: 'logo.png', content_type: 'image/png', size_bytes: PNG.length });
    expect(Date.parse(file.created_at)).not.toBeNaN();
    expect((await call('GET', `/api/v1/files/${file.id}`)).body.data).toEqual(file);
    expectError(await call('GET', `/api/v1/files/${file.id}`, undefined, other.apiKey), 404, 'not_found');
    expect(await call('DELETE', `/api/v1/files/${file.id}`)).toMatchObject({
      status: 200,
      body: { data: { deleted: true } },
    });
    expectError(await call('GET', `/api/v1/files/${file.id}`), 404, 'not_found');
  });

  test('a multipart body without the field file is 422 at body.file', async () => {
    const form = new FormData();
    form.append('document', new Blob([PNG]), 'logo.png');
    const res = await fetch(`${server.url}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}` },
      body: form,
    });
    expectError(
      { status: res.status, body: await res.json(), headers: res.headers },
      422,
      'unprocessable_entity',
      'body.file',
    );
  });
});

describe('SPEC 2/3/4 branding profiles', () => {
  test('the first list makes Default; defaults of the fields; the first profile is the default', async () => {
    const fresh = await makeAccount(server);
    const key = fresh.apiKey;
    const list = await call('GET', '/api/v1/branding-profiles', undefined, key);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const profile = list.body.data[0];
    expect(profile.id).toMatch(/^brnd_/);
    expect(profile).toMatchObject({
      name: 'Default',
      is_default: true,
      logo_file_id: null,
      primary_color: '#111827',
      accent_color: '#111827',
      font_family: null,
      header_text: null,
      hide_service_branding: false,
    });
    expect(profile.footer_text).toContain('invoice-service');
    expect(list.body.pagination).toEqual({ has_more: false, next_cursor: null });
  });

  test('is_default moves the default; set-default answers it; deleting the default promotes the oldest', async () => {
    const fresh = await makeAccount(server);
    const key = fresh.apiKey;
    const create = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/v1/branding-profiles', body, key);
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const first = await create({ name: 'First', is_default: false });
    expect(first.is_default).toBe(true);
    const second = await create({ name: 'Second' });
    expect(second.is_default).toBe(false);
    const third = await create({ name: 'Third', is_default: true });
    expect(third.is_default).toBe(true);
    expect(
      (await call('GET', `/api/v1/branding-profiles/${first.id}`, undefined, key)).body.data.is_default,
    ).toBe(false);
    const moved = await call('POST', `/api/v1/branding-profiles/${second.id}/default`, undefined, key);
    expect(moved.body.data).toMatchObject({ id: second.id, is_default: true });
    const list = await call('GET', '/api/v1/branding-profiles', undefined, key);
    expect(
      list.body.data.filter((p: { is_default: boolean }) => p.is_default).map((p: { id: string }) => p.id),
    ).toEqual([second.id]);
    expect(list.body.data[0].id).toBe(second.id);
    expect((await call('DELETE', `/api/v1/branding-profiles/${second.id}`, undefined, key)).body).toEqual({
      data: { deleted: true },
    });
    expect(
      (await call('GET', `/api/v1/branding-profiles/${first.id}`, undefined, key)).body.data.is_default,
    ).toBe(true);
  });

  test('create needs a name (422 missing); PATCH null on a non-clearable field is 422 at it; colours are hex', async () => {
    const missing = await call('POST', '/api/v1/branding-profiles', {});
    expectError(missing, 422, 'unprocessable_entity', 'body.name');
    expect(missing.body.error.details.fields[0].type).toBe('missing');
    expectError(
      await call('POST', '/api/v1/branding-profiles', { name: 'x', primary_color: 'blue' }),
      422,
      'unprocessable_entity',
      'body.primary_color',
    );
    const profile = (await call('POST', '/api/v1/branding-profiles', { name: 'Patchable' })).body.data;
    expectError(
      await call('PATCH', `/api/v1/branding-profiles/${profile.id}`, { name: null }),
      422,
      'unprocessable_entity',
      'body.name',
    );
    const cleared = await call('PATCH', `/api/v1/branding-profiles/${profile.id}`, {
      header_text: 'Head',
      hide_service_branding: true,
    });
    expect(cleared.body.data).toMatchObject({ header_text: 'Head', hide_service_branding: true });
    expect(
      (await call('PATCH', `/api/v1/branding-profiles/${profile.id}`, { header_text: null })).body.data
        .header_text,
    ).toBeNull();
    expectError(
      await call('GET', `/api/v1/branding-profiles/${profile.id}`, undefined, other.apiKey),
      404,
      'not_found',
    );
  });

  test('a logo upload sets logo_file_id; a non-image is 422 unprocessable_entity; a deleted logo file renders without one', async () => {
    const fresh = await makeAccount(server);
    const key = fresh.apiKey;
    const profile = (await call('GET', '/api/v1/branding-profiles', undefined, key)).body.data[0];
    const logo = await upload(`/api/v1/branding-profiles/${profile.id}/logo`, PNG, 'logo.png', key);
    expect(logo.status).toBe(200);
    expect(logo.body.data.logo_file_id).toMatch(/^fil_/);
    const text = await upload(
      `/api/v1/branding-profiles/${profile.id}/logo`,
      new TextEncoder().encode('hello'),
      'a.png',
      key,
    );
    expectError(text, 422, 'unprocessable_entity');
    await call('DELETE', `/api/v1/files/${logo.body.data.logo_file_id}`, undefined, key);
    const render = await call('POST', '/api/v1/documents/render', { document_type: 'invoice', data }, key);
    expect(render.status).toBe(200);
  });

  test('on the free plan the service credit is printed beside a custom footer, whatever hide_service_branding says', async () => {
    const free = await makeAccount(server, { planId: 'plan_free' });
    const profile = (await call('GET', '/api/v1/branding-profiles', undefined, free.apiKey)).body.data[0];
    await call(
      'PATCH',
      `/api/v1/branding-profiles/${profile.id}`,
      { footer_text: 'Our own footer', hide_service_branding: true },
      free.apiKey,
    );
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: free.apiKey,
      body: { document_type: 'invoice', data, output: { delivery: 'binary' } },
    });
    const text = (await inspectPdf(new Uint8Array(await res.arrayBuffer()))).text;
    expect(text).toContain('Our own footer');
    expect(text).toContain('invoice-service');
  });
});

describe('SPEC 4/8 usage and quota', () => {
  test('usage, events (one per PDF, newest first) and limits; validate and calculate are not counted', async () => {
    const fresh = await makeAccount(server);
    const key = fresh.apiKey;
    const renders: string[] = [];
    for (let i = 0; i < 3; i++) {
      renders.push(
        (await call('POST', '/api/v1/documents/render', { document_type: 'invoice', data }, key)).body.data
          .id,
      );
    }
    expect(
      (await call('POST', '/api/v1/documents/validate', { document_type: 'invoice', data }, key)).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/v1/documents/calculate', { document_type: 'invoice', data }, key)).status,
    ).toBe(200);
    const asked = new Date();
    const usage = await call('GET', '/api/v1/usage', undefined, key);
    const answered = new Date();
    expect(usage.body.data.renders).toEqual({ used: 3, quota: 1_000 });
    // The calendar month of the request (the one it was asked or answered in, should a month end between).
    const monthOf = (now: Date) => ({
      start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
    expect([monthOf(asked), monthOf(answered)]).toContainEqual(usage.body.data.period);
    const page = await call('GET', '/api/v1/usage/events?limit=2', undefined, key);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].id).toMatch(/^evt_/);
    expect(page.body.data.map((e: { render_id: string }) => e.render_id)).toEqual([renders[2], renders[1]]);
    expect(page.body.pagination.has_more).toBe(true);
    const rest = await call(
      'GET',
      `/api/v1/usage/events?limit=2&cursor=${page.body.pagination.next_cursor}`,
      undefined,
      key,
    );
    expect(rest.body.data.map((e: { render_id: string }) => e.render_id)).toEqual([renders[0]]);
    expect(rest.body.pagination).toEqual({ has_more: false, next_cursor: null });
    const limits = await call('GET', '/api/v1/usage/limits', undefined, key);
    expect(limits.body.data.renders).toEqual({ used: 3, limit: 1_000, remaining: 997 });
    expect(limits.body.data.rate_limit.requests_per_second).toBe(100_000);
    expect(limits.body.data.overage.estimated_cost_cents).toBe(0);
  });

  test('beyond the monthly quota a render is 429 quota_exceeded with monthly_quota and used', async () => {
    await makePlan(server, { id: 'plan_spec_audit_quota', rps: 100_000, quota: 1 });
    const tight = await makeAccount(server, { planId: 'plan_spec_audit_quota' });
    expect(
      (await call('POST', '/api/v1/documents/render', { document_type: 'invoice', data }, tight.apiKey))
        .status,
    ).toBe(200);
    const over = await call(
      'POST',
      '/api/v1/documents/render',
      { document_type: 'invoice', data },
      tight.apiKey,
    );
    expectError(over, 429, 'quota_exceeded');
    expect(over.body.error.details).toMatchObject({ monthly_quota: 1, used: 1 });
    const preview = await call(
      'POST',
      '/api/v1/templates/tpl_modern/preview',
      { document_type: 'invoice', data },
      tight.apiKey,
    );
    expectError(preview, 429, 'quota_exceeded');
    expect(
      (await call('POST', '/api/v1/documents/validate', { document_type: 'invoice', data }, tight.apiKey))
        .status,
    ).toBe(200);
  });
});

describe('SPEC 4 billing', () => {
  test('without a provider: the subscription is read from the service; checkout and portal are 501', async () => {
    const sub = await call('GET', '/api/v1/billing/subscription');
    expect(sub.status).toBe(200);
    expect(sub.body.data).toMatchObject({
      subscription_id: null,
      status: null,
      plan_id: account.planId,
      stripe_configured: false,
      has_billing_account: false,
    });
    expect(typeof sub.body.data.plan_name).toBe('string');
    const plans = await call('GET', '/api/v1/billing/plans');
    expect(Array.isArray(plans.body.data)).toBe(true);
    expectError(
      await call('POST', '/api/v1/billing/checkout-session', { price_id: 'price_x' }),
      501,
      'not_configured',
    );
    expectError(await call('POST', '/api/v1/billing/portal-session'), 501, 'not_configured');
    expectError(
      await call('POST', '/api/v1/billing/checkout-session', {}),
      422,
      'unprocessable_entity',
      'body.price_id',
    );
  });

  test('with a provider: portal without a billing account is 400 bad_request; plans are those with a price', async () => {
    const fake = startFakeProvider({ prices: ['price_spec_audit'] });
    // The executable reads the provider from its environment; the source's test server from its deps.
    const billed = await startServer({
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_BASE: fake.url },
    });
    billed.deps.billing = { stripe: { secretKey: fake.secretKey, apiBase: fake.url }, webhookSecret: null };
    try {
      await setPlan({
        ctx: { db: billed.db, clock: systemClock },
        input: {
          id: 'plan_spec_audit_paid',
          name: 'Paid',
          monthlyRenderQuota: 500,
          requestsPerSecond: 100_000,
          priceId: 'price_spec_audit',
        },
      });
      const buyer = await makeAccount(billed);
      const ask = (method: string, path: string, body?: unknown) =>
        billed.json(path, { method, key: buyer.apiKey, body });
      expect((await ask('GET', '/api/v1/billing/subscription')).body.data).toMatchObject({
        stripe_configured: true,
        has_billing_account: false,
      });
      expectError(await ask('POST', '/api/v1/billing/portal-session'), 400, 'bad_request');
      const plans = (await ask('GET', '/api/v1/billing/plans')).body.data;
      expect(plans).toContainEqual(
        expect.objectContaining({
          id: 'plan_spec_audit_paid',
          name: 'Paid',
          price_id: 'price_spec_audit',
          monthly_render_quota: 500,
        }),
      );
      const checkout = await ask('POST', '/api/v1/billing/checkout-session', {
        price_id: 'price_spec_audit',
      });
      expect(checkout.status).toBe(200);
      expect(typeof checkout.body.data.session_id).toBe('string');
      expect(typeof checkout.body.data.url).toBe('string');
      expect((await ask('GET', '/api/v1/billing/subscription')).body.data.has_billing_account).toBe(true);
    } finally {
      await billed.stop();
      fake.stop();
    }
  });
});

describe('SPEC 2/4 reference data (public, unmetered)', () => {
  const get = (list: string) => server.json(`/api/v1/reference/${list}`);

  test('the nine lists answer without a key, with the fields the spec names', async () => {
    const currencies = (await get('currencies')).body.data;
    expect(currencies).toContainEqual({ code: 'EUR', name: expect.any(String), symbol: '€', decimals: 2 });
    expect(new Set(currencies.map((c: { decimals: number }) => c.decimals))).toEqual(new Set([0, 2, 3]));
    for (const c of (await get('countries')).body.data) expect(c.code).toMatch(/^[A-Z]{2}$/);
    expect((await get('locales')).body.data[0]).toEqual({
      code: expect.any(String),
      name: expect.any(String),
    });
    for (const z of (await get('timezones')).body.data) expect(z.offset).toMatch(/^[+-]\d\d:\d\d$/);
    expect((await get('page-sizes')).body.data.map((p: { id: string }) => p.id).sort()).toEqual([
      'A4',
      'LETTER',
    ]);
    const types = (await get('document-types')).body.data;
    expect(types.map((d: { id: string }) => d.id).sort()).toEqual(
      ['credit_note', 'delivery_note', 'invoice', 'proforma', 'purchase_order', 'quote', 'receipt'].sort(),
    );
    const byId = Object.fromEntries(types.map((d: { id: string }) => [d.id, d]));
    expect(
      types
        .filter((d: { payable: boolean }) => d.payable)
        .map((d: { id: string }) => d.id)
        .sort(),
    ).toEqual(['invoice', 'proforma']);
    expect(byId.credit_note).toMatchObject({
      number_prefix: 'CN-',
      requires_source_document: true,
      supports_reason: true,
    });
    expect(byId.invoice.actions).toEqual([
      'finalize',
      'void',
      'mark-sent',
      'mark-paid',
      'mark-unpaid',
      'archive',
      'restore',
    ]);
    expect(byId.delivery_note).toMatchObject({ number_prefix: 'DN-', line_item_type: 'shipped' });
    expect(byId.delivery_note.actions).toEqual(['finalize', 'void', 'archive', 'restore']);
    expect(byId.invoice.number_prefix).toBe('INV-');

    const categories = await get('tax-categories');
    expect(categories.body).toMatchObject({ standard: expect.any(String), exhaustive: true });
    expect(categories.body.data.map((c: { code: string }) => c.code)).toEqual([
      'S',
      'Z',
      'E',
      'AE',
      'K',
      'G',
      'O',
    ]);
    const schemes = await get('tax-schemes');
    expect(schemes.body.exhaustive).toBe(true);
    expect(schemes.body.data.map((c: { code: string }) => c.code)).toEqual(['VAT', 'GST', 'LOC', 'OTH']);
    const units = await get('unit-codes');
    expect(units.body.exhaustive).toBe(false);
    expect(units.body.data).toHaveLength(21);
    expect(units.body.data.slice(0, 4).map((c: { code: string }) => c.code)).toEqual([
      'C62',
      'HUR',
      'DAY',
      'E48',
    ]);
    expect(Object.keys(units.body.data[0]).sort()).toEqual(['code', 'label']);
  });
});

describe('SPEC 5/7 errors and authentication', () => {
  test('401: no key names the missing key; a wrong key is Invalid credentials; the three ways of passing a key', async () => {
    const none = await server.json('/api/v1/templates');
    expectError(none, 401, 'unauthorized');
    expect(none.body.error.message.toLowerCase()).toMatch(/missing/);
    const wrong = await call('GET', '/api/v1/templates', undefined, 'sk_not_a_key');
    expectError(wrong, 401, 'unauthorized');
    expect(wrong.body.error.message).toBe('Invalid credentials');
    for (const headers of [{ 'x-api-key': account.apiKey }, { authorization: account.apiKey }] as Record<
      string,
      string
    >[]) {
      const res = await server.request('/api/v1/templates', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    }
  });

  test('403 for a disabled account; 400 for malformed JSON; 404 without details; 409 envelope', async () => {
    const gone = await makeAccount(server);
    await disableAccount(server, gone.id);
    expectError(await call('GET', '/api/v1/templates', undefined, gone.apiKey), 403, 'forbidden');
    const malformed = await call('POST', '/api/v1/templates/custom', '{"name": ');
    expectError(malformed, 400, 'bad_request');
    const missing = await call('GET', '/api/v1/renders/rnd_00000000000000000000000000');
    expectError(missing, 404, 'not_found');
    expect('details' in missing.body.error).toBe(false);
    const tpl = (await call('POST', '/api/v1/templates/custom', { name: 'Twice' })).body.data;
    await call('POST', `/api/v1/templates/custom/${tpl.id}/publish`);
    expectError(await call('POST', `/api/v1/templates/custom/${tpl.id}/publish`), 409, 'conflict');
  });

  test('429 rate_limited with Retry-After beyond the plan rate', async () => {
    await makePlan(server, { id: 'plan_spec_audit_slow', rps: 2, quota: 10 });
    const slow = await makeAccount(server, { planId: 'plan_spec_audit_slow' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => server.json('/api/v1/templates', { key: slow.apiKey })),
    );
    const limited = answers.find((a) => a.status === 429);
    expect(limited).toBeDefined();
    if (!limited) return;
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('SPEC 8 limits', () => {
  test('page size 1-100 (default 50) on the lists of these sections', async () => {
    const fresh = await makeAccount(server);
    for (let i = 0; i < 51; i++)
      await call('POST', '/api/v1/templates/custom', { name: `T${i}` }, fresh.apiKey);
    const first = await call('GET', '/api/v1/templates/custom', undefined, fresh.apiKey);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.pagination.has_more).toBe(true);
    expect(
      (await call('GET', '/api/v1/templates/custom?limit=100', undefined, fresh.apiKey)).body.data,
    ).toHaveLength(51);
    for (const list of ['/api/v1/templates/custom', '/api/v1/usage/events', '/api/v1/branding-profiles']) {
      expect((await call('GET', `${list}?limit=1`)).status).toBe(200);
      expect((await call('GET', `${list}?limit=100`)).status).toBe(200);
      expectError(await call('GET', `${list}?limit=0`), 422, 'unprocessable_entity', 'query.limit');
      expectError(await call('GET', `${list}?limit=101`), 422, 'unprocessable_entity', 'query.limit');
    }
  });

  test('API key names up to 128 characters; batch items and import rows at least one', async () => {
    expect((await call('POST', '/api/v1/api-keys', { name: 'k'.repeat(128) })).status).toBe(200);
    expectError(
      await call('POST', '/api/v1/api-keys', { name: 'k'.repeat(129) }),
      422,
      'unprocessable_entity',
      'body.name',
    );
    expectError(
      await call('POST', '/api/v1/batches', { items: [] }),
      422,
      'unprocessable_entity',
      'body.items',
    );
    expectError(
      await call('POST', '/api/v1/imports', { source_format: 'json', data: [] }),
      422,
      'unprocessable_entity',
      'body.data',
    );
  });
});

describe('SPEC 9 versioning', () => {
  test('/version and /health carry the version; the API lives under /api/v1', async () => {
    const version = await server.json('/version');
    expect(version.status).toBe(200);
    expect(typeof version.body.version).toBe('string');
    const health = await server.json('/health');
    expect(health.body).toMatchObject({ status: 'ok', version: version.body.version });
    expect(typeof health.body.service).toBe('string');
    expectError(await call('GET', '/api/v2/templates'), 404, 'not_found');
  });
});

describe('SPEC 3 the one branding default under concurrent requests', () => {
  test('first lists at once make one Default; defaults set at once leave exactly one', async () => {
    const fresh = await makeAccount(server);
    const lists = await Promise.all(
      Array.from({ length: 5 }, () => call('GET', '/api/v1/branding-profiles', undefined, fresh.apiKey)),
    );
    expect(new Set(lists.map((l) => l.body.data[0].id)).size).toBe(1);
    const made = [];
    for (let i = 0; i < 4; i++) {
      made.push(
        (await call('POST', '/api/v1/branding-profiles', { name: `P${i}` }, fresh.apiKey)).body.data.id,
      );
    }
    const moves = await Promise.all(
      made.map((id) => call('POST', `/api/v1/branding-profiles/${id}/default`, undefined, fresh.apiKey)),
    );
    expect(moves.map((m) => m.status)).toEqual([200, 200, 200, 200]);
    const all = (await call('GET', '/api/v1/branding-profiles', undefined, fresh.apiKey)).body.data;
    expect(all).toHaveLength(5);
    expect(all.filter((p: { is_default: boolean }) => p.is_default)).toHaveLength(1);
    expect(all[0].is_default).toBe(true);
  });
});
