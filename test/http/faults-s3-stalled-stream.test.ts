// SQLITE-ONLY TEST: the object store's stalls, the same whatever the database; the PostgreSQL lane would run them again for nothing.
// The object store stops answering in the middle of a streamed transfer (its connections stay open, nothing
// comes back: a frozen MinIO, a network that drops everything after the handshake). The store's one-shot
// requests were bounded by S3_ANSWER_TIMEOUT_SECONDS already (store-outage.test.ts); the streamed ones were
// not: a background archive's upload held its job `running` for good (its lease renewed by the heartbeat,
// so no instance ever took it over), and a download of a finished archive whose body stopped midway held
// the client's request for good. Both now end: the upload as an outage the job waits out (then it
// completes, whole), the download as a broken transfer (never a short file answered 200 and ended).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { RenderInput } from '../../src/rendering/types';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestS3 } from '../s3rver';
import { readZip } from '../zip';

const clock = new FakeClock(new Date('2026-11-26T10:00:00.000Z'));
const period = { from: '2026-11-01', to: '2026-11-30' };
const DOCUMENTS = 3;
const ANSWER_SECONDS = 1;

interface Seen {
  method: string;
  key: string;
  query: URLSearchParams;
}

/**
 * An HTTP proxy in front of s3rver that can stall a request: `hold` decides per request. A held request
 * is never answered (`'silent'`), or answered with its headers and the first half of its body and then
 * nothing more (`'half'`), the connection kept open either way until the proxy stops.
 */
function stallingProxy(s3: TestS3) {
  const bucketPath = `/${s3.bucket}/`;
  const seen: Seen[] = [];
  const never = new Promise<never>(() => {});
  const proxy = {
    seen,
    hold: null as ((request: Seen) => 'silent' | 'half' | null) | null,
    server: Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      idleTimeout: 0,
      maxRequestBodySize: 64 * 1024 * 1024,
      async fetch(request) {
        const url = new URL(request.url);
        const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
        const key = url.pathname.startsWith(bucketPath)
          ? decodeURIComponent(url.pathname.slice(bucketPath.length))
          : '';
        const request_ = { method: request.method, key, query: url.searchParams };
        seen.push(request_);
        const hold = proxy.hold?.(request_) ?? null;
        if (hold === 'silent') return await never;
        if (request.method === 'DELETE' && url.searchParams.has('uploadId'))
          return new Response(null, { status: 204 });
        const headers = new Headers(request.headers);
        headers.set('connection', 'close');
        const answer = await fetch(`${s3.endpoint}${url.pathname}${url.search}`, {
          method: request.method,
          headers,
          body,
        });
        const bytes = new Uint8Array(await answer.arrayBuffer());
        if (hold !== 'half') return new Response(bytes, { status: answer.status, headers: answer.headers });
        let sent = false;
        const stalled = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (sent) return await never;
            sent = true;
            controller.enqueue(bytes.subarray(0, bytes.byteLength >> 1));
          },
        });
        return new Response(stalled, { status: answer.status, headers: answer.headers });
      },
    }),
    get endpoint() {
      return `http://127.0.0.1:${proxy.server.port}`;
    },
  };
  return proxy;
}

/** A document's PDF, incompressible and deterministic, 512 KiB: the ZIP is one PUT. */
function pdfOf(number: string): Uint8Array {
  const bytes = new Uint8Array(512 * 1024);
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
let proxy: ReturnType<typeof stallingProxy>;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  s3 = await TestS3.start();
  proxy = stallingProxy(s3);
  server = await startServer({
    s3: s3.env({ S3_ENDPOINT: proxy.endpoint, S3_ANSWER_TIMEOUT_SECONDS: String(ANSWER_SECONDS) }),
    clock,
    startJobs: false,
    rulesetsDir: null,
    renderPdf: async (input: RenderInput) => pdfOf(input.data.invoice_number ?? ''),
  });
  account = await makeAccount(server);
  const parties = await makeParties(server, account);
  for (let i = 0; i < DOCUMENTS; i++) {
    await makeDocument(server, account, parties, { issue_date: '2026-11-02' }, ['finalize']);
  }
});
afterAll(async () => {
  await server.stop();
  await proxy.server.stop(true);
  await s3.stop();
});

const call = async (method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, body });
const keyOf = (id: string) => `exports/${account.id}/${id}.zip`;
/** `work`'s outcome, or 'still waiting' after `ms`: a stall fails the test instead of hanging it. */
const within = async <T>(work: Promise<T>, ms: number): Promise<T | 'still waiting'> =>
  await Promise.race([work, Bun.sleep(ms).then(() => 'still waiting' as const)]);

let archiveId = '';

describe('the bucket stops answering in the middle of a streamed transfer', () => {
  test("a background archive's upload: the attempt ends as an outage, the retry completes it whole", async () => {
    const start = await call('POST', '/api/v1/exports/archive', period);
    expect(start.status).toBe(202);
    archiveId = start.body.data.id as string;
    const key = keyOf(archiveId);
    let held = 0;
    proxy.hold = (request) =>
      request.key === key && request.method !== 'GET' && held++ === 0 ? 'silent' : null;
    try {
      // Before: the upload waited for the store for good; the job stayed `running`, its lease renewed.
      expect(await within(server.jobs.runDue(), 40_000)).not.toBe('still waiting');
    } finally {
      proxy.hold = null;
    }
    expect(held).toBeGreaterThan(0);
    const waiting = await call('GET', `/api/v1/exports/archive/${archiveId}`);
    // An outage, not a failure: the archive waits for the store, nothing stored or named meanwhile.
    expect(waiting.body.data).toMatchObject({ size_bytes: null, download_url: null });
    expect(['queued', 'running']).toContain(waiting.body.data.status);

    clock.advance(60_000);
    await server.jobs.runDue();
    const done = await call('GET', `/api/v1/exports/archive/${archiveId}`);
    expect(done.body.data.status).toBe('completed');
    const res = await server.request(`/api/v1/exports/archive/${archiveId}/download`, {
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(done.body.data.size_bytes);
    expect(readZip(bytes).filter((e) => e.name.endsWith('.pdf'))).toHaveLength(DOCUMENTS);
  }, 60_000);

  test('a download whose body stops midway: the transfer breaks (no short file ended as if whole)', async () => {
    expect(archiveId).not.toBe('');
    const key = keyOf(archiveId);
    proxy.hold = (request) => (request.key === key && request.method === 'GET' ? 'half' : null);
    try {
      const res = await server.request(`/api/v1/exports/archive/${archiveId}/download`, {
        key: account.apiKey,
      });
      expect(res.status).toBe(200);
      // Before: the body waited for the store for good, and so did the client.
      const outcome = await within(
        res.arrayBuffer().then(
          (body) => `ended after ${body.byteLength} bytes`,
          () => 'broken',
        ),
        30_000,
      );
      expect(outcome).toBe('broken');
    } finally {
      proxy.hold = null;
    }
    // The store answering again, the same download is whole.
    const again = await server.request(`/api/v1/exports/archive/${archiveId}/download`, {
      key: account.apiKey,
    });
    const bytes = new Uint8Array(await again.arrayBuffer());
    expect(readZip(bytes).filter((e) => e.name.endsWith('.pdf'))).toHaveLength(DOCUMENTS);
  }, 60_000);
});
