import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { renders } from '../../src/modules/renders/schema';
import { usageEvents } from '../../src/modules/usage/schema';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, makePlan, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { CANNOT_MOUNT, filesUnder, mountTinyTmpfs, unmount } from '../tmpfs';

// A full disk for real (test/tmpfs.ts): a 4 KiB tmpfs over the server's blob directory; test/unit/blob-store.test.ts
// covers the errno mapping where mounting is not possible.
const statelessData = {
  invoice_number: 'FULL-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Seller GmbH' },
  buyer: { name: 'Buyer SARL' },
  line_items: [
    { name: 'Widget', quantity: '2', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
  ],
};

let server: TestServer;
let account: TestAccount;
let blobDir: string;
let mounted = false;

beforeAll(async () => {
  server = await startServer();
  // One render a month: a unit the failed render did not give back would make the render after it a 429.
  await makePlan(server, { id: 'plan_one_render', rps: 100_000, quota: 1 });
  account = await makeAccount(server, { planId: 'plan_one_render' });
  blobDir = join(server.dataDir, 'blobs');
  mounted = mountTinyTmpfs(blobDir, 4096);
});
afterAll(async () => {
  if (mounted) unmount(blobDir);
  await server.stop();
});

const rowsOf = async () => ({
  renders: await server.db.select().from(renders).where(eq(renders.accountId, account.id)).all(),
  usage: await server.db.select().from(usageEvents).where(eq(usageEvents.accountId, account.id)).all(),
});

describe('a full disk while writing a render', () => {
  test.skipIf(CANNOT_MOUNT)(
    'stateless render: 507 insufficient_storage in the envelope; no render, no usage, no file',
    async () => {
      expect(mounted).toBe(true);
      const res = await server.json('/api/v1/documents/render', {
        method: 'POST',
        key: account.apiKey,
        body: { document_type: 'invoice', data: statelessData },
      });
      expect(res.status).toBe(507);
      expect(res.body.error).toMatchObject({
        status: 507,
        code: 'insufficient_storage',
        message: 'The file could not be stored: no space left on the storage device',
        details: { reason: 'ENOSPC' },
      });
      expect(res.body.error.request_id).toBe(res.headers.get('x-trace-id'));
      expect(await rowsOf()).toEqual({ renders: [], usage: [] });
      expect(filesUnder(blobDir)).toEqual([]);
    },
  );

  test.skipIf(CANNOT_MOUNT)('binary delivery and stored documents fail the same way', async () => {
    expect(mounted).toBe(true);
    const binary = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: statelessData, output: { delivery: 'binary' } },
    });
    expect(binary.status).toBe(507);
    expect(binary.headers.get('content-type')).toContain('application/json');

    const parties = await makeParties(server, account);
    const doc = await makeDocument(server, account, parties, { number: 'FULL-2' }, ['finalize']);
    const stored = await server.json(`/api/v1/documents/${doc.id}/renders`, {
      method: 'POST',
      key: account.apiKey,
      body: { page_size: 'A4' },
    });
    expect(stored.status).toBe(507);
    expect(stored.body.error.code).toBe('insufficient_storage');
    expect(await rowsOf()).toEqual({ renders: [], usage: [] });
    expect(filesUnder(blobDir)).toEqual([]);
  });

  test.skipIf(CANNOT_MOUNT)(
    'once space is back, the same account renders: its one unit of quota was given back',
    async () => {
      expect(mounted).toBe(true);
      unmount(blobDir);
      mounted = false;
      const res = await server.json('/api/v1/documents/render', {
        method: 'POST',
        key: account.apiKey,
        body: { document_type: 'invoice', data: statelessData },
      });
      expect(res.status).toBe(200);
      const after = await rowsOf();
      expect(after.renders.map((row) => row.id)).toEqual([res.body.data.id]);
      expect(after.usage).toHaveLength(1);
      expect(filesUnder(blobDir)).toEqual([`${res.body.data.id}.pdf`]);
    },
  );
});
