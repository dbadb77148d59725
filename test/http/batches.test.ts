// Batches over HTTP: create (every item checked up front), the background job rendering each item as a
// metered render, cancel, the streamed ZIP, template pinning, the combined PDF, quota per item, resume.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createJobRuntime } from '../../src/background';
import { claim } from '../../src/jobs/queue';
import { systemClock } from '../../src/shared/clock';
import { makeAccount, makePlan, type TestAccount } from '../factories';
import { healthAnswersDuring, startServer, type TestServer } from '../harness';
import { decompressedPdf, inspectPdf, usesColor } from '../pdf-tools';
import { readZip } from '../zip';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  // Jobs run only when a test says so (runDue), so it can look at a batch before it is processed.
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const call = (method: string, path: string, body?: unknown, key = account.apiKey) =>
  server.json(path, { method, key, body });

function invoice(n: number, overrides: Record<string, unknown> = {}) {
  return {
    invoice_number: `B-${n}`,
    issue_date: '2026-11-02',
    currency: 'EUR',
    seller: { name: 'Batch Seller GmbH' },
    buyer: { name: `Buyer ${n}` },
    line_items: [
      { name: `Item ${n}`, quantity: '1', unit_price: `${n}.00`, taxes: [{ rate: '19', category: 'S' }] },
    ],
    ...overrides,
  };
}

async function createBatch(body: Record<string, unknown>, key = account.apiKey) {
  const res = await call('POST', '/api/v1/batches', body, key);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function items(batchId: string, key = account.apiKey) {
  const all: any[] = [];
  let cursor = '';
  for (;;) {
    const res = await call(
      'GET',
      `/api/v1/batches/${batchId}/items?limit=2&cursor=${cursor}`,
      undefined,
      key,
    );
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    if (!res.body.pagination.has_more) return all;
    cursor = res.body.pagination.next_cursor;
  }
}

function nth<T>(list: T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no entry ${i} in a list of ${list.length}`);
  return item;
}

async function download(batchId: string, key = account.apiKey) {
  return server.request(`/api/v1/batches/${batchId}/download`, { key });
}

describe('batch lifecycle', () => {
  test('create is queued; the job renders every item in order; counts, items and renders agree', async () => {
    const before = (await call('GET', '/api/v1/usage/events?limit=100')).body.data.length;
    const batch = await createBatch({
      items: [1, 2, 3].map((n) => ({ external_id: `inv-${n}`, data: invoice(n) })),
    });
    expect(batch).toMatchObject({
      status: 'queued',
      operation: 'render',
      template_id: 'tpl_modern',
      template_version: null,
      output: { format: 'pdf', combine: false, archive_format: 'zip', page_size: 'LETTER' },
      total_items: 3,
      completed_items: 0,
      failed_items: 0,
      completed_at: null,
    });
    expect(batch.id).toMatch(/^batch_/);
    expect((await items(batch.id)).map((i) => i.status)).toEqual(['queued', 'queued', 'queued']);
    expect((await download(batch.id)).status).toBe(409); // not completed yet

    await server.jobs.runDue();
    const done = (await call('GET', `/api/v1/batches/${batch.id}`)).body.data;
    expect(done).toMatchObject({ status: 'completed', completed_items: 3, failed_items: 0 });
    expect(done.completed_at).toBeString();
    const list = await items(batch.id);
    expect(list.map((i) => i.external_id)).toEqual(['inv-1', 'inv-2', 'inv-3']);
    for (const item of list) {
      expect(item).toMatchObject({ status: 'completed', document_type: 'invoice', error_message: null });
      expect(item.id).toMatch(/^bi_/);
      const render = await call('GET', `/api/v1/renders/${item.render_id}`);
      expect(render.status).toBe(200);
      expect(render.body.data.calculation.total.amount).toBe(
        `${(Number(item.external_id.slice(4)) * 1.19).toFixed(2)}`,
      );
    }
    // One usage event per PDF, as for any other render.
    expect((await call('GET', '/api/v1/usage/events?limit=100')).body.data.length).toBe(before + 3);
  });

  test('list newest first; another account sees none of it (404 on every route)', async () => {
    const a = await createBatch({ items: [{ data: invoice(1) }] });
    const b = await createBatch({ items: [{ data: invoice(2) }] });
    const ids = (await call('GET', '/api/v1/batches?limit=100')).body.data.map((x: { id: string }) => x.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const other = await makeAccount(server);
    expect((await call('GET', '/api/v1/batches', undefined, other.apiKey)).body.data).toEqual([]);
    for (const [method, path] of [
      ['GET', `/api/v1/batches/${a.id}`],
      ['GET', `/api/v1/batches/${a.id}/items`],
      ['POST', `/api/v1/batches/${a.id}/cancel`],
      ['GET', `/api/v1/batches/${a.id}/download`],
    ] as const) {
      const res = await call(method, path, undefined, other.apiKey);
      expect([path, res.status, res.body.error.code]).toEqual([path, 404, 'not_found']);
    }
    await server.jobs.runDue();
  });

  test('cancel a queued batch: items failed with the reason, completed_at set; then 409s', async () => {
    const batch = await createBatch({ items: [{ data: invoice(1) }, { data: invoice(2) }] });
    const cancelled = await call('POST', `/api/v1/batches/${batch.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', completed_items: 0, failed_items: 2 });
    expect(cancelled.body.data.completed_at).toBeString();
    for (const item of await items(batch.id)) {
      expect(item).toMatchObject({
        status: 'failed',
        render_id: null,
        error_message: 'cancelled before it was rendered',
      });
    }
    await server.jobs.runDue(); // the job finds the batch cancelled and renders nothing
    expect((await call('GET', `/api/v1/batches/${batch.id}`)).body.data.status).toBe('cancelled');
    const again = await call('POST', `/api/v1/batches/${batch.id}/cancel`);
    expect([again.status, again.body.error.code]).toEqual([409, 'conflict']);
    expect((await download(batch.id)).status).toBe(409);
  });

  test('a completed batch cannot be cancelled', async () => {
    const batch = await createBatch({ items: [{ data: invoice(1) }] });
    await server.jobs.runDue();
    expect((await call('POST', `/api/v1/batches/${batch.id}/cancel`)).status).toBe(409);
  });
});

describe('a batch of 10,000 items', () => {
  test('is checked and stored while /health keeps answering (the event loop was held for over a second)', async () => {
    const many = Array.from({ length: 10_000 }, (_, n) => ({ external_id: `m-${n}`, data: invoice(n + 1) }));
    const created = call('POST', '/api/v1/batches', { template_id: 'tpl_classic', items: many });
    // Counted, not timed: held for the whole check, at most one answer could come back before it.
    const answered = await healthAnswersDuring(server, created);
    const res = await created;
    expect([res.status, res.body.data?.total_items]).toEqual([200, 10_000]);
    expect(answered).toBeGreaterThanOrEqual(3);
    // Not rendered here: cancelled, its job finds nothing to do (the tests after run the jobs).
    expect((await call('POST', `/api/v1/batches/${res.body.data.id}/cancel`)).status).toBe(200);
    await server.jobs.runDue();
  }, 60_000);
});

describe('validation', () => {
  test('every item is checked at create: 422 with the item path, nothing stored', async () => {
    const before = (await call('GET', '/api/v1/batches?limit=100')).body.data.length;
    const res = await call('POST', '/api/v1/batches', {
      items: [
        { data: invoice(1) },
        { data: invoice(2, { line_items: [{ name: 'X', quantity: 'two', unit_price: '1.00' }] }) },
        { data: invoice(3, { currency: undefined }) },
      ],
    });
    expect(res.status).toBe(422);
    const locs = res.body.error.details.fields.map((f: { loc: string }) => f.loc);
    expect(locs).toContain('body.items.1.data.line_items.0.quantity');
    expect(locs).toContain('body.items.2.data.currency');
    expect((await call('GET', '/api/v1/batches?limit=100')).body.data.length).toBe(before);
  });

  test('shape errors: no items, other operation or format, unknown template, version of a built-in', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ items: [] }, 422, 'body.items'],
      [{}, 422, 'body.items'],
      [{ operation: 'zip', items: [{ data: invoice(1) }] }, 422, 'body.operation'],
      [{ items: [{ document_type: 'quote', data: invoice(1) }] }, 422, 'body.items.0.document_type'],
      [{ items: [{ data: invoice(1) }], output: { format: 'facturx_pdf' } }, 422, 'body.output.format'],
      [
        { items: [{ data: invoice(1) }], template_id: 'tpl_modern', template_version: 1 },
        422,
        'body.template_version',
      ],
    ];
    for (const [body, status, loc] of cases) {
      const res = await call('POST', '/api/v1/batches', body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain(loc);
    }
    const unknown = await call('POST', '/api/v1/batches', {
      items: [{ data: invoice(1) }],
      template_id: 'tpl_nope',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('download', () => {
  test('a streamed ZIP of <external_id>.pdf (item id without one); duplicates and unsafe ids get safe names', async () => {
    const batch = await createBatch({
      items: [
        { external_id: 'INV-7', data: invoice(7) },
        { data: invoice(8) },
        { external_id: 'INV-7', data: invoice(9) },
        { external_id: '../../etc/passwd', data: invoice(10) },
        { external_id: 'inv-7', data: invoice(11) },
      ],
    });
    await server.jobs.runDue();
    const res = await download(batch.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${batch.id}.zip`);
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    const list = await items(batch.id);
    expect(entries.map((e) => e.name)).toEqual([
      'INV-7.pdf',
      `${list[1].id}.pdf`,
      'INV-7-2.pdf',
      '_.._etc_passwd.pdf',
      'inv-7-3.pdf',
    ]);
    for (const [i, entry] of entries.entries()) {
      const render = await call('GET', `/api/v1/renders/${list[i].render_id}`);
      const pdf = await server.request(
        new URL(render.body.data.download_url, server.url).pathname +
          new URL(render.body.data.download_url, server.url).search,
      );
      expect(Buffer.from(entry.bytes).equals(Buffer.from(await pdf.arrayBuffer()))).toBe(true);
    }
    expect((await inspectPdf(nth(entries, 0).bytes)).text).toContain('B-7');
  });

  test('a PDF the file store lost is named in MISSING.txt, not left out of the ZIP unseen', async () => {
    const batch = await createBatch({
      items: [1, 2].map((n) => ({ external_id: `lost-${n}`, data: invoice(n) })),
    });
    await server.jobs.runDue();
    const [first] = await items(batch.id);
    const [file] = [...new Bun.Glob(`blobs/renders/*/${first.render_id}.pdf`).scanSync(server.dataDir)];
    if (!file) throw new Error('the render file is where the store keeps it');
    rmSync(join(server.dataDir, file));
    const res = await download(batch.id);
    expect(res.status).toBe(200);
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['lost-2.pdf', 'MISSING.txt']);
    const note = new TextDecoder().decode(nth(entries, 1).bytes);
    expect(note).toContain(`lost-1.pdf (${first.id})`);
    expect(note).toContain('Diese PDFs fehlen im Dateispeicher');
  });

  test('output.combine adds one PDF of every completed item, in order, at the end of the ZIP', async () => {
    const batch = await createBatch({
      items: [1, 2, 3].map((n) => ({ external_id: `c-${n}`, data: invoice(n) })),
      output: { combine: true, page_size: 'A4' },
    });
    expect(batch.output).toMatchObject({ combine: true, page_size: 'A4' });
    await server.jobs.runDue();
    const entries = readZip(new Uint8Array(await (await download(batch.id)).arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['c-1.pdf', 'c-2.pdf', 'c-3.pdf', `${batch.id}-combined.pdf`]);
    const combined = await inspectPdf(nth(entries, 3).bytes);
    expect(combined.pages).toBe(3);
    expect(Math.round(combined.width)).toBe(595); // A4
    const order = ['B-1', 'B-2', 'B-3'].map((n) => combined.text.indexOf(n));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] as number)))).toBe(true);
  });

  test('404 once every render of a completed batch has expired', async () => {
    const clocked = await startServer({
      startJobs: false,
      clock: new (await import('../../src/shared/clock')).FakeClock(),
    });
    try {
      const acc = await makeAccount(clocked);
      const res = await clocked.json('/api/v1/batches', {
        method: 'POST',
        key: acc.apiKey,
        body: { items: [{ data: invoice(1) }] },
      });
      await clocked.jobs.runDue();
      expect(
        (await clocked.request(`/api/v1/batches/${res.body.data.id}/download`, { key: acc.apiKey })).status,
      ).toBe(200);
      (clocked.deps.clock as import('../../src/shared/clock').FakeClock).advance(8 * 24 * 3600 * 1000);
      const gone = await clocked.json(`/api/v1/batches/${res.body.data.id}/download`, { key: acc.apiKey });
      expect([gone.status, gone.body.error.code]).toEqual([404, 'not_found']);
    } finally {
      await clocked.stop();
    }
  });
});

describe('templates, quota and recovery', () => {
  test('a pinned version renders that snapshot; unpinned uses the config when the item runs', async () => {
    const tpl = (
      await call('POST', '/api/v1/templates/custom', { name: 'B', config: { primary_color: '#123456' } })
    ).body.data;
    await call('POST', `/api/v1/templates/${tpl.id}/versions`, { label: 'v1' });
    const pinned = await createBatch({
      items: [{ data: invoice(1) }],
      template_id: tpl.id,
      template_version: 1,
    });
    const floating = await createBatch({ items: [{ data: invoice(1) }], template_id: tpl.id });
    expect(pinned).toMatchObject({ template_id: tpl.id, template_version: 1 });
    await call('PATCH', `/api/v1/templates/custom/${tpl.id}`, { config: { primary_color: '#abcdef' } });
    await server.jobs.runDue();
    const colourOf = async (batchId: string) => {
      const pdf = nth(readZip(new Uint8Array(await (await download(batchId)).arrayBuffer())), 0).bytes;
      const content = await decompressedPdf(pdf);
      return { old: usesColor(content, '#123456'), current: usesColor(content, '#abcdef') };
    };
    expect(await colourOf(pinned.id)).toEqual({ old: true, current: false });
    expect(await colourOf(floating.id)).toEqual({ old: false, current: true });
  });

  test('quota applies per item: the items over it fail with the reason, the others complete', async () => {
    await makePlan(server, { id: 'plan_batch_small', rps: 1000, quota: 2 });
    const small = await makeAccount(server, { planId: 'plan_batch_small' });
    const batch = await createBatch({ items: [1, 2, 3, 4].map((n) => ({ data: invoice(n) })) }, small.apiKey);
    await server.jobs.runDue();
    const done = (await call('GET', `/api/v1/batches/${batch.id}`, undefined, small.apiKey)).body.data;
    expect(done).toMatchObject({ status: 'completed', completed_items: 2, failed_items: 2 });
    const list = await items(batch.id, small.apiKey);
    expect(list.map((i) => i.status)).toEqual(['completed', 'completed', 'failed', 'failed']);
    expect(list[3].error_message).toContain('quota');
    // A batch with nothing rendered is `failed`: there is nothing to download.
    const none = await createBatch({ items: [{ data: invoice(5) }] }, small.apiKey);
    await server.jobs.runDue();
    const failed = (await call('GET', `/api/v1/batches/${none.id}`, undefined, small.apiKey)).body.data;
    expect(failed).toMatchObject({ status: 'failed', completed_items: 0, failed_items: 1 });
    expect(failed.error_message).toBeString();
    expect((await download(none.id, small.apiKey)).status).toBe(409);
  });

  test("a worker lost on every attempt: the job's last-failure hook ends the batch failed, not processing for ever", async () => {
    const batch = await createBatch({ items: [{ data: invoice(1) }] });
    // Five workers claim it in turn and die (kill -9); a lease already over stands for the wait.
    for (let i = 0; i < 5; i++) {
      const dead = await claim(server.db, systemClock, { kinds: ['batch.run'], leaseMs: -1_000 });
      expect(dead?.runKey).toBe(`batch:${batch.id}`);
    }
    expect(await server.jobs.runDue()).toBe(0); // given up, not run a sixth time
    const failed = (await call('GET', `/api/v1/batches/${batch.id}`)).body.data;
    expect(failed).toMatchObject({ status: 'failed', completed_items: 0 });
    expect(failed.error_message).toContain('worker lost');
    expect(failed.completed_at).not.toBeNull();
  });

  test('a runtime stopped mid-batch releases it; the next run resumes with no item rendered twice', async () => {
    const total = 60;
    const batch = await createBatch({
      items: Array.from({ length: total }, (_, n) => ({ data: invoice(n + 1) })),
    });
    const first = createJobRuntime(server.deps, { pollMs: 10, graceMs: 0 });
    first.start();
    while ((await call('GET', `/api/v1/batches/${batch.id}`)).body.data.completed_items < 2)
      await Bun.sleep(2);
    await first.stop();
    const midway = (await call('GET', `/api/v1/batches/${batch.id}`)).body.data;
    expect(midway.status).toBe('processing');
    expect(midway.completed_items).toBeLessThan(total);
    await server.jobs.runDue();
    const done = (await call('GET', `/api/v1/batches/${batch.id}`)).body.data;
    expect(done).toMatchObject({ status: 'completed', completed_items: total, failed_items: 0 });
    const renderIds = (await items(batch.id)).map((i) => i.render_id);
    expect(new Set(renderIds).size).toBe(total);
    const events = server.sqlite
      .query(
        `SELECT count(*) AS n FROM usage_events WHERE render_id IN (${renderIds.map(() => '?').join(',')})`,
      )
      .get(...renderIds) as { n: number };
    expect(events.n).toBe(total);
    const renders = server.sqlite
      .query(`SELECT count(*) AS n FROM renders WHERE id IN (${renderIds.map(() => '?').join(',')})`)
      .get(...renderIds) as { n: number };
    expect(renders.n).toBe(total);
  });
});
