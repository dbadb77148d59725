// The archive prepared in the background (exports.archive) on a bucket (issue 37): its ZIP streams into the
// BlobStore as one multipart upload while the documents are still being drawn, never whole in memory, and
// downloads byte for byte. A failed attempt leaves nothing partial under the key and the retry replaces
// whatever was there. s3rver behind a recording proxy (test/s3-proxy.ts); the PDFs are large and
// incompressible (the test's renderer) so the ZIP spans several 5 MiB parts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import type { RenderInput } from '../../src/rendering/types';
import { FakeClock } from '../../src/shared/clock';
import { MULTIPART } from '../../src/storage/s3-blob-store';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { S3Proxy, s3Error, until } from '../s3-proxy';
import { TestS3 } from '../s3rver';
import { readZip } from '../zip';

const MiB = 1024 * 1024;
const DOCUMENTS = 6;
const PDF_BYTES = 2 * MiB; // six of them: a 12 MiB ZIP, three parts
const clock = new FakeClock(new Date('2026-11-26T10:00:00.000Z'));
const period = { from: '2026-11-01', to: '2026-11-30' };

/** A document's PDF: deterministic from its number, incompressible (xorshift), so the ZIP is as large. */
function pdfOf(number: string): Uint8Array {
  const bytes = new Uint8Array(PDF_BYTES);
  let x = 2463534242;
  for (const c of number) x = (x ^ c.charCodeAt(0)) * 16777619;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}

let s3: TestS3;
let proxy: S3Proxy;
let server: TestServer;
let account: TestAccount;
const numbers: string[] = [];
let parties: { profileId: string; customerId: string };
/** PDFs drawn so far; set by a test, the renderer waits for `beforeLastDrawing` before the last one. */
let drawn = 0;
let beforeLastDrawing: (() => Promise<void>) | null = null;

beforeAll(async () => {
  s3 = await TestS3.start();
  proxy = S3Proxy.start(s3);
  server = await startServer({
    s3: proxy.env(),
    clock,
    startJobs: false,
    rulesetsDir: null,
    renderPdf: async (input: RenderInput) => {
      drawn += 1;
      if (drawn === DOCUMENTS) await beforeLastDrawing?.();
      return pdfOf(input.data.invoice_number ?? '');
    },
  });
  account = await makeAccount(server);
  parties = await makeParties(server, account);
  for (let i = 0; i < DOCUMENTS; i++) {
    const doc = await makeDocument(server, account, parties, { issue_date: '2026-11-02' }, ['finalize']);
    numbers.push(doc.number as string);
  }
  numbers.sort();
});
afterAll(async () => {
  await server.stop();
  await proxy.stop();
  await s3.stop();
});

const call = async (method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, body });
const keyOf = (id: string) => `exports/${account.id}/${id}.zip`;

/** The completed archive downloaded: its bytes, checked against the status and the PDFs drawn. */
async function downloadAndCheck(id: string): Promise<Uint8Array> {
  const status = await call('GET', `/api/v1/exports/archive/${id}`);
  expect(status.body.data.status).toBe('completed');
  const res = await server.request(`/api/v1/exports/archive/${id}/download`, { key: account.apiKey });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(bytes.byteLength).toBe(status.body.data.size_bytes);
  expect(bytes.byteLength).toBeGreaterThan(2 * MULTIPART.partSize);
  const entries = readZip(bytes);
  expect(entries.map((e) => e.name).sort()).toEqual([
    'index.csv',
    ...numbers.map((number) => `issued/${number}.pdf`),
  ]);
  for (const number of numbers) {
    const pdf = entries.find((e) => e.name === `issued/${number}.pdf`)?.bytes;
    expect(pdf && Buffer.from(pdf).equals(Buffer.from(pdfOf(number)))).toBe(true);
  }
  return bytes;
}

describe('exports.archive on S3', () => {
  test('streams into the bucket as one multipart upload while it is made; downloads and unzips whole', async () => {
    const start = await call('POST', '/api/v1/exports/archive', period);
    expect(start.status).toBe(202);
    const id = start.body.data.id as string;
    // The last PDF is drawn only once the ZIP's first part is in the bucket: a job that made the whole
    // ZIP before storing it would never get there (and the archive would lack that PDF).
    let drawnAfterFirstPart = false;
    drawn = 0;
    beforeLastDrawing = async () => {
      await until(() => proxy.shapeOf(keyOf(id)).parts.length >= 1, 'the first part before the last PDF');
      drawnAfterFirstPart = true;
    };
    try {
      await server.jobs.runDue();
    } finally {
      beforeLastDrawing = null;
    }
    expect(drawnAfterFirstPart).toBe(true);

    const bytes = await downloadAndCheck(id);
    const shape = proxy.shapeOf(keyOf(id));
    expect(shape).toMatchObject({ puts: 0, creates: 1, completes: 1, aborts: 0 });
    expect(shape.parts.map((p) => p.number).sort()).toEqual([1, 2, 3]);
    expect(shape.parts.reduce((sum, p) => sum + p.bytes, 0)).toBe(bytes.byteLength);
    // Neither memory nor the data dir held it: no ZIP or temp file was written under DATA_DIR.
    const dataFiles = readdirSync(server.service.config.dataDir, { recursive: true }).map(String);
    expect(dataFiles.filter((f) => /\.zip|\.part$|\.tmp$/.test(f))).toEqual([]);
  }, 60_000);

  test('a failed attempt leaves nothing partial; the retry replaces what was under the key', async () => {
    const start = await call('POST', '/api/v1/exports/archive', period);
    const id = start.body.data.id as string;
    const key = keyOf(id);
    // What an earlier attempt would leave if it stored its ZIP and then lost its lease before the commit.
    const stale = new TextEncoder().encode('an earlier attempt, never committed');
    await s3.store().put(key, stale);
    proxy.fault = (request) =>
      request.key === key && request.query.get('partNumber') === '2'
        ? s3Error(503, 'ServiceUnavailable')
        : null;
    try {
      await server.jobs.runDue(); // the first attempt: part 2 is refused, retried, refused for good
    } finally {
      proxy.fault = null;
    }
    const failed = await call('GET', `/api/v1/exports/archive/${id}`);
    expect(failed.body.data).toMatchObject({ status: 'running', size_bytes: null, download_url: null });
    const early = await server.request(`/api/v1/exports/archive/${id}/download`, { key: account.apiKey });
    expect(early.status).toBe(404);
    await early.arrayBuffer();
    await until(() => proxy.shapeOf(key).aborts >= 1, 'the failed upload aborted');
    expect(proxy.shapeOf(key).completes).toBe(0);
    expect(await s3.store().get(key)).toEqual(stale); // untouched: nothing half-written

    clock.advance(60_000); // past the retry's backoff
    await server.jobs.runDue();
    const bytes = await downloadAndCheck(id);
    const stored = await s3.store().get(key);
    expect(stored && Buffer.from(stored).equals(Buffer.from(bytes))).toBe(true);
    expect(proxy.shapeOf(key)).toMatchObject({ creates: 2, completes: 1 });
    expect(await s3.keys(`exports/${account.id}/`)).toContain(key);
  }, 60_000);

  // Last: it stops the server's job runtime.
  test('a worker that loses its claim midway (its signal aborts) gives up the upload: nothing stored', async () => {
    // The earlier documents' PDFs are kept as issued (issue 39) and taken from the bucket, not drawn
    // again: six new documents are what this archive draws (newest first, before the kept ones).
    for (let i = 0; i < DOCUMENTS; i++) {
      await makeDocument(server, account, parties, { issue_date: '2026-11-03' }, ['finalize']);
    }
    const start = await call('POST', '/api/v1/exports/archive', period);
    const id = start.body.data.id as string;
    const key = keyOf(id);
    drawn = 0;
    beforeLastDrawing = async () => {
      await until(() => proxy.shapeOf(key).parts.length >= 1, 'the first part before the last PDF');
      // The runtime stops: after its grace it releases the claim and aborts the handler's signal, as when
      // a lease is lost and another worker may take the job over.
      await server.jobs.stop();
    };
    try {
      await server.jobs.runDue();
    } finally {
      beforeLastDrawing = null;
    }
    await until(() => proxy.shapeOf(key).aborts >= 1, 'the upload aborted');
    expect(proxy.shapeOf(key).completes).toBe(0);
    expect(await s3.store().get(key)).toBeNull();
    const row = await call('GET', `/api/v1/exports/archive/${id}`);
    expect(row.body.data).toMatchObject({ size_bytes: null, download_url: null });
    expect(row.body.data.status).not.toBe('completed');
  }, 60_000);
});
