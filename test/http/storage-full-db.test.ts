// The whole data dir on a real full disk (test/tmpfs.ts): the database and the files share one tiny tmpfs, so
// SQLite itself answers SQLITE_FULL. Every write path answers 507 insufficient_storage in the envelope with
// nothing half-written, reads and /health go on, and once space is back the service works again with a usage
// meter equal to the renders made, including a render whose quota give-back the full disk refused.
// Needs root to mount; skipped elsewhere.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { isStorageFull } from '../../src/db/errors';
import { STORAGE_FULL_MESSAGE } from '../../src/http/error-handler';
import { files } from '../../src/modules/files/schema';
import { renders } from '../../src/modules/renders/schema';
import { documentBody, makeDocument, makeParties } from '../document-factories';
import { makeAccount, makePlan, type TestAccount } from '../factories';
import { ShiftedClock, startServer, type TestServer, tempDir } from '../harness';
import { CANNOT_MOUNT, fillDisk, mountTinyTmpfs, unmount } from '../tmpfs';

let server: TestServer;
let account: TestAccount;
let dataDir: string;
let mounted = false;
let parties: { profileId: string; customerId: string };
let draftId: string;
/** Set by a test: the next render fills the disk while it draws (its unit of quota is already reserved). */
let fillWhileDrawing = false;
let freeSpace: () => void = () => undefined;
/** Moved past a job's lease (60 s) when a job could not even record its failure. */
const clock = new ShiftedClock();

const FAKE_PDF = new TextEncoder().encode('%PDF-1.7\n% drawn by the test\n%%EOF\n');

beforeAll(async () => {
  dataDir = tempDir('inv-full-');
  mounted = !CANNOT_MOUNT && mountTinyTmpfs(dataDir, 32 << 20);
  server = await startServer({
    dataDir,
    clock,
    startJobs: false,
    renderPdf: async () => {
      if (fillWhileDrawing) {
        fillWhileDrawing = false;
        freeSpace = fillDisk(dataDir, server.sqlite);
      }
      return FAKE_PDF;
    },
  });
  // Two renders a month: a unit the failed render kept would make the render after it a 429.
  await makePlan(server, { id: 'plan_two_renders', rps: 100_000, quota: 2 });
  account = await makeAccount(server, { planId: 'plan_two_renders' });
  parties = await makeParties(server, account);
  draftId = (await makeDocument(server, account, parties)).id;
});
afterAll(async () => {
  if (mounted) unmount(dataDir);
  await server.stop();
});

const call = async (method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, body });
const renderData = {
  invoice_number: 'FULL-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Seller GmbH' },
  buyer: { name: 'Buyer SARL' },
  line_items: [{ name: 'Widget', quantity: '1', unit_price: '10.00' }],
};
const render = async () =>
  await call('POST', '/api/v1/documents/render', { document_type: 'invoice', data: renderData });
async function upload() {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(64 * 1024).fill(7)], { type: 'text/plain' }), 'notes.txt');
  const res = await fetch(`${server.url}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}
const keyed = async () =>
  await server.json('/api/v1/customers', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'Keyed Ltd' },
    headers: { 'idempotency-key': 'full-disk-1' },
  });
/** What the account has, read through the API (reads keep working on a full disk). */
async function holdings() {
  const list = async (path: string) =>
    (await call('GET', path)).body.data.map((row: { id: string }) => row.id);
  const limits = (await call('GET', '/api/v1/usage/limits')).body.data;
  return {
    customers: await list('/api/v1/customers'),
    documents: await list('/api/v1/documents'),
    draft: (await call('GET', `/api/v1/documents/${draftId}`)).body.data.status,
    files: (await server.db.select().from(files).where(eq(files.accountId, account.id)).all()).length,
    meter: limits.renders.used,
    events: (await list('/api/v1/usage/events')).length,
    renders: (await server.db.select().from(renders).where(eq(renders.accountId, account.id)).all()).length,
  };
}
const healthy = async () => (await server.request('/health')).status;

function expect507(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(507);
  expect(res.body.error).toMatchObject({ status: 507, code: 'insufficient_storage' });
  expect(res.body.error.request_id).toBe(res.headers.get('x-trace-id'));
}

describe('the data dir on a full disk', () => {
  test.skipIf(CANNOT_MOUNT)(
    'document create, finalize, customer create, a render and an upload: 507 each, nothing written',
    async () => {
      expect(mounted).toBe(true);
      const before = await holdings();
      freeSpace = fillDisk(dataDir, server.sqlite);

      const customer = await call('POST', '/api/v1/customers', { name: 'Full Disk Ltd' });
      expect507(customer);
      expect(customer.body.error.message).toBe(STORAGE_FULL_MESSAGE);
      expect507(await call('POST', '/api/v1/documents', documentBody(parties)));
      expect507(await call('POST', `/api/v1/documents/${draftId}/finalize`));
      expect507(await render()); // the usage reservation is the first write it makes
      expect507(await upload());
      expect507(await keyed()); // the Idempotency-Key claim, before the route, is a write too
      expect(await healthy()).toBe(200);
      expect(await holdings()).toEqual(before);
    },
  );

  test.skipIf(CANNOT_MOUNT)('once space is freed, the same writes succeed', async () => {
    expect(mounted).toBe(true);
    freeSpace();
    expect((await call('POST', '/api/v1/customers', { name: 'Room Again Ltd' })).status).toBe(200);
    expect((await keyed()).status).toBe(200); // the full disk left no claim on the key behind
    expect((await call('POST', `/api/v1/documents/${draftId}/finalize`)).status).toBe(200);
    expect((await upload()).status).toBe(200);
    expect((await render()).status).toBe(200);
    expect(await healthy()).toBe(200);
    expect(await holdings()).toMatchObject({ draft: 'finalized', meter: 1, events: 1, renders: 1 });
  });

  test.skipIf(CANNOT_MOUNT)(
    'a render that meets a full disk after reserving: 507, its unit is off the meter and free again once space is back',
    async () => {
      expect(mounted).toBe(true);
      fillWhileDrawing = true;
      const failed = await render();
      expect507(failed);
      expect(failed.body.error.details).toEqual({ reason: 'ENOSPC' }); // the PDF write met the full disk
      expect(await healthy()).toBe(200);
      // The give-back's delete could not be written either: the reservation is only a hold, never metered.
      expect(await holdings()).toMatchObject({ meter: 1, events: 1, renders: 1 });

      freeSpace();
      // Quota 2 with 1 made: the refused give-back is retried by this reservation, so it is not a 429.
      expect((await render()).status).toBe(200);
      expect(await holdings()).toMatchObject({ meter: 2, events: 2, renders: 2 });
      expect((await render()).body.error.code).toBe('quota_exceeded');
      expect(await healthy()).toBe(200);
    },
  );
});

describe('a background job on a full disk', () => {
  test.skipIf(CANNOT_MOUNT)(
    'a batch whose disk fills mid-run fails its attempt, keeps its item, and completes once space is back',
    async () => {
      expect(mounted).toBe(true);
      const batchAccount = await makeAccount(server);
      const batchCall = async (method: string, path: string, body?: unknown) =>
        await server.json(path, { method, key: batchAccount.apiKey, body });
      const created = await batchCall('POST', '/api/v1/batches', {
        items: [{ data: { ...renderData, invoice_number: 'BATCH-1' } }],
      });
      expect(created.status).toBe(200);
      const batchPath = `/api/v1/batches/${created.body.data.id}`;
      const meter = async () => (await batchCall('GET', '/api/v1/usage/limits')).body.data.renders.used;
      const made = async () =>
        (await server.db.select().from(renders).where(eq(renders.accountId, batchAccount.id)).all()).length;

      fillWhileDrawing = true;
      await server.jobs.runDue();
      // Neither the item's outcome nor the job's failure could be written: nothing half-done is visible.
      expect((await batchCall('GET', batchPath)).body.data).toMatchObject({
        status: 'processing',
        completed_items: 0,
        failed_items: 0,
      });
      expect([await meter(), await made()]).toEqual([0, 0]);
      expect(await healthy()).toBe(200);
      clock.advance(61_000); // the attempt's lease, which the full disk kept it from giving back, runs out
      // Still full: the claim itself cannot be written, so no attempt is spent (the poll loop logs it and
      // polls again; runDue, the tests' entry, passes the error on).
      expect(isStorageFull(await server.jobs.runDue().catch((error: unknown) => error))).toBe(true);

      freeSpace();
      expect(await server.jobs.runDue()).toBe(1);
      expect((await batchCall('GET', batchPath)).body.data).toMatchObject({
        status: 'completed',
        completed_items: 1,
        failed_items: 0,
      });
      expect([await meter(), await made()]).toEqual([1, 1]);
    },
  );
});
