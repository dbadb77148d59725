// A third party's conformance suite for SPEC.md's templates (built-in and custom, versions, their states
// and transitions) and the template side of renders and previews, written from the spec alone. It runs in
// every lane, and against the compiled executable with TEST_EXECUTABLE=dist/invoice-service (or
// /work/exe/invoice-service): `TEST_EXECUTABLE=... bun test test/http/spec-audit-templates.test.ts`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

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
  invoice_number: 'SA-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Seller' },
  buyer: { name: 'Buyer' },
  line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
};

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

async function customTemplate(body: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v1/templates/custom', { name: 'Audit', ...body });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; config: Record<string, string> };
}

describe('SPEC 4 built-in templates', () => {
  const SIX = [
    ['tpl_modern', 'Modern'],
    ['tpl_classic', 'Classic'],
    ['tpl_minimal', 'Minimal'],
    ['tpl_compact', 'Compact'],
    ['tpl_bold', 'Bold'],
    ['tpl_refined', 'Refined'],
  ];

  test('the list is the six built-ins as {template_id, name, document_type}', async () => {
    const res = await call('GET', '/api/v1/templates');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      SIX.map(([id, name]) => ({ template_id: id, name, document_type: 'invoice' })),
    );
  });

  test('detail and builtin detail add engine html-css; an unknown built-in is 404', async () => {
    for (const [id, name] of SIX) {
      const detail = { template_id: id, name, document_type: 'invoice', engine: 'html-css' };
      expect((await call('GET', `/api/v1/templates/${id}`)).body.data).toEqual(detail);
      expect((await call('GET', `/api/v1/templates/builtin/${id}`)).body.data).toEqual(detail);
    }
    expectError(await call('GET', '/api/v1/templates/builtin/tpl_nope'), 404, 'not_found');
    expectError(await call('GET', '/api/v1/templates/tpl_nope'), 404, 'not_found');
  });

  test('built-in ids have no versions: the history is empty and no version number exists (404)', async () => {
    expect(await call('GET', '/api/v1/templates/tpl_classic/versions')).toMatchObject({
      status: 200,
      body: { data: [] },
    });
    // "a version number the template never had returns 404" (SPEC 4), "unknown template version" (SPEC 7)
    expectError(await call('GET', '/api/v1/templates/tpl_classic/versions/1'), 404, 'not_found');
    expectError(await call('POST', '/api/v1/templates/tpl_classic/versions/1/restore'), 404, 'not_found');
  });
});

describe('SPEC 2/4 custom templates', () => {
  test('create: 201, draft, tpl_modern base, is_default false, published_at null, ctpl_ id', async () => {
    const res = await call('POST', '/api/v1/templates/custom', { name: 'House' });
    expect(res.status).toBe(201);
    const tpl = res.body.data;
    expect(tpl.id).toMatch(/^ctpl_/);
    expect(tpl).toMatchObject({
      name: 'House',
      base_template_id: 'tpl_modern',
      status: 'draft',
      is_default: false,
      published_at: null,
      config: {},
    });
    expect(Date.parse(tpl.created_at)).not.toBeNaN();
    expect(Date.parse(tpl.updated_at)).not.toBeNaN();
  });

  test('the five config keys are taken; an unknown key, a bad colour, a missing name are 422 at their field', async () => {
    const config = {
      primary_color: '#112233',
      accent_color: '#445566',
      font_family: 'Noto Sans',
      header_text: 'Head',
      footer_text: 'Foot',
    };
    const tpl = await customTemplate({ description: 'd', base_template_id: 'tpl_bold', config });
    expect(tpl).toMatchObject({ description: 'd', base_template_id: 'tpl_bold', config });
    const post = (body: unknown) => call('POST', '/api/v1/templates/custom', body);
    expectError(
      await post({ name: 'x', config: { logo: 'x' } }),
      422,
      'unprocessable_entity',
      'body.config.logo',
    );
    expectError(
      await post({ name: 'x', config: { primary_color: 'red' } }),
      422,
      'unprocessable_entity',
      'body.config.primary_color',
    );
    const missing = await post({});
    expectError(missing, 422, 'unprocessable_entity', 'body.name');
    expect(missing.body.error.details.fields[0].type).toBe('missing');
  });

  test('a name of blanks is no name: 422 at body.name on create and on PATCH', async () => {
    expectError(
      await call('POST', '/api/v1/templates/custom', { name: '   ' }),
      422,
      'unprocessable_entity',
      'body.name',
    );
    const tpl = await customTemplate();
    expectError(
      await call('PATCH', `/api/v1/templates/custom/${tpl.id}`, { name: ' \t ' }),
      422,
      'unprocessable_entity',
      'body.name',
    );
    expect((await call('GET', `/api/v1/templates/custom/${tpl.id}`)).body.data.name).toBe('Audit');
  });

  test('a base that is not a built-in is 422 invalid_base_template', async () => {
    const tpl = await customTemplate();
    for (const base of ['tpl_nope', tpl.id]) {
      expectError(
        await call('POST', '/api/v1/templates/custom', { name: 'x', base_template_id: base }),
        422,
        'invalid_base_template',
      );
    }
  });

  test('list: paginated, items without description and config, limit 1-100', async () => {
    await customTemplate({ description: 'hidden', config: { primary_color: '#000000' } });
    await customTemplate();
    const page = await call('GET', '/api/v1/templates/custom?limit=1');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].description).toBeUndefined();
    expect(page.body.data[0].config).toBeUndefined();
    expect(page.body.pagination).toMatchObject({ has_more: true });
    const next = await call(
      'GET',
      `/api/v1/templates/custom?limit=1&cursor=${page.body.pagination.next_cursor}`,
    );
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
    for (const limit of ['0', '101']) {
      expectError(
        await call('GET', `/api/v1/templates/custom?limit=${limit}`),
        422,
        'unprocessable_entity',
        'query.limit',
      );
    }
    expect((await call('GET', '/api/v1/templates/custom?limit=100')).status).toBe(200);
  });

  test('get answers the config; another account gets 404; GET /templates/{ctpl} answers the built-in shape', async () => {
    const tpl = await customTemplate({ config: { accent_color: '#abcdef' } });
    expect((await call('GET', `/api/v1/templates/custom/${tpl.id}`)).body.data.config).toEqual({
      accent_color: '#abcdef',
    });
    expect((await call('GET', `/api/v1/templates/${tpl.id}`)).body.data).toEqual({
      template_id: tpl.id,
      name: 'Audit',
      document_type: 'invoice',
      engine: 'html-css',
    });
    expectError(
      await call('GET', `/api/v1/templates/custom/${tpl.id}`, undefined, other.apiKey),
      404,
      'not_found',
    );
  });

  test('PATCH changes name and description (null clears); null name is 422 at body.name', async () => {
    const tpl = await customTemplate({ description: 'old' });
    const res = await call('PATCH', `/api/v1/templates/custom/${tpl.id}`, { name: 'New', description: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'New', description: null });
    expectError(
      await call('PATCH', `/api/v1/templates/custom/${tpl.id}`, { name: null }),
      422,
      'unprocessable_entity',
      'body.name',
    );
  });

  test('draft -> publish -> 409 on a second publish; duplicate is a new independent draft', async () => {
    const tpl = await customTemplate({ config: { primary_color: '#101010' } });
    const published = await call('POST', `/api/v1/templates/custom/${tpl.id}/publish`);
    expect(published.status).toBe(200);
    expect(Object.keys(published.body.data).sort()).toEqual(['id', 'name', 'published_at', 'status']);
    expect(published.body.data).toMatchObject({ id: tpl.id, status: 'published' });
    expect(Date.parse(published.body.data.published_at)).not.toBeNaN();
    expectError(await call('POST', `/api/v1/templates/custom/${tpl.id}/publish`), 409, 'conflict');

    const copy = await call('POST', `/api/v1/templates/custom/${tpl.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data.id).not.toBe(tpl.id);
    expect(copy.body.data).toMatchObject({
      status: 'draft',
      published_at: null,
      is_default: false,
      config: { primary_color: '#101010' },
    });
    await call('PATCH', `/api/v1/templates/custom/${copy.body.data.id}`, {
      config: { primary_color: '#202020' },
    });
    expect((await call('GET', `/api/v1/templates/custom/${tpl.id}`)).body.data.config).toEqual({
      primary_color: '#101010',
    });
  });

  test('DELETE is 204 with no body; renders made before stay downloadable; the id is then 404', async () => {
    const tpl = await customTemplate();
    const render = await call('POST', '/api/v1/documents/render', {
      document_type: 'invoice',
      data,
      template: { id: tpl.id },
    });
    expect(render.status).toBe(200);
    const res = await server.request(`/api/v1/templates/custom/${tpl.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const download = await server.request(`/api/v1/renders/${render.body.data.id}/download`, {
      key: account.apiKey,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/pdf');
    expectError(await call('GET', `/api/v1/templates/custom/${tpl.id}`), 404, 'not_found');
    expectError(await call('DELETE', `/api/v1/templates/custom/${tpl.id}`), 404, 'not_found');
  });
});

describe('SPEC 2/3/4 template versions', () => {
  test('snapshots number from 1, newest first, capture the config; the client cannot supply it', async () => {
    const tpl = await customTemplate({ config: { primary_color: '#000001' } });
    const v1 = await call('POST', `/api/v1/templates/${tpl.id}/versions`, { label: 'First', changelog: 'c' });
    expect(v1.status).toBe(200);
    expect(v1.body.data.id).toMatch(/^tv_/);
    expect(v1.body.data).toMatchObject({
      template_id: tpl.id,
      version: 1,
      label: 'First',
      changelog: 'c',
      config: { primary_color: '#000001' },
    });
    await call('PATCH', `/api/v1/templates/custom/${tpl.id}`, { config: { primary_color: '#000002' } });
    const v2 = await call('POST', `/api/v1/templates/${tpl.id}/versions`, {});
    expect(v2.body.data).toMatchObject({ version: 2, config: { primary_color: '#000002' } });
    expectError(
      await call('POST', `/api/v1/templates/${tpl.id}/versions`, { config: { primary_color: '#ffffff' } }),
      422,
      'unprocessable_entity',
      'body.config',
    );
    const list = await call('GET', `/api/v1/templates/${tpl.id}/versions`);
    expect(list.body.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await call('GET', `/api/v1/templates/${tpl.id}/versions/1`)).body.data).toEqual(v1.body.data);
    expectError(await call('GET', `/api/v1/templates/${tpl.id}/versions/3`), 404, 'not_found');
  });

  test('restore sets the config and answers the version; versions are never renumbered', async () => {
    const tpl = await customTemplate({ config: { footer_text: 'one' } });
    await call('POST', `/api/v1/templates/${tpl.id}/versions`, {});
    await call('PATCH', `/api/v1/templates/custom/${tpl.id}`, { config: { footer_text: 'two' } });
    await call('POST', `/api/v1/templates/${tpl.id}/versions`, {});
    const restored = await call('POST', `/api/v1/templates/${tpl.id}/versions/1/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ version: 1, config: { footer_text: 'one' } });
    expect((await call('GET', `/api/v1/templates/custom/${tpl.id}`)).body.data.config).toEqual({
      footer_text: 'one',
    });
    const v3 = await call('POST', `/api/v1/templates/${tpl.id}/versions`, {});
    expect(v3.body.data.version).toBe(3);
    const all = await call('GET', `/api/v1/templates/${tpl.id}/versions`);
    expect(all.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expectError(await call('POST', `/api/v1/templates/${tpl.id}/versions/7/restore`), 404, 'not_found');
  });

  test('pinning: stateless and stored renders record template_id and template_version; 422 on a built-in, 404 on a version never had', async () => {
    const tpl = await customTemplate({ config: { primary_color: '#0a0a0a' } });
    await call('POST', `/api/v1/templates/${tpl.id}/versions`, {});
    const pinned = await call('POST', '/api/v1/documents/render', {
      document_type: 'invoice',
      data,
      template: { id: tpl.id, version: 1 },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.data).toMatchObject({ template_id: tpl.id, template_version: 1 });
    expectError(
      await call('POST', '/api/v1/documents/render', {
        document_type: 'invoice',
        data,
        template: { id: tpl.id, version: 2 },
      }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', '/api/v1/documents/render', {
        document_type: 'invoice',
        data,
        template: { id: 'tpl_classic', version: 1 },
      }),
      422,
      'unprocessable_entity',
      'body.template.version',
    );
  });

  test('preview: ?version= pins; a built-in with a version is 422, a version never had 404', async () => {
    const tpl = await customTemplate();
    await call('POST', `/api/v1/templates/${tpl.id}/versions`, {});
    const preview = await call('POST', `/api/v1/templates/${tpl.id}/preview?version=1`, {
      document_type: 'invoice',
      data,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      status: 'completed',
      format: 'pdf',
      template_id: tpl.id,
      template_version: 1,
    });
    expectError(
      await call('POST', `/api/v1/templates/${tpl.id}/preview?version=4`, { document_type: 'invoice', data }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', '/api/v1/templates/tpl_bold/preview?version=1', { document_type: 'invoice', data }),
      422,
      'unprocessable_entity',
      'query.version',
    );
    const pdf = await server.request('/api/v1/templates/tpl_bold/preview', {
      method: 'POST',
      key: account.apiKey,
      headers: { accept: 'application/pdf' },
      body: { document_type: 'invoice', data },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  test("preview takes the stateless render's body: its template.version pins, a version never had is 404", async () => {
    const tpl = await customTemplate({ config: { primary_color: '#0b0b0b' } });
    await call('POST', `/api/v1/templates/${tpl.id}/versions`, {});
    await call('PATCH', `/api/v1/templates/custom/${tpl.id}`, { config: { primary_color: '#0c0c0c' } });
    const pinned = await call('POST', `/api/v1/templates/${tpl.id}/preview`, {
      document_type: 'invoice',
      data,
      template: { id: tpl.id, version: 1 },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.data).toMatchObject({ template_id: tpl.id, template_version: 1 });
    expectError(
      await call('POST', `/api/v1/templates/${tpl.id}/preview`, {
        document_type: 'invoice',
        data,
        template: { id: tpl.id, version: 9 },
      }),
      404,
      'not_found',
    );
  });

  test("preview of one template whose body names another (a stateless render's body reused) draws the path's", async () => {
    const tpl = await customTemplate();
    for (const named of [
      { template: { id: 'tpl_bold', version: 9 } },
      { rendering: { template_id: 'tpl_bold' } },
    ]) {
      const drawn = await call('POST', `/api/v1/templates/${tpl.id}/preview`, {
        document_type: 'invoice',
        data,
        ...named,
      });
      // The other template's version is not taken for this one's (it never had a 9th: that would be a 404).
      expect(drawn.status).toBe(200);
      expect(drawn.body.data.template_id).toBe(tpl.id);
    }
    // Naming the same template, or a query version that agrees with the body's, is fine.
    await call('POST', `/api/v1/templates/${tpl.id}/versions`, {});
    const same = await call('POST', `/api/v1/templates/${tpl.id}/preview?version=1`, {
      document_type: 'invoice',
      data,
      template: { id: tpl.id, version: 1 },
    });
    expect(same.status).toBe(200);
    expectError(
      await call('POST', `/api/v1/templates/${tpl.id}/preview?version=1`, {
        document_type: 'invoice',
        data,
        template: { id: tpl.id, version: 2 },
      }),
      422,
      'unprocessable_entity',
      'body.template.version',
    );
  });
});

describe('SPEC 4 versions beyond any stored number', () => {
  test('a pinned version larger than any integer column holds is the 404 of a version never had, not a 500', async () => {
    const tpl = await customTemplate();
    const body = (version: string) =>
      `{"document_type":"invoice","data":${JSON.stringify(data)},"template":{"id":"${tpl.id}","version":${version}}}`;
    for (const version of ['2147483648', '9223372036854775808', '100000000000000000000', '1e308']) {
      const res = await server.json('/api/v1/documents/render', {
        method: 'POST',
        key: account.apiKey,
        body: body(version),
      });
      expectError(res, 404, 'not_found');
    }
    const batch = await server.json('/api/v1/batches', {
      method: 'POST',
      key: account.apiKey,
      body: `{"items":[{"data":${JSON.stringify(data)}}],"template_id":"${tpl.id}","template_version":100000000000000000000}`,
    });
    expectError(batch, 404, 'not_found');

    const profile = await call('POST', '/api/v1/business-profiles', { legal_name: 'Seller GmbH' });
    const customer = await call('POST', '/api/v1/customers', { name: 'Buyer AG' });
    const doc = await call('POST', '/api/v1/documents', {
      number: 'SA-BIG-1',
      issue_date: '2026-11-02',
      currency: 'EUR',
      business_profile_id: profile.body.data.id,
      customer_id: customer.body.data.id,
      line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
    });
    await call('POST', `/api/v1/documents/${doc.body.data.id}/finalize`);
    const stored = (version: string) =>
      server.json(`/api/v1/documents/${doc.body.data.id}/renders`, {
        method: 'POST',
        key: account.apiKey,
        body: `{"template_id":"${tpl.id}","template_version":${version}}`,
      });
    expectError(await stored('100000000000000000000'), 404, 'not_found');
    // Also once the document has its kept original (a render in another look is a copy).
    expect((await call('POST', `/api/v1/documents/${doc.body.data.id}/renders`, {})).status).toBe(200);
    expectError(await stored('100000000000000000000'), 404, 'not_found');
  });
});

describe('SPEC 3 versions under concurrent snapshots', () => {
  test('snapshots taken at once each get their own next number, never a duplicate or an error', async () => {
    const tpl = await customTemplate();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', `/api/v1/templates/${tpl.id}/versions`, {})),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.map((a) => a.body.data.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const published = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `/api/v1/templates/custom/${tpl.id}/publish`)),
    );
    expect(published.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
  });
});
