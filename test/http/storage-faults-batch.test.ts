// A full disk under a background batch (a real 4 KiB tmpfs over the blob directory, as in
// storage-faults.test.ts): every item fails with the storage reason instead of a PDF, no file is left
// behind, no unit of quota is spent, and the job ends the batch `failed` (not stuck in `processing`).
// Once space is back, a new batch renders. Needs root to mount; skipped elsewhere.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { usageEvents } from '../../src/modules/usage/schema';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { CANNOT_MOUNT, filesUnder, mountTinyTmpfs, unmount } from '../tmpfs';

let server: TestServer;
let account: TestAccount;
let blobDir: string;
let mounted = false;

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
  blobDir = join(server.dataDir, 'blobs');
  mounted = mountTinyTmpfs(blobDir, 4096);
});
afterAll(async () => {
  if (mounted) unmount(blobDir);
  await server.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });
const files = () => filesUnder(blobDir);
const usage = async () =>
  await server.db.select().from(usageEvents).where(eq(usageEvents.accountId, account.id)).all();

const batchOf = (count: number) => ({
  items: Array.from({ length: count }, (_, i) => ({
    data: {
      invoice_number: `DISK-${i + 1}`,
      issue_date: '2026-11-02',
      currency: 'EUR',
      seller: { name: 'Seller GmbH' },
      buyer: { name: `Buyer ${i + 1}` },
      line_items: [{ name: 'Widget', quantity: '1', unit_price: '10.00' }],
    },
  })),
});

test.skipIf(CANNOT_MOUNT)(
  'a batch on a full disk: items fail with the storage reason, no files, no usage, batch failed',
  async () => {
    expect(mounted).toBe(true);
    const created = await call('POST', '/api/v1/batches', batchOf(3));
    expect(created.status).toBe(200);
    await server.jobs.runDue();

    const batch = (await call('GET', `/api/v1/batches/${created.body.data.id}`)).body.data;
    expect(batch).toMatchObject({ status: 'failed', completed_items: 0, failed_items: 3 });
    const items = (await call('GET', `/api/v1/batches/${batch.id}/items`)).body.data;
    expect(
      items.map((item: { status: string; error_message: string }) => [item.status, item.error_message]),
    ).toEqual(Array(3).fill(['failed', 'The file could not be stored: no space left on the storage device']));
    expect(files()).toEqual([]);
    expect(await usage()).toEqual([]);
    const download = await call('GET', `/api/v1/batches/${batch.id}/download`);
    expect([download.status, download.body.error.code]).toEqual([409, 'conflict']);
  },
);

test.skipIf(CANNOT_MOUNT)('once space is back, the next batch renders and bills its items', async () => {
  expect(mounted).toBe(true);
  unmount(blobDir);
  mounted = false;
  const created = await call('POST', '/api/v1/batches', batchOf(2));
  await server.jobs.runDue();
  const batch = (await call('GET', `/api/v1/batches/${created.body.data.id}`)).body.data;
  expect(batch).toMatchObject({ status: 'completed', completed_items: 2, failed_items: 0 });
  expect(files()).toHaveLength(2);
  expect(await usage()).toHaveLength(2);
});
