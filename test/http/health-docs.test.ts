import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe('health, readiness, version', () => {
  test('/health and /version are bare objects carrying the package version', async () => {
    const pkg = (await Bun.file(join(import.meta.dir, '../../package.json')).json()) as { version: string };
    const health = await server.json('/health');
    expect(health.body).toEqual({ status: 'ok', service: 'invoice-service', version: pkg.version });
    const version = await server.json('/version');
    expect(version.body).toEqual({ version: pkg.version });
  });

  test('/ready really exercises database, storage and renderer', async () => {
    const ready = await server.json('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      dependencies: { database: 'ok', storage: 'ok', renderer: 'ok' },
      database: { engine: 'sqlite' },
      storage: { kind: 'filesystem' },
    });
  });

  test('/ready reports storage as failed (503) when the blob directory is unwritable', async () => {
    if (process.getuid?.() === 0) {
      // root ignores permissions; make the blob root a file instead so writes fail for everyone
      const blobs = join(server.dataDir, 'blobs');
      await Bun.$`rm -rf ${blobs} && touch ${blobs}`;
      const res = await server.json('/ready');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('not_ready');
      expect(res.body.dependencies).toEqual({ database: 'ok', storage: 'error', renderer: 'ok' });
      await Bun.$`rm -f ${blobs}`;
      return;
    }
    const blobs = join(server.dataDir, 'blobs');
    await Bun.$`mkdir -p ${blobs}`;
    chmodSync(blobs, 0o500);
    const res = await server.json('/ready');
    chmodSync(blobs, 0o700);
    expect(res.status).toBe(503);
    expect(res.body.dependencies.storage).toBe('error');
  });
});

describe('API docs', () => {
  test('the docs page loads Swagger UI from this server only (works air-gapped)', async () => {
    const res = await server.request('/api/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('SwaggerUIBundle');
    expect(html).not.toMatch(/(src|href)="https?:/);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      const file = await server.request(`/api/v1/docs/assets/${asset}`);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
    expect((await server.request('/api/v1/docs/assets/../../package.json')).status).toBe(404);
  });

  test("the docs page has the console's protections: a CSP naming its inline script's hash, never framed, no sniffing", async () => {
    const res = await server.request('/api/v1/docs');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Every inline script of the page is allowed by its hash, and nothing else inline is.
    const html = await res.text();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    for (const script of inline) {
      const hash = new Bun.CryptoHasher('sha256').update(script).digest('base64');
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  test('the OpenAPI document lists the routes with their schemas and security', async () => {
    const res = await server.json('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/api-keys',
      '/api/v1/api-keys/{api_key_id}/rotate',
      '/api/v1/workspaces/{workspace_id}/members/{member_id}',
      '/api/v1/auth/me',
      '/api/v1/reference/currencies',
      '/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const create = doc.paths['/api/v1/api-keys'].post;
    expect(create.tags).toEqual(['API keys']);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '401', '422', '507']));
    expect(create.responses['507'].content).toEqual(create.responses['500'].content); // the error envelope
    expect(doc.paths['/api/v1/api-keys'].get.responses['507']).toBeUndefined(); // a read writes nothing
    expect(doc.components.securitySchemes.bearer.scheme).toBe('bearer');
  });
});

describe('reference data over HTTP (public)', () => {
  test('all nine lists answer without a key', async () => {
    const lists = [
      'currencies',
      'countries',
      'locales',
      'timezones',
      'page-sizes',
      'document-types',
      'tax-categories',
      'tax-schemes',
      'unit-codes',
    ];
    for (const list of lists) {
      const res = await server.json(`/api/v1/reference/${list}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
    }
  });

  test('currencies carry ISO minor units', async () => {
    const { body } = await server.json('/api/v1/reference/currencies');
    const byCode = new Map(body.data.map((c: { code: string }) => [c.code, c]));
    expect(byCode.get('JPY')).toMatchObject({ decimals: 0 });
    expect(byCode.get('BHD')).toMatchObject({ decimals: 3 });
    expect(byCode.get('EUR')).toMatchObject({ decimals: 2, symbol: '€' });
  });

  test('coded lists carry standard and exhaustive at the top level', async () => {
    const categories = await server.json('/api/v1/reference/tax-categories');
    expect(categories.body.standard).toBe('UNCL5305');
    expect(categories.body.exhaustive).toBe(true);
    expect(categories.body.data.map((c: { code: string }) => c.code).sort()).toEqual([
      'AE',
      'E',
      'G',
      'K',
      'O',
      'S',
      'Z',
    ]);
    const units = await server.json('/api/v1/reference/unit-codes');
    expect(units.body.exhaustive).toBe(false);
    expect(units.body.data).toHaveLength(21);
    expect(units.body.data.slice(0, 4).map((u: { code: string }) => u.code)).toEqual([
      'C62',
      'HUR',
      'DAY',
      'E48',
    ]);
    const schemes = await server.json('/api/v1/reference/tax-schemes');
    expect(schemes.body.data.map((c: { code: string }) => c.code)).toEqual(['VAT', 'GST', 'LOC', 'OTH']);
  });

  test('document types carry the metadata of SPEC 2', async () => {
    const { body } = await server.json('/api/v1/reference/document-types');
    const byId = new Map(body.data.map((d: { id: string }) => [d.id, d]));
    expect(byId.size).toBe(7);
    expect(byId.get('invoice')).toMatchObject({
      number_prefix: 'INV-',
      payable: true,
      line_item_type: 'standard',
    });
    expect(byId.get('credit_note')).toMatchObject({
      number_prefix: 'CN-',
      requires_source_document: true,
      supports_reason: true,
      actions: ['finalize', 'void', 'archive', 'restore'],
    });
    expect(byId.get('delivery_note')).toMatchObject({ number_prefix: 'DN-', line_item_type: 'shipped' });
    const payable = body.data.filter((d: { payable: boolean }) => d.payable).map((d: { id: string }) => d.id);
    expect(payable.sort()).toEqual(['invoice', 'proforma']);
  });

  test('page sizes and timezones', async () => {
    const sizes = await server.json('/api/v1/reference/page-sizes');
    expect(sizes.body.data).toEqual([
      { id: 'LETTER', name: expect.any(String), width_mm: 215.9, height_mm: 279.4 },
      { id: 'A4', name: expect.any(String), width_mm: 210, height_mm: 297 },
    ]);
    const zones = await server.json('/api/v1/reference/timezones');
    const kolkata = zones.body.data.find((z: { name: string }) => z.name === 'Asia/Kolkata');
    expect(kolkata.offset).toBe('+05:30');
  });
});

describe('OpenAPI request bodies', () => {
  test('JSON routes document their body schema; uploads document multipart', async () => {
    const doc = (await server.json('/api/v1/openapi.json')).body;
    const customers = doc.paths['/api/v1/customers'].post.requestBody.content;
    expect(customers['application/json'].schema.properties.name).toBeDefined();
    const files = doc.paths['/api/v1/files'].post.requestBody.content;
    expect(files['multipart/form-data']).toBeDefined();
  });
});
