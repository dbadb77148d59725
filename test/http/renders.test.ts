import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };
const clock = new FakeClock(new Date());

beforeAll(async () => {
  server = await startServer({ clock, publicBaseUrl: 'https://invoices.example.com/svc' });
  account = await makeAccount(server);
  parties = await makeParties(server, account);
});
afterAll(() => server.stop());

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.json(path, { method: 'POST', key: account.apiKey, body, headers });
const local = (url: string) => url.replace('https://invoices.example.com/svc', server.url);

const statelessData = {
  invoice_number: 'ST-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Müller GmbH' },
  buyer: { name: 'Zoë Bäcker' },
  line_items: [
    { name: 'Widget', quantity: '2', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
  ],
};

describe('stored renders', () => {
  test('a finalized document renders; the signed link downloads it with no other credential', async () => {
    const doc = await makeDocument(server, account, parties, { number: 'R-100' }, ['finalize']);
    const res = await post(`/api/v1/documents/${doc.id}/renders`, { page_size: 'A4' });
    expect(res.status).toBe(200);
    const render = res.body.data;
    expect(render).toMatchObject({
      status: 'completed',
      document_type: 'invoice',
      format: 'pdf',
      template_id: 'tpl_modern',
      compliance: null,
    });
    expect(render.id).toMatch(/^rnd_/);
    expect(render.calculation).toEqual(doc.totals);
    expect(render.download_url).toMatch(
      /^https:\/\/invoices\.example\.com\/svc\/api\/v1\/renders\/rnd_\w+\/download\?token=/,
    );
    expect(new Date(render.expires_at).getTime() - clock.now().getTime()).toBe(3600 * 1000);

    const download = await fetch(local(render.download_url));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const pdf = await inspectPdf(new Uint8Array(await download.arrayBuffer()));
    expect(pdf.pages).toBe(1);
    expect([pdf.width, pdf.height]).toEqual([595.28, 841.89]);
    expect(pdf.text).toContain('R-100');
    expect(pdf.text).toContain('Acme Ltd');
    expect(pdf.title).toBe('Invoice R-100');
    expect(pdf.author).toBe('Müller & Söhne GmbH');
    expect(pdf.fonts).not.toMatch(/\bno\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/m);

    const again = await server.json(`/api/v1/renders/${render.id}`, { key: account.apiKey });
    expect(again.body.data).toEqual(render);
  });

  test('drafts are refused (409); LETTER is the default page size', async () => {
    const draft = await makeDocument(server, account, parties);
    expect((await post(`/api/v1/documents/${draft.id}/renders`)).status).toBe(409);
    const doc = await makeDocument(server, account, parties, {}, ['finalize']);
    const res = await post(`/api/v1/documents/${doc.id}/renders`);
    const bytes = await (await fetch(local(res.body.data.download_url))).arrayBuffer();
    const pdf = await inspectPdf(new Uint8Array(bytes));
    expect([pdf.width, pdf.height]).toEqual([612, 792]);
  });

  test("a changed token byte, another render's token or no credential at all: 404 / 401", async () => {
    const doc = await makeDocument(server, account, parties, {}, ['finalize']);
    const a = (await post(`/api/v1/documents/${doc.id}/renders`)).body.data;
    const b = (await post(`/api/v1/documents/${doc.id}/renders`)).body.data;
    const url = new URL(local(a.download_url));
    const token = url.searchParams.get('token') ?? '';
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await fetch(`${server.url}/api/v1/renders/${a.id}/download?token=${flipped}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/renders/${b.id}/download?token=${token}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/renders/${a.id}/download`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/v1/renders/${a.id}/download?token=garbage`)).status).toBe(404);
    const withKey = await server.request(`/api/v1/renders/${a.id}/download`, { key: account.apiKey });
    expect(withKey.status).toBe(200);
    const other = await makeAccount(server);
    expect((await server.request(`/api/v1/renders/${a.id}/download`, { key: other.apiKey })).status).toBe(
      404,
    );
    expect((await server.json(`/api/v1/renders/${a.id}`, { key: other.apiKey })).status).toBe(404);
  });

  test('after expires_at both ways are 404, and the sweeper removes the file', async () => {
    const doc = await makeDocument(server, account, parties, {}, ['finalize']);
    const render = (await post(`/api/v1/documents/${doc.id}/renders`, { expires_in: 60 })).body.data;
    const file = join(server.dataDir, 'blobs', 'renders', account.id, `${render.id}.pdf`);
    expect(existsSync(file)).toBe(true);
    clock.advance(61_000);
    expect((await fetch(local(render.download_url))).status).toBe(404);
    expect(
      (await server.request(`/api/v1/renders/${render.id}/download`, { key: account.apiKey })).status,
    ).toBe(404);
    expect((await server.json(`/api/v1/renders/${render.id}`, { key: account.apiKey })).status).toBe(404);
    const { sweepExpiredRenders } = await import('../../src/modules/renders/use-cases/sweep-expired-renders');
    expect(await sweepExpiredRenders(server.deps)).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
  });

  test('expires_in outside 60 s to 7 days is a 422', async () => {
    const doc = await makeDocument(server, account, parties, {}, ['finalize']);
    for (const expires_in of [59, 604_801]) {
      const res = await post(`/api/v1/documents/${doc.id}/renders`, { expires_in });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0].loc).toBe('body.expires_in');
    }
    expect((await post(`/api/v1/documents/${doc.id}/renders`, { expires_in: 604_800 })).status).toBe(200);
  });

  test('templates: unknown is 404, a version pinned on a built-in is 422', async () => {
    const doc = await makeDocument(server, account, parties, {}, ['finalize']);
    expect((await post(`/api/v1/documents/${doc.id}/renders`, { template_id: 'tpl_nope' })).status).toBe(404);
    const pinned = await post(`/api/v1/documents/${doc.id}/renders`, {
      template_id: 'tpl_classic',
      template_version: 1,
    });
    expect(pinned.status).toBe(422);
    expect(pinned.body.error.details.fields[0].loc).toBe('body.template_version');
    const classic = await post(`/api/v1/documents/${doc.id}/renders`, { template_id: 'tpl_classic' });
    expect(classic.body.data.template_id).toBe('tpl_classic');
  });
});

describe('stateless renders', () => {
  test('URL delivery answers a Render; nothing is stored as a document', async () => {
    const res = await post('/api/v1/documents/render', { document_type: 'invoice', data: statelessData });
    expect(res.status).toBe(200);
    expect(res.body.data.calculation.total).toEqual({ amount: '23.80', currency: 'EUR' });
    const pdf = await inspectPdf(
      new Uint8Array(await (await fetch(local(res.body.data.download_url))).arrayBuffer()),
    );
    expect(pdf.text).toContain('Zoë Bäcker');
    expect(pdf.text).toContain('ST-1');
    const own = await makeAccount(server);
    await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: own.apiKey,
      body: { data: statelessData },
    });
    expect((await server.json('/api/v1/documents', { key: own.apiKey })).body.data).toEqual([]);
  });

  test('binary delivery by Accept header or by output.delivery', async () => {
    const byHeader = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: statelessData },
      headers: { accept: 'application/pdf' },
    });
    expect(byHeader.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await byHeader.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const byOutput = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: statelessData, output: { delivery: 'binary', page_size: 'A4' } },
    });
    const pdf = await inspectPdf(new Uint8Array(await byOutput.arrayBuffer()));
    expect(pdf.width).toBe(595.28);
  });

  test('every document type titles itself', async () => {
    const titles: Record<string, string> = {
      credit_note: 'Credit note',
      quote: 'Quote',
      receipt: 'Receipt',
      purchase_order: 'Purchase order',
    };
    for (const [type, title] of Object.entries(titles)) {
      const res = await server.request('/api/v1/documents/render', {
        method: 'POST',
        key: account.apiKey,
        body: { document_type: type, data: statelessData, output: { delivery: 'binary' } },
      });
      const pdf = await inspectPdf(new Uint8Array(await res.arrayBuffer()));
      expect(pdf.title).toBe(`${title} ST-1`);
    }
  });

  test('bad data is a 422 under body.data; a pinned version on a built-in is a 422', async () => {
    const bad = await post('/api/v1/documents/render', { data: { ...statelessData, buyer: undefined } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0].loc).toBe('body.data.buyer');
    const pinned = await post('/api/v1/documents/render', {
      data: statelessData,
      template: { id: 'tpl_bold', version: 2 },
    });
    expect(pinned.body.error.details.fields[0].loc).toBe('body.template.version');
    const expiry = await post('/api/v1/documents/render', {
      data: statelessData,
      output: { expires_in: 30 },
    });
    expect(expiry.body.error.details.fields[0].loc).toBe('body.output.expires_in');
  });
});

describe('templates', () => {
  test('six built-ins; get and builtin get; 404 for unknown', async () => {
    const list = await server.json('/api/v1/templates', { key: account.apiKey });
    expect(list.body.data.map((t: { template_id: string }) => t.template_id)).toEqual([
      'tpl_modern',
      'tpl_classic',
      'tpl_minimal',
      'tpl_compact',
      'tpl_bold',
      'tpl_refined',
    ]);
    const one = await server.json('/api/v1/templates/tpl_bold', { key: account.apiKey });
    expect(one.body.data).toEqual({
      template_id: 'tpl_bold',
      name: 'Bold',
      document_type: 'invoice',
      engine: 'html-css',
    });
    expect(
      (await server.json('/api/v1/templates/builtin/tpl_refined', { key: account.apiKey })).body.data.name,
    ).toBe('Refined');
    expect((await server.json('/api/v1/templates/builtin/tpl_fancy', { key: account.apiKey })).status).toBe(
      404,
    );
  });

  test('preview renders with the named template; ?version on a built-in is a 422', async () => {
    const res = await post('/api/v1/templates/tpl_minimal/preview', { data: statelessData });
    expect(res.status).toBe(200);
    expect(res.body.data.template_id).toBe('tpl_minimal');
    const pinned = await post('/api/v1/templates/tpl_minimal/preview?version=1', { data: statelessData });
    expect(pinned.status).toBe(422);
    expect(pinned.body.error.details.fields[0].loc).toBe('query.version');
  });
});
