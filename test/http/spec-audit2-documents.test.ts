// A third party's conformance suite for SPEC.md's stored documents, customers, business profiles, recurring
// invoices, batches, imports and deliveries (fields, states and transitions, errors, paging), written from
// the spec alone. It runs in every lane, and against the compiled executable with
// TEST_EXECUTABLE=/work/exe/invoice-service.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let bp: string;
let cus: string;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'rechnung@example.com' }), startJobs: false });
  account = await makeAccount(server);
  other = await makeAccount(server);
  bp = (await call('POST', '/api/v1/business-profiles', { legal_name: 'Audit GmbH' })).body.data.id;
  cus = (await call('POST', '/api/v1/customers', { name: 'Kunde AG' })).body.data.id;
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const call = (method: string, path: string, body?: unknown, key = account.apiKey) =>
  server.json(path, { method, key, body });

function expectError(
  res: { status: number; body: any; headers: Headers },
  status: number,
  code: string,
  loc?: string,
) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body.error.status).toBe(status);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.request_id).toBe(res.headers.get('x-trace-id') as string);
  if (loc === undefined) return;
  const locs = (res.body.error.details?.fields ?? []).map((f: { loc: string }) => f.loc);
  expect(locs).toContain(loc);
}

let n = 0;
const docBody = (extra: Record<string, unknown> = {}) => ({
  number: `SA2-${++n}`,
  issue_date: '2026-11-02',
  currency: 'EUR',
  business_profile_id: bp,
  customer_id: cus,
  line_items: [{ name: 'Thing', quantity: '2', unit_price: '5.00' }],
  ...extra,
});
async function doc(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v1/documents', docBody(extra));
  expect(res.status).toBe(200);
  return res.body.data;
}
const act = (id: string, a: string) => call('POST', `/api/v1/documents/${id}/${a}`);

describe('SPEC 2/4 stored documents', () => {
  test('create: 200, draft, fields, totals as Money', async () => {
    const d = await doc();
    expect(d.id).toMatch(/^doc_/);
    expect(d).toMatchObject({
      document_type: 'invoice',
      status: 'draft',
      issue_date: '2026-11-02',
      currency: 'EUR',
    });
    expect(d.business_profile_id).toBe(bp);
    expect(d.customer_id).toBe(cus);
    expect(d.finalized_at).toBeNull();
    expect(typeof d.data).toBe('object');
    for (const k of ['subtotal', 'discount_total', 'tax_total', 'shipping_total', 'total'])
      expect(d.totals[k]).toMatchObject({ currency: 'EUR' });
    expect(d.totals.subtotal.amount).toMatch(/^10(\.00)?$/);
    expect(typeof d.created_at).toBe('string');
    expect(typeof d.updated_at).toBe('string');
  });

  test('each required create field is a 422 naming body.<field>', async () => {
    for (const f of [
      'number',
      'issue_date',
      'currency',
      'business_profile_id',
      'customer_id',
      'line_items',
    ]) {
      const body: Record<string, unknown> = docBody();
      delete body[f];
      expectError(await call('POST', '/api/v1/documents', body), 422, 'unprocessable_entity', `body.${f}`);
    }
  });

  test('credit_note needs source_document_id', async () => {
    expectError(
      await call('POST', '/api/v1/documents', docBody({ document_type: 'credit_note' })),
      422,
      'unprocessable_entity',
      'body.source_document_id',
    );
    const src = await doc();
    const cn = await doc({ document_type: 'credit_note', source_document_id: src.id, reason: 'Fehler' });
    expect(cn).toMatchObject({ document_type: 'credit_note', source_document_id: src.id, reason: 'Fehler' });
  });

  test('all seven types can be created', async () => {
    for (const t of ['invoice', 'quote', 'receipt', 'proforma', 'purchase_order']) {
      const d = await doc({ document_type: t });
      expect(d.document_type).toBe(t);
    }
    // docs/documents.md: delivery notes carry quantities only (a documented decision), a price is a 422.
    const dn = await doc({ document_type: 'delivery_note', line_items: [{ name: 'Kiste', quantity: '3' }] });
    expect(dn.document_type).toBe('delivery_note');
    expectError(
      await call('POST', '/api/v1/documents', docBody({ document_type: 'delivery_note' })),
      422,
      'unprocessable_entity',
      'body.line_items.0.unit_price',
    );
  });

  test('duplicate number is 409 naming the holder; other account may reuse it', async () => {
    const d = await doc();
    const res = await call('POST', '/api/v1/documents', docBody({ number: d.number }));
    expectError(res, 409, 'conflict');
    expect(res.body.error.message).toContain(d.id);
    const o = await call('POST', '/api/v1/business-profiles', { legal_name: 'O' }, other.apiKey);
    const oc = await call('POST', '/api/v1/customers', { name: 'O' }, other.apiKey);
    const r2 = await call(
      'POST',
      '/api/v1/documents',
      docBody({ number: d.number, business_profile_id: o.body.data.id, customer_id: oc.body.data.id }),
      other.apiKey,
    );
    expect(r2.status).toBe(200);
  });

  test('number stays taken after finalize and archive', async () => {
    const d = await doc();
    await act(d.id, 'finalize');
    await act(d.id, 'archive');
    expectError(await call('POST', '/api/v1/documents', docBody({ number: d.number })), 409, 'conflict');
  });

  test('unknown document and another account document are 404', async () => {
    expectError(await call('GET', '/api/v1/documents/doc_nope'), 404, 'not_found');
    const d = await doc();
    expectError(await call('GET', `/api/v1/documents/${d.id}`, undefined, other.apiKey), 404, 'not_found');
    expectError(
      await call('POST', `/api/v1/documents/${d.id}/finalize`, undefined, other.apiKey),
      404,
      'not_found',
    );
  });

  test('PATCH draft; null on required field is 422; finalized PATCH/DELETE are 409', async () => {
    const d = await doc();
    const p = await call('PATCH', `/api/v1/documents/${d.id}`, { due_date: '2026-12-01' });
    expect(p.status).toBe(200);
    expect(p.body.data.due_date).toBe('2026-12-01');
    const c = await call('PATCH', `/api/v1/documents/${d.id}`, { due_date: null });
    expect(c.status).toBe(200);
    expect(c.body.data.due_date ?? null).toBeNull();
    expectError(
      await call('PATCH', `/api/v1/documents/${d.id}`, { currency: null }),
      422,
      'unprocessable_entity',
      'body.currency',
    );
    expectError(
      await call('PATCH', `/api/v1/documents/${d.id}`, { issue_date: null }),
      422,
      'unprocessable_entity',
      'body.issue_date',
    );
    const f = await act(d.id, 'finalize');
    expect(f.status).toBe(200);
    expect(f.body.data.status).toBe('finalized');
    expect(typeof f.body.data.finalized_at).toBe('string');
    expectError(
      await call('PATCH', `/api/v1/documents/${d.id}`, { due_date: '2026-12-02' }),
      409,
      'conflict',
    );
    expectError(await call('DELETE', `/api/v1/documents/${d.id}`), 409, 'conflict');
  });

  test('DELETE draft is {data: true}, then 404', async () => {
    const d = await doc();
    const r = await call('DELETE', `/api/v1/documents/${d.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: true });
    expectError(await call('GET', `/api/v1/documents/${d.id}`), 404, 'not_found');
  });

  test('state table: allowed transitions advance, others are 409', async () => {
    const all = ['finalize', 'mark-sent', 'mark-paid', 'mark-unpaid', 'void', 'archive', 'restore'];
    const allowed: Record<string, Record<string, string>> = {
      draft: { finalize: 'finalized' },
      finalized: { 'mark-sent': 'sent', void: 'void', archive: 'archived' },
      sent: { 'mark-paid': 'paid', void: 'void', archive: 'archived' },
      paid: { 'mark-unpaid': 'sent', archive: 'archived' },
      void: { archive: 'archived' },
      archived: { restore: 'finalized' },
    };
    const path: Record<string, string[]> = {
      draft: [],
      finalized: ['finalize'],
      sent: ['finalize', 'mark-sent'],
      paid: ['finalize', 'mark-sent', 'mark-paid'],
      void: ['finalize', 'void'],
      archived: ['finalize', 'archive'],
    };
    const seen: string[] = [];
    for (const [from, steps] of Object.entries(path)) {
      for (const a of all) {
        const d = await doc();
        for (const s of steps) expect((await act(d.id, s)).status).toBe(200);
        const r = await act(d.id, a);
        const want = allowed[from]?.[a];
        if (want) {
          if (r.status !== 200 || r.body.data.status !== want)
            seen.push(`${from} ${a}: ${r.status} ${r.body?.data?.status}`);
        } else if (r.status !== 409 || r.body.error?.code !== 'conflict')
          seen.push(`${from} ${a}: ${r.status} (want 409)`);
      }
    }
    expect(seen).toEqual([]);
  });

  test('duplicate creates a new draft with a fresh id from any status', async () => {
    const d = await doc();
    await act(d.id, 'finalize');
    await act(d.id, 'void');
    const r = await act(d.id, 'duplicate');
    expect(r.status).toBe(200);
    expect(r.body.data.id).not.toBe(d.id);
    expect(r.body.data.status).toBe('draft');
    expect(r.body.data.document_type).toBe('invoice');
  });

  test('list: filters, limit bounds, cursor pages', async () => {
    const q = await doc({ document_type: 'quote' });
    const r = await call('GET', '/api/v1/documents?document_type=quote&limit=100');
    expect(r.status).toBe(200);
    expect(r.body.data.every((x: any) => x.document_type === 'quote')).toBe(true);
    expect(r.body.data.map((x: any) => x.id)).toContain(q.id);
    const s = await call('GET', '/api/v1/documents?status=draft&limit=100');
    expect(s.body.data.every((x: any) => x.status === 'draft')).toBe(true);
    for (const bad of ['0', '101', 'abc', '-1'])
      expectError(
        await call('GET', `/api/v1/documents?limit=${bad}`),
        422,
        'unprocessable_entity',
        'query.limit',
      );
    const p1 = await call('GET', '/api/v1/documents?limit=2');
    expect(p1.body.data.length).toBe(2);
    expect(p1.body.pagination.has_more).toBe(true);
    expect(typeof p1.body.pagination.next_cursor).toBe('string');
    const p2 = await call(
      'GET',
      `/api/v1/documents?limit=2&cursor=${encodeURIComponent(p1.body.pagination.next_cursor)}`,
    );
    expect(p2.status).toBe(200);
    const ids1 = p1.body.data.map((x: any) => x.id);
    for (const x of p2.body.data) expect(ids1).not.toContain(x.id);
    const all = await call('GET', '/api/v1/documents');
    expect(all.body.data.length).toBeLessThanOrEqual(50);
  });
});

describe('SPEC customers and business profiles', () => {
  test('customer create, summary list, null name 422, clearables, metadata replaced', async () => {
    expectError(await call('POST', '/api/v1/customers', {}), 422, 'unprocessable_entity', 'body.name');
    const c = await call('POST', '/api/v1/customers', {
      name: 'C',
      email: 'c@example.com',
      tax_id: 'DE123456789',
      billing_address: { line1: 'Weg 1', country: 'DE' },
      metadata: { a: '1', b: '2' },
    });
    expect(c.status).toBe(200);
    const id = c.body.data.id;
    expect(id).toMatch(/^cus_/);
    expectError(
      await call('PATCH', `/api/v1/customers/${id}`, { name: null }),
      422,
      'unprocessable_entity',
      'body.name',
    );
    const p = await call('PATCH', `/api/v1/customers/${id}`, {
      email: null,
      tax_id: null,
      billing_address: null,
      metadata: { c: '3' },
    });
    expect(p.status).toBe(200);
    expect(p.body.data.email ?? null).toBeNull();
    expect(p.body.data.tax_id ?? null).toBeNull();
    expect(p.body.data.billing_address ?? null).toBeNull();
    expect(p.body.data.metadata).toEqual({ c: '3' });
    expectError(
      await call('POST', '/api/v1/customers', { name: 'X', billing_address: { city: 'B' } }),
      422,
      'unprocessable_entity',
      'body.billing_address.line1',
    );
    const l = await call('GET', '/api/v1/customers?limit=1');
    expect(l.body.pagination).toMatchObject({ has_more: true });
    expectError(await call('GET', '/api/v1/customers?limit=0'), 422, 'unprocessable_entity', 'query.limit');
    const d = await call('DELETE', `/api/v1/customers/${id}`);
    expect(d.body).toEqual({ data: { deleted: true } });
    expectError(await call('GET', `/api/v1/customers/${id}`), 404, 'not_found');
  });

  test('business profile create, 422, list, delete', async () => {
    expectError(
      await call('POST', '/api/v1/business-profiles', {}),
      422,
      'unprocessable_entity',
      'body.legal_name',
    );
    const b = await call('POST', '/api/v1/business-profiles', {
      legal_name: 'L',
      display_name: 'D',
      default_currency: 'EUR',
      address: { line1: 'Str 1', country: 'DE' },
    });
    expect(b.status).toBe(200);
    expect(b.body.data.id).toMatch(/^(biz|bp)_/);
    const id = b.body.data.id;
    expectError(
      await call('PATCH', `/api/v1/business-profiles/${id}`, { legal_name: null }),
      422,
      'unprocessable_entity',
      'body.legal_name',
    );
    const p = await call('PATCH', `/api/v1/business-profiles/${id}`, { display_name: 'E' });
    expect(p.body.data).toMatchObject({ legal_name: 'L', display_name: 'E' });
    const l = await call('GET', '/api/v1/business-profiles?limit=1');
    expect(l.body.pagination.has_more).toBe(true);
    expectError(
      await call('GET', '/api/v1/business-profiles?limit=101'),
      422,
      'unprocessable_entity',
      'query.limit',
    );
    expectError(
      await call('GET', `/api/v1/business-profiles/${id}`, undefined, other.apiKey),
      404,
      'not_found',
    );
  });
});

describe('SPEC recurring invoices', () => {
  const tmpl = () => ({
    invoice_number: 'R-1',
    issue_date: '2026-11-02',
    currency: 'EUR',
    line_items: [{ name: 'Abo', quantity: '1', unit_price: '9.00' }],
  });
  const rbody = (extra: Record<string, unknown> = {}) => ({
    business_profile_id: bp,
    customer_id: cus,
    frequency: 'monthly',
    start_date: '2027-01-01',
    invoice_template: tmpl(),
    ...extra,
  });

  test('create active with defaults; required fields 422', async () => {
    const r = await call('POST', '/api/v1/recurring-invoices', rbody());
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'active',
      interval: 1,
      auto_finalize: false,
      occurrences_created: 0,
      next_occurrence_date: '2027-01-01',
      frequency: 'monthly',
    });
    expect(r.body.data.id).toMatch(/^rinv_/);
    for (const f of ['business_profile_id', 'customer_id', 'frequency', 'start_date', 'invoice_template']) {
      const b: Record<string, unknown> = rbody();
      delete b[f];
      expectError(
        await call('POST', '/api/v1/recurring-invoices', b),
        422,
        'unprocessable_entity',
        `body.${f}`,
      );
    }
    expectError(
      await call('POST', '/api/v1/recurring-invoices', rbody({ frequency: 'hourly' })),
      422,
      'unprocessable_entity',
      'body.frequency',
    );
    expectError(
      await call('POST', '/api/v1/recurring-invoices', rbody({ interval: 0 })),
      422,
      'unprocessable_entity',
      'body.interval',
    );
    // docs/recurring-invoices.md: an absent profile or customer is a 422 at its field, as for documents.
    expectError(
      await call('POST', '/api/v1/recurring-invoices', rbody({ customer_id: 'cus_nope' })),
      422,
      'unprocessable_entity',
      'body.customer_id',
    );
  });

  test('pause/resume/cancel state table', async () => {
    const id = (await call('POST', '/api/v1/recurring-invoices', rbody())).body.data.id;
    const base = `/api/v1/recurring-invoices/${id}`;
    expectError(await call('POST', `${base}/resume`), 409, 'conflict');
    expect((await call('POST', `${base}/pause`)).body.data.status).toBe('paused');
    expectError(await call('POST', `${base}/pause`), 409, 'conflict');
    expect((await call('POST', `${base}/resume`)).body.data.status).toBe('active');
    const d = await call('DELETE', base);
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ status: 'cancelled', next_occurrence_date: null });
    expectError(await call('DELETE', base), 409, 'conflict');
    expectError(await call('PATCH', base, { interval: 2 }), 409, 'conflict');
    expectError(await call('POST', `${base}/resume`), 409, 'conflict');
    expectError(await call('POST', `${base}/pause`), 409, 'conflict');
  });

  test('patch, list by status, invoices list paging', async () => {
    const id = (await call('POST', '/api/v1/recurring-invoices', rbody())).body.data.id;
    const p = await call('PATCH', `/api/v1/recurring-invoices/${id}`, {
      interval: 3,
      frequency: 'weekly',
      max_occurrences: 5,
    });
    expect(p.body.data).toMatchObject({ interval: 3, frequency: 'weekly', max_occurrences: 5 });
    await call('POST', `/api/v1/recurring-invoices/${id}/pause`);
    const l = await call('GET', '/api/v1/recurring-invoices?status=paused&limit=100');
    expect(l.body.data.map((x: any) => x.id)).toContain(id);
    expect(l.body.data.every((x: any) => x.status === 'paused')).toBe(true);
    expectError(
      await call('GET', '/api/v1/recurring-invoices?limit=101'),
      422,
      'unprocessable_entity',
      'query.limit',
    );
    const inv = await call('GET', `/api/v1/recurring-invoices/${id}/invoices?limit=10`);
    expect(inv.status).toBe(200);
    expect(inv.body.pagination).toMatchObject({ has_more: false, next_cursor: null });
    expectError(
      await call('GET', `/api/v1/recurring-invoices/${id}/invoices?limit=0`),
      422,
      'unprocessable_entity',
      'query.limit',
    );
  });
});

describe('SPEC batches', () => {
  const item = {
    data: {
      invoice_number: 'B-1',
      issue_date: '2026-11-02',
      currency: 'EUR',
      seller: { name: 'S' },
      buyer: { name: 'B' },
      line_items: [{ name: 'X', quantity: '1', unit_price: '1.00' }],
    },
  };
  test('create queued, fields, empty items 422, cancel and 409, items page', async () => {
    expectError(
      await call('POST', '/api/v1/batches', { items: [] }),
      422,
      'unprocessable_entity',
      'body.items',
    );
    expectError(await call('POST', '/api/v1/batches', {}), 422, 'unprocessable_entity', 'body.items');
    const r = await call('POST', '/api/v1/batches', { items: [item, { ...item, external_id: 'e2' }] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'queued',
      operation: 'render',
      template_id: 'tpl_modern',
      total_items: 2,
      completed_items: 0,
      failed_items: 0,
      completed_at: null,
    });
    expect(r.body.data.id).toMatch(/^batch_/);
    const id = r.body.data.id;
    const items = await call('GET', `/api/v1/batches/${id}/items?limit=1`);
    expect(items.status).toBe(200);
    expect(items.body.data.length).toBe(1);
    expect(items.body.data[0].id).toMatch(/^bi_/);
    expect(items.body.pagination.has_more).toBe(true);
    expectError(
      await call('GET', `/api/v1/batches/${id}/items?limit=101`),
      422,
      'unprocessable_entity',
      'query.limit',
    );
    expectError(await call('GET', '/api/v1/batches?limit=0'), 422, 'unprocessable_entity', 'query.limit');
    const c = await call('POST', `/api/v1/batches/${id}/cancel`);
    if (c.status === 200) {
      expect(c.body.data.status).toBe('cancelled');
      expect(typeof c.body.data.completed_at).toBe('string');
    }
    expectError(await call('POST', `/api/v1/batches/${id}/cancel`), 409, 'conflict');
    expectError(await call('GET', `/api/v1/batches/${id}`, undefined, other.apiKey), 404, 'not_found');
    expectError(
      await call('POST', '/api/v1/batches', { items: [{ ...item, document_type: 'quote' }] }),
      422,
      'unprocessable_entity',
    );
  });
});

describe('SPEC imports', () => {
  test('pending, confirm, cancel 409s', async () => {
    expectError(
      await call('POST', '/api/v1/imports', { source_format: 'json', data: [] }),
      422,
      'unprocessable_entity',
      'body.data',
    );
    expectError(
      await call('POST', '/api/v1/imports', { source_format: 'xml', data: [{}] }),
      422,
      'unprocessable_entity',
      'body.source_format',
    );
    const row = { name: 'Importkunde' };
    const a = await call('POST', '/api/v1/imports', { source_format: 'json', data: [row] });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ status: 'pending', source_format: 'json', total_rows: 1 });
    expect(a.body.data.id).toMatch(/^imp_/);
    const c = await call('POST', `/api/v1/imports/${a.body.data.id}/cancel`);
    expect(c.body.data.status).toBe('cancelled');
    expect(typeof c.body.data.completed_at).toBe('string');
    expectError(await call('POST', `/api/v1/imports/${a.body.data.id}/confirm`), 409, 'conflict');
    expectError(await call('POST', `/api/v1/imports/${a.body.data.id}/cancel`), 409, 'conflict');
  });
});

describe('SPEC deliveries', () => {
  test('send requires finalized + render; delivery fields; retry 409 when queued', async () => {
    const d = await doc();
    expectError(
      await call('POST', `/api/v1/documents/${d.id}/send`, { to: ['a@example.com'] }),
      409,
      'conflict',
    );
    await act(d.id, 'finalize');
    const noRender = await call('POST', `/api/v1/documents/${d.id}/send`, { to: ['a@example.com'] });
    expect(noRender.status).toBeGreaterThanOrEqual(400);
    expectError(
      await call('POST', `/api/v1/documents/${d.id}/send`, {}),
      422,
      'unprocessable_entity',
      'body.to',
    );
    const rr = await call('POST', `/api/v1/documents/${d.id}/renders`, {});
    expect(rr.status).toBe(200);
    const s = await call('POST', `/api/v1/documents/${d.id}/send`, { to: ['a@example.com'] });
    expect(s.status).toBe(200);
    expect(s.body.data).toMatchObject({
      invoice_id: d.id,
      to: ['a@example.com'],
      cc: [],
      bcc: [],
      message: null,
      attach_pdf: true,
      status: 'queued',
      sent_at: null,
    });
    expect(s.body.data.id).toMatch(/^dlv_/);
    expect(typeof s.body.data.subject).toBe('string');
    const g = await call('GET', `/api/v1/deliveries/${s.body.data.id}`);
    expect(g.body.data.id).toBe(s.body.data.id);
    const list = await call('GET', `/api/v1/documents/${d.id}/deliveries?limit=1`);
    expect(list.status).toBe(200);
    expect(list.body.pagination).toBeDefined();
    expectError(
      await call('GET', `/api/v1/documents/${d.id}/deliveries?limit=0`),
      422,
      'unprocessable_entity',
      'query.limit',
    );
    const now = await call('GET', `/api/v1/deliveries/${s.body.data.id}`);
    if (!['failed', 'bounced'].includes(now.body.data.status))
      expectError(await call('POST', `/api/v1/deliveries/${s.body.data.id}/retry`), 409, 'conflict');
    expectError(
      await call('GET', `/api/v1/deliveries/${s.body.data.id}`, undefined, other.apiKey),
      404,
      'not_found',
    );
  });
});

describe('SPEC per-type actions, filters, paging, idempotency', () => {
  test('credit_note and delivery_note have finalize/void/archive/restore but no mark-sent', async () => {
    const src = await doc();
    await act(src.id, 'finalize');
    const cn = await doc({ document_type: 'credit_note', source_document_id: src.id });
    const dn = await doc({ document_type: 'delivery_note', line_items: [{ name: 'Kiste', quantity: '1' }] });
    for (const d of [cn, dn]) {
      expect((await act(d.id, 'finalize')).body.data.status).toBe('finalized');
      expectError(await act(d.id, 'mark-sent'), 409, 'conflict');
      expect((await act(d.id, 'archive')).body.data.status).toBe('archived');
      expect((await act(d.id, 'restore')).body.data.status).toBe('finalized');
      expect((await act(d.id, 'void')).body.data.status).toBe('void');
      expect((await act(d.id, 'archive')).body.data.status).toBe('archived');
      // docs/documents.md (a documented decision beyond SPEC 3's table): a voided document archived and
      // restored comes back `void`, never owed again as `finalized`.
      expect((await act(d.id, 'restore')).body.data.status).toBe('void');
    }
  });

  test('bad filters, a forged cursor and bad dates are 422 at their loc', async () => {
    expectError(
      await call('GET', '/api/v1/documents?status=nope'),
      422,
      'unprocessable_entity',
      'query.status',
    );
    expectError(
      await call('GET', '/api/v1/documents?document_type=nope'),
      422,
      'unprocessable_entity',
      'query.document_type',
    );
    expectError(
      await call('GET', '/api/v1/documents?cursor=zzz'),
      422,
      'unprocessable_entity',
      'query.cursor',
    );
    expectError(
      await call('POST', '/api/v1/documents', docBody({ issue_date: '2026-02-30' })),
      422,
      'unprocessable_entity',
      'body.issue_date',
    );
    expectError(
      await call('POST', '/api/v1/documents', docBody({ document_type: 'nope' })),
      422,
      'unprocessable_entity',
      'body.document_type',
    );
  });

  test('walking the cursor visits every document once', async () => {
    const everything = (await call('GET', '/api/v1/documents?limit=100')).body.data.map((x: any) => x.id);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const page = await call('GET', `/api/v1/documents?limit=3${q}`);
      expect(page.status).toBe(200);
      walked.push(...page.body.data.map((x: any) => x.id));
      cursor = page.body.pagination.has_more ? page.body.pagination.next_cursor : null;
      if (!page.body.pagination.has_more) expect(page.body.pagination.next_cursor).toBeNull();
    } while (cursor !== null);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.length).toBe(everything.length);
    expect(walked.sort()).toEqual([...everything].sort());
  });

  test('Idempotency-Key on document create: same body replays, other body is 409', async () => {
    const body = docBody();
    const headers = { 'Idempotency-Key': `sa2-${Date.now()}` };
    const first = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body,
      headers,
    } as any);
    const again = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body,
      headers,
    } as any);
    expect(first.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: docBody(),
      headers,
    } as any);
    expectError(other, 409, 'conflict');
  });

  test('batch: download before completion is 409, cancel fails the unrendered items', async () => {
    const item = {
      data: {
        invoice_number: 'B-9',
        issue_date: '2026-11-02',
        currency: 'EUR',
        seller: { name: 'S' },
        buyer: { name: 'B' },
        line_items: [{ name: 'X', quantity: '1', unit_price: '1.00' }],
      },
    };
    // The executable runs its background jobs: the batch may finish before the calls below, so each
    // answer is checked against the status it reports.
    const b = (await call('POST', '/api/v1/batches', { items: [item] })).body.data;
    const dl = await call('GET', `/api/v1/batches/${b.id}/download`);
    if (dl.status === 409) expectError(dl, 409, 'conflict');
    else expect((await call('GET', `/api/v1/batches/${b.id}`)).body.data.status).toBe('completed');
    const c = await call('POST', `/api/v1/batches/${b.id}/cancel`);
    if (c.status === 200) {
      expect(c.body.data).toMatchObject({ status: 'cancelled', failed_items: 1 });
      const items = await call('GET', `/api/v1/batches/${b.id}/items`);
      expect(items.body.data[0]).toMatchObject({ status: 'failed', render_id: null });
      expect(typeof items.body.data[0].error_message).toBe('string');
      expectError(await call('GET', `/api/v1/batches/${b.id}/download`), 409, 'conflict');
    } else {
      expectError(c, 409, 'conflict');
      expect(['completed', 'failed']).toContain(
        (await call('GET', `/api/v1/batches/${b.id}`)).body.data.status,
      );
    }
  });

  test('import confirm completes once', async () => {
    const im = (
      await call('POST', '/api/v1/imports', { source_format: 'json', data: [{ name: 'Importiert' }] })
    ).body.data;
    const c = await call('POST', `/api/v1/imports/${im.id}/confirm`);
    expect(c.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 0 });
    expect(typeof c.body.data.completed_at).toBe('string');
    expectError(await call('POST', `/api/v1/imports/${im.id}/confirm`), 409, 'conflict');
    expectError(await call('POST', `/api/v1/imports/${im.id}/cancel`), 409, 'conflict');
    expectError(await call('GET', `/api/v1/imports/${im.id}`, undefined, other.apiKey), 404, 'not_found');
  });
});

describe('SPEC 4 convention 4: default page size', () => {
  test('a list without limit answers 50 and has_more when there are more', async () => {
    const fresh = await makeAccount(server);
    for (let i = 0; i < 51; i++) {
      const r = await call('POST', '/api/v1/customers', { name: `Kunde ${i}` }, fresh.apiKey);
      expect(r.status).toBe(200);
    }
    const page = await call('GET', '/api/v1/customers', undefined, fresh.apiKey);
    expect(page.body.data.length).toBe(50);
    expect(page.body.pagination.has_more).toBe(true);
    const rest = await call(
      'GET',
      `/api/v1/customers?cursor=${encodeURIComponent(page.body.pagination.next_cursor)}`,
      undefined,
      fresh.apiKey,
    );
    expect(rest.body.data.length).toBe(1);
    expect(rest.body.pagination).toEqual({ has_more: false, next_cursor: null });
    const ids = new Set([...page.body.data, ...rest.body.data].map((c: { id: string }) => c.id));
    expect(ids.size).toBe(51);
  });
});

describe('SPEC numbering sequences and recurring references', () => {
  test('a sequence has a seq_ id, pages, and a recurring invoice may name it', async () => {
    const s = await call('POST', '/api/v1/numbering-sequences', { name: 'Abo', prefix: 'ABO-' });
    expect(s.status).toBeLessThan(300);
    expect(s.body.data.id).toMatch(/^seq_/);
    await call('POST', '/api/v1/numbering-sequences', { name: 'Abo 2', prefix: 'AB2-' });
    const page = await call('GET', '/api/v1/numbering-sequences?limit=1');
    expect(page.body.data.length).toBe(1);
    expect(page.body.pagination.has_more).toBe(true);
    expectError(
      await call('GET', '/api/v1/numbering-sequences?limit=101'),
      422,
      'unprocessable_entity',
      'query.limit',
    );
    const r = await call('POST', '/api/v1/recurring-invoices', {
      business_profile_id: bp,
      customer_id: cus,
      frequency: 'yearly',
      start_date: '2027-03-01',
      numbering_sequence_id: s.body.data.id,
      invoice_template: {
        issue_date: '2027-03-01',
        currency: 'EUR',
        line_items: [{ name: 'Wartung', quantity: '1', unit_price: '120.00' }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ numbering_sequence_id: s.body.data.id, frequency: 'yearly' });
    expectError(
      await call('GET', `/api/v1/numbering-sequences/${s.body.data.id}`, undefined, other.apiKey),
      404,
      'not_found',
    );
  });
});

describe('SPEC errors on writes that name another resource', () => {
  test('PATCH to a taken number is 409 naming the holder; send recipients are checked per item', async () => {
    const a = await doc();
    const b = await doc();
    const taken = await call('PATCH', `/api/v1/documents/${b.id}`, { number: a.number });
    expectError(taken, 409, 'conflict');
    expect(taken.body.error.message).toContain(a.id);
    await act(a.id, 'finalize');
    expectError(
      await call('POST', `/api/v1/documents/${a.id}/send`, { to: [] }),
      422,
      'unprocessable_entity',
      'body.to',
    );
    expectError(
      await call('POST', `/api/v1/documents/${a.id}/send`, { to: ['kein-postfach'] }),
      422,
      'unprocessable_entity',
      'body.to.0',
    );
  });

  test('a customer or profile a document uses cannot be deleted (409, docs/documents.md)', async () => {
    await doc();
    expectError(await call('DELETE', `/api/v1/customers/${cus}`), 409, 'conflict');
    expectError(await call('DELETE', `/api/v1/business-profiles/${bp}`), 409, 'conflict');
    const unused = (await call('POST', '/api/v1/business-profiles', { legal_name: 'Leer' })).body.data.id;
    expect((await call('DELETE', `/api/v1/business-profiles/${unused}`)).body).toEqual({
      data: { deleted: true },
    });
    expectError(await call('GET', `/api/v1/business-profiles/${unused}`), 404, 'not_found');
  });
});
