import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createJobRuntime } from '../../src/background';
import { importTuning } from '../../src/modules/imports/model';
import { stagedRowsKey } from '../../src/modules/imports/staged-rows';
import { FakeClock } from '../../src/shared/clock';
import { makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

const defaults = structuredClone(importTuning);
afterEach(() => Object.assign(importTuning, structuredClone(defaults)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until `check` holds (the background runs on the same event loop, so it progresses meanwhile). */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(1);
  }
}

/** `n` customer rows as one CSV string; every 100th has a bad email (a row error, never imported). */
function customerCsv(n: number): string[] {
  const lines = Array.from({ length: n }, (_, i) =>
    i % 100 === 99 ? `Row ${i + 1},broken` : `Row ${i + 1},row${i + 1}@example.com`,
  );
  return [['name,email', ...lines].join('\n')];
}

const create = (server: TestServer, account: TestAccount, body: unknown) =>
  server.json('/api/v1/imports', { method: 'POST', key: account.apiKey, body });
const act = (server: TestServer, account: TestAccount, id: string, action: 'confirm' | 'cancel') =>
  server.json(`/api/v1/imports/${id}/${action}`, { method: 'POST', key: account.apiKey });
const get = async (server: TestServer, account: TestAccount, id: string) =>
  (await server.json(`/api/v1/imports/${id}`, { key: account.apiKey })).body.data;
const progress = (server: TestServer, id: string) =>
  server.sqlite
    .query('SELECT status, imported_rows AS imported, failed_rows AS failed FROM imports WHERE id = ?')
    .get(id) as { status: string; imported: number; failed: number };

/** Every customer name of the account with how often it exists: each imported row exactly once. */
function customerNames(server: TestServer, account: TestAccount) {
  const rows = server.sqlite
    .query('SELECT name, COUNT(*) AS n FROM customers WHERE account_id = ? GROUP BY name')
    .all(account.id) as { name: string; n: number }[];
  return { distinct: rows.length, duplicated: rows.filter((r) => r.n > 1).map((r) => r.name) };
}

function jobOf(server: TestServer, importId: string) {
  return server.sqlite
    .query('SELECT status, attempts FROM jobs WHERE run_key = ?')
    .get(`import:${importId}`) as { status: string; attempts: number } | null;
}

describe('large imports commit in the background', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.stop());

  test('20,000 rows go through processing in whole chunks; /health answers between them; every valid row exists exactly once', async () => {
    // Chunks bounded by their entry count alone (not by time), so what the probes see is deterministic.
    importTuning.chunkMs = 3_600_000;
    const chunk = importTuning.chunkEntries.customers;
    const account = await makeAccount(server);
    const created = await create(server, account, { source_format: 'csv', data: customerCsv(20_000) });
    expect(created.body.data).toMatchObject({ status: 'pending', total_rows: 20_000, failed_rows: 200 });
    const id = created.body.data.id;

    const confirmed = await act(server, account, id, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'processing', imported_rows: 0, completed_at: null });
    expect((await act(server, account, id, 'confirm')).status).toBe(409);

    // The job and the server share this event loop: a /health answer while the import is still processing
    // means the job yielded between two chunks. What each answer saw committed is a count of whole chunks.
    const seen: number[] = [];
    while (progress(server, id).status === 'processing') {
      const health = await server.request('/health');
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      const now = progress(server, id);
      if (now.status === 'processing') seen.push(now.imported);
    }
    const between = [...new Set(seen)].filter((n) => n > 0 && n < 19_800);
    expect(between.length).toBeGreaterThanOrEqual(5); // answered between many chunks, not only at the ends
    expect(between.every((n) => n % chunk === 0)).toBe(true);
    expect(between).toEqual([...between].sort((a, b) => a - b));

    // The job removes the staged rows after its last commit: wait for it to settle (its own event).
    while (server.jobs.activeCount > 0) await server.jobs.next('settled');
    const done = await get(server, account, id);
    expect(done).toMatchObject({
      status: 'completed',
      total_rows: 20_000,
      imported_rows: 19_800,
      failed_rows: 200,
    });
    expect(done.completed_at).not.toBeNull();
    expect(done.errors).toHaveLength(200);
    expect(customerNames(server, account)).toEqual({ distinct: 19_800, duplicated: [] });
    expect(jobOf(server, id)).toEqual({ status: 'succeeded', attempts: 1 });
    expect(existsSync(join(server.dataDir, 'blobs', stagedRowsKey(id)))).toBe(false);
    expect(server.sqlite.query('SELECT valid_rows FROM imports WHERE id = ?').get(id)).toEqual({
      valid_rows: null,
    });
    expect((await act(server, account, id, 'cancel')).status).toBe(409);
  }, 60_000);

  test('documents in chunks: a number taken after create fails that row only, the rest are drafts', async () => {
    importTuning.backgroundAbove = 20;
    importTuning.chunkEntries.documents = 7;
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const data = Array.from({ length: 60 }, (_, i) => ({
      number: `D-${i + 1}`,
      issue_date: '2026-11-02',
      currency: 'EUR',
      business_profile_id: parties.profileId,
      customer_id: parties.customerId,
      line_items: [{ name: `Item ${i + 1}`, quantity: '1', unit_price: `${i + 1}.00` }],
    }));
    const created = await create(server, account, { source_format: 'json', resource: 'documents', data });
    expect(created.body.data).toMatchObject({ total_rows: 60, failed_rows: 0 });
    const racer = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: { ...data[32], number: 'D-33' },
    });
    expect(racer.status).toBe(200);
    const id = created.body.data.id;
    expect((await act(server, account, id, 'confirm')).body.data.status).toBe('processing');
    await until(() => progress(server, id).status !== 'processing', 'the import to finish');
    const done = await get(server, account, id);
    expect(done).toMatchObject({ status: 'completed', imported_rows: 59, failed_rows: 1 });
    expect(done.errors).toEqual([
      {
        row: 33,
        fields: [{ loc: 'number', msg: expect.stringContaining(racer.body.data.id), type: 'conflict' }],
      },
    ]);
    const numbers = server.sqlite
      .query("SELECT number FROM documents WHERE account_id = ? AND status = 'draft'")
      .all(account.id) as { number: string }[];
    expect(numbers.map((n) => n.number).sort()).toEqual(data.map((d) => d.number).sort());
  });
});

describe('large imports under a driven runtime', () => {
  let server: TestServer;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock(new Date('2026-11-21T10:00:00Z'));
    server = await startServer({ clock, startJobs: false });
    importTuning.backgroundAbove = 100;
    importTuning.chunkEntries.customers = 50;
    importTuning.chunkMs = Number.POSITIVE_INFINITY; // exact chunks of 50, whatever the machine's load
  });
  afterEach(() => server.stop());

  async function processing(account: TestAccount, rows: number) {
    const created = await create(server, account, { source_format: 'csv', data: customerCsv(rows) });
    const id = created.body.data.id as string;
    expect((await act(server, account, id, 'confirm')).body.data.status).toBe('processing');
    return id;
  }

  test('cancel while processing: no chunk after it; rows committed before stay and are counted', async () => {
    const account = await makeAccount(server);
    const id = await processing(account, 5_000);
    const run = server.jobs.runDue();
    await until(() => progress(server, id).imported >= 500, 'some chunks to commit');
    const cancelled = await act(server, account, id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.completed_at).not.toBeNull();
    const committed = cancelled.body.data.imported_rows as number;
    await run;
    expect(committed).toBeGreaterThanOrEqual(500);
    expect(committed).toBeLessThan(4_950);
    expect(await get(server, account, id)).toMatchObject({ status: 'cancelled', imported_rows: committed });
    expect(customerNames(server, account)).toEqual({ distinct: committed, duplicated: [] });
    expect(jobOf(server, id)?.status).toBe('succeeded');
    expect(existsSync(join(server.dataDir, 'blobs', stagedRowsKey(id)))).toBe(false);
    expect((await act(server, account, id, 'confirm')).status).toBe(409);
    expect((await act(server, account, id, 'cancel')).status).toBe(409);
  });

  test('a claim lost mid-way (lease expired, another runtime took over): nothing lost, nothing twice', async () => {
    const account = await makeAccount(server);
    const id = await processing(account, 5_000);
    const first = server.jobs.runDue();
    await until(() => progress(server, id).imported >= 1_000, 'the first worker to commit some chunks');
    // The first worker stalls past its lease; a second runtime claims the job before it wakes up.
    clock.advance(61_000);
    const second = createJobRuntime(server.deps);
    const takeover = second.runDue();
    const atTakeover = progress(server, id).imported;
    await Promise.all([first, takeover]);
    await second.stop();

    expect(atTakeover).toBeLessThan(4_950);
    expect(jobOf(server, id)).toEqual({ status: 'succeeded', attempts: 2 });
    expect(await get(server, account, id)).toMatchObject({
      status: 'completed',
      imported_rows: 4_950,
      failed_rows: 50,
    });
    expect(customerNames(server, account)).toEqual({ distinct: 4_950, duplicated: [] });
  });

  test('a job that fails for good makes the import failed: committed chunks stay, the reason is on the first missing row', async () => {
    const account = await makeAccount(server);
    const id = await processing(account, 400); // rows 100, 200, 300, 400 have bad emails
    // A staged row that now throws an unexpected error (not a row error) when it is committed.
    const staged = join(server.dataDir, 'blobs', stagedRowsKey(id));
    writeFileSync(staged, readFileSync(staged, 'utf8').replace('"name":"Row 253"', '"name":123'));
    for (let attempt = 0; attempt < 5; attempt++) {
      await server.jobs.runDue();
      clock.advance(2 * 60 * 60_000); // past any retry backoff
    }
    // The job's last failure and the import's commit together (its onLastFailure hook).
    expect(jobOf(server, id)).toEqual({ status: 'failed', attempts: 5 });
    expect(progress(server, id).status).toBe('failed');

    const failed = await get(server, account, id);
    expect(failed).toMatchObject({ status: 'failed', total_rows: 400, imported_rows: 250, failed_rows: 150 });
    expect(failed.completed_at).not.toBeNull();
    const failure = failed.errors.find((e: { row: number }) => e.row === 253);
    expect(failure.fields).toEqual([
      { loc: 'import', msg: expect.stringContaining('trim'), type: 'import_failed' },
    ]);
    expect(failed.errors.map((e: { row: number }) => e.row)).toEqual([100, 200, 253, 300, 400]);
    expect(customerNames(server, account)).toEqual({ distinct: 250, duplicated: [] });
    expect(existsSync(join(server.dataDir, 'blobs', stagedRowsKey(id)))).toBe(false);
    expect((await act(server, account, id, 'cancel')).status).toBe(409);
    expect((await act(server, account, id, 'confirm')).status).toBe(409);
  });
});

afterAll(() => Object.assign(importTuning, structuredClone(defaults)));
