// The service with S3_BUCKET set, on s3rver started in this process: every file it keeps (renders, logos,
// batches' combined PDFs, staged import rows, received originals) goes to the bucket and comes back from
// it, and the data dir holds none of them afterwards (only the database and caches may stay there).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { importTuning } from '../../src/modules/imports/model';
import { stagedRowsKey } from '../../src/modules/imports/staged-rows';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { ROOT, runCli, startServer, type TestServer, tempDir } from '../harness';
import { decompressedPdf } from '../pdf-tools';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { TestS3 } from '../s3rver';
import { readZip } from '../zip';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const UBL = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'));

let s3: TestS3;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  s3 = await TestS3.start();
  // Jobs run when a test says so (runDue): a batch or an import can be looked at before it is processed.
  server = await startServer({ s3: s3.env(), rulesetsDir: null, startJobs: false });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
  await s3.stop();
});

const call = async (method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, body });
const blobKeyOf = (table: string, id: string) =>
  (server.sqlite.query(`SELECT blob_key AS key FROM ${table} WHERE id = ?`).get(id) as { key: string }).key;
/** A stateless render's document data. */
const invoiceData = (n: number) => ({
  invoice_number: `S3-${n}`,
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Seller' },
  buyer: { name: `Buyer ${n}` },
  line_items: [{ name: 'Item', quantity: '1', unit_price: `${n + 1}.00` }],
});
/** An object of the bucket, read the way the service reads it. */
const inBucket = async (key: string) => await s3.store().get(key);

/**
 * The CLI as its own process, waited for without blocking this one: s3rver answers from this process's
 * event loop, which `runCli` (a synchronous spawn) would hold.
 */
async function cliWithBucket(args: string[], env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

/** Every file under the data dir, as relative paths. */
function filesUnder(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path, root) : [relative(root, path)];
  });
}

describe('the service on an S3 bucket', () => {
  test('/ready names the storage kind and really exercises the bucket', async () => {
    const ready = await server.json('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', storage: { kind: 's3' } });
    expect(ready.body.dependencies.storage).toBe('ok');
    // A bucket that does not exist: the check fails and the load balancer sees 503.
    const broken = await startServer({ s3: s3.env({ S3_BUCKET: 'no-such-bucket' }), rulesetsDir: null });
    try {
      const res = await broken.json('/ready');
      expect(res.status).toBe(503);
      expect(res.body.dependencies.storage).toBe('error');
      expect(res.body.storage).toEqual({ kind: 's3' });
    } finally {
      await broken.stop();
    }
  });

  test('a bucket that does not exist or a wrong key: a file route answers 503 naming the S3 setting, never a 500', async () => {
    for (const [env, reason] of [
      [{ S3_BUCKET: 'no-such-bucket' }, 'NoSuchBucket'],
      [{ S3_ACCESS_KEY_ID: 'WRONG' }, 'InvalidAccessKeyId'],
    ] as const) {
      const broken = await startServer({ s3: s3.env(env), rulesetsDir: null, startJobs: false });
      try {
        const { apiKey } = await makeAccount(broken);
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array([37, 80, 68, 70, 45])], { type: 'application/pdf' }),
          'a.pdf',
        );
        const answer = await fetch(`${broken.url}/api/v1/files`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}` },
          body: form,
        });
        const res = { status: answer.status, headers: answer.headers, body: (await answer.json()) as any };
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe('service_unavailable');
        expect(res.body.error.details).toEqual({ unavailable: 'storage', reason });
        expect(res.body.error.message).toContain('S3_*');
        expect(res.headers.get('retry-after')).toBe('5');
      } finally {
        await broken.stop();
      }
    }
  });

  test('a render is stored in the bucket and downloads by its signed link, byte for byte', async () => {
    const parties = await makeParties(server, account);
    const doc = (await call('POST', '/api/v1/documents', documentBody(parties))).body.data;
    await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    const render = (await call('POST', `/api/v1/documents/${doc.id}/renders`, {})).body.data;
    const key = blobKeyOf('renders', render.id);
    expect(key).toStartWith('renders/');
    const stored = await inBucket(key);
    expect(new TextDecoder().decode(stored?.subarray(0, 5))).toBe('%PDF-');

    const res = await fetch(render.download_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(body).equals(Buffer.from(stored as Uint8Array))).toBe(true);
    // A tampered link reads nothing from the bucket.
    expect((await fetch(`${render.download_url}x`)).status).toBe(404);
  });

  test('a render made on one instance downloads by its signed link from another with its own data dir', async () => {
    const parties = await makeParties(server, account);
    const doc = (await call('POST', '/api/v1/documents', documentBody(parties))).body.data;
    await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    const render = (await call('POST', `/api/v1/documents/${doc.id}/renders`, {})).body.data;
    // The second instance gets a copy of the database (SQLite cannot be shared across data dirs; PostgreSQL
    // would be) and nothing else: no blobs folder, no signing-secret file, the same bucket and secret.
    const otherDir = tempDir();
    server.sqlite.run(`VACUUM INTO '${join(otherDir, 'invoice-service.db')}'`);
    const other = await startServer({ dataDir: otherDir, s3: s3.env(), rulesetsDir: null, startJobs: false });
    try {
      const link = new URL(render.download_url);
      const res = await fetch(`${other.url}${link.pathname}${link.search}`);
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(Buffer.from((await inBucket(blobKeyOf('renders', render.id))) ?? []))).toBe(true);
      expect(filesUnder(otherDir).filter((f) => !f.startsWith('invoice-service.db'))).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  test('a logo is kept in the bucket and drawn into renders from there', async () => {
    const brand = await call('POST', '/api/v1/branding-profiles', { name: 'Brand' });
    const form = new FormData();
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${server.url}/api/v1/branding-profiles/${brand.body.data.id}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const fileId = ((await upload.json()) as { data: { logo_file_id: string } }).data.logo_file_id;
    expect(Buffer.from((await inBucket(blobKeyOf('files', fileId))) ?? []).equals(PNG_1X1)).toBe(true);
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: invoiceData(0), output: { delivery: 'binary' } },
    });
    expect(res.status).toBe(200);
    expect(await decompressedPdf(new Uint8Array(await res.arrayBuffer()))).toContain('/Subtype /Image');
  });

  test("a batch's PDFs and combined PDF are in the bucket; its ZIP is streamed from them", async () => {
    const batch = (
      await call('POST', '/api/v1/batches', {
        items: [1, 2, 3].map((n) => ({ external_id: `s3-${n}`, data: invoiceData(n) })),
        output: { combine: true },
      })
    ).body.data;
    await server.jobs.runDue();
    expect((await call('GET', `/api/v1/batches/${batch.id}`)).body.data.status).toBe('completed');
    const combined = server.sqlite
      .query('SELECT combined_blob_key AS key FROM batches WHERE id = ?')
      .get(batch.id) as { key: string };
    expect(await inBucket(combined.key)).not.toBeNull();

    const res = await server.request(`/api/v1/batches/${batch.id}/download`, { key: account.apiKey });
    expect(res.status).toBe(200);
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    expect(entries).toHaveLength(4); // three PDFs and the combined one
    for (const entry of entries) expect(new TextDecoder().decode(entry.bytes.subarray(0, 5))).toBe('%PDF-');
  });

  test("a large import's rows are staged in the bucket while it processes, and removed when it is done", async () => {
    const backgroundAbove = importTuning.backgroundAbove;
    importTuning.backgroundAbove = 5;
    try {
      const csv = [
        'name,email',
        ...Array.from({ length: 12 }, (_, i) => `S3 Row ${i},s3row${i}@example.com`),
      ];
      const created = await call('POST', '/api/v1/imports', { source_format: 'csv', data: [csv.join('\n')] });
      expect(created.status).toBe(200);
      const id = created.body.data.id;
      expect((await call('POST', `/api/v1/imports/${id}/confirm`)).body.data.status).toBe('processing');
      const staged = await inBucket(stagedRowsKey(id));
      expect(new TextDecoder().decode(staged ?? new Uint8Array())).toContain('s3row11@example.com');

      await server.jobs.runDue();
      expect((await call('GET', `/api/v1/imports/${id}`)).body.data).toMatchObject({
        status: 'completed',
        imported_rows: 12,
      });
      expect(await inBucket(stagedRowsKey(id))).toBeNull();
    } finally {
      importTuning.backgroundAbove = backgroundAbove;
    }
  });

  test('a received original is kept in the bucket and given back byte for byte', async () => {
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: new Uint8Array(UBL),
    });
    expect(res.status).toBe(201);
    const received = ((await res.json()) as { data: { id: string } }).data;
    expect(
      Buffer.from((await inBucket(blobKeyOf('received_documents', received.id))) ?? []).equals(UBL),
    ).toBe(true);
    const original = await server.request(`/api/v1/received-documents/${received.id}/original`, {
      key: account.apiKey,
    });
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(UBL)).toBe(true);
  });

  test('the receive command keeps its files in the same bucket', async () => {
    const file = join(tempDir('inv-s3-receive-'), 'invoice.xml');
    await Bun.write(file, UBL.toString('utf8').replace('123456XX', 'S3-CLI-1'));
    const cli = await cliWithBucket(['receive', file, '--account', account.id, '--json'], {
      DATA_DIR: server.dataDir,
      RULESETS_DIR: tempDir(), // an empty pack: the rules are not what this is about
      ...s3.env(),
    });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const id = server.sqlite
      .query("SELECT id FROM received_documents WHERE invoice_number = 'S3-CLI-1'")
      .get() as { id: string };
    expect(await inBucket(blobKeyOf('received_documents', id.id))).not.toBeNull();
  });

  test('afterwards the data dir holds the database and caches only; the bucket holds the files', async () => {
    const files = filesUnder(server.dataDir);
    const kept = files.filter((f) => !/^invoice-service\.db(-wal|-shm)?$/.test(f) && !f.startsWith('cache/'));
    expect(kept).toEqual([]);
    for (const file of files) {
      const head = readFileSync(join(server.dataDir, file)).subarray(0, 5).toString('latin1');
      expect(head === '%PDF-' || head.startsWith('PK') || head.startsWith('<')).toBe(false);
    }
    const keys = await s3.keys();
    for (const prefix of ['renders/', 'files/', 'received/', 'batches/']) {
      expect(keys.some((key) => key.startsWith(prefix))).toBe(true);
    }
  });

  test('backup and restore refuse with S3_BUCKET set, and say how the bucket is backed up', () => {
    const env = { DATA_DIR: server.dataDir, ...s3.env() };
    const backup = runCli(['backup', '--out', join(tempDir(), 'b.zip')], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('bucket copy');
    expect(backup.stderr).toContain(s3.bucket);
    const restore = runCli(['restore', join(tempDir(), 'b.zip')], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('bucket copy');
  });

  test('backup and restore refuse with DATABASE_URL set, before touching the database, and name pg_dump', () => {
    // Port 9 (discard) on loopback: nothing answers, and nothing has to, because the refusal comes first.
    const env = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' };
    for (const args of [
      ['backup', '--out', join(tempDir(), 'b.zip')],
      ['restore', join(tempDir(), 'b.zip')],
    ]) {
      const result = runCli(args, env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('pg_dump');
      expect(result.stderr).not.toContain('nobody');
    }
  });
});
