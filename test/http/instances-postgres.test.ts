// Issue 26's "Done when" for several instances: two `serve` processes on one PostgreSQL database and one
// S3 bucket (s3rver), each with its own DATA_DIR and the same SIGNING_SECRET, as two hosts behind a load
// balancer. What one writes the other reads; a signed link made on one downloads from the other; one
// Idempotency-Key sent to both makes one resource; a numbering race from both gives consecutive numbers; a
// batch whose instance is killed with SIGKILL finishes on the other; and nothing the service keeps lands in
// either data dir: the rows are in the database, the PDFs in the bucket.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { runCli, tempDir } from '../harness';
import { callInstance, type Instance, postOnEvery, startInstance, waitUntil } from '../instances';
import { hasPostgres, startPostgres } from '../postgres';
import { TestS3 } from '../s3rver';
import { readZip } from '../zip';

const BATCH_ITEMS = 60;
const RACE_DOCUMENTS = 40;
const today = new Date().toISOString().slice(0, 10);
const lines = [
  { name: 'Service', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
];
const renderData = (n: number) => ({
  invoice_number: `R-${n}`,
  issue_date: today,
  currency: 'EUR',
  seller: { name: 'Two Hosts GmbH' },
  buyer: { name: `Buyer ${n}` },
  line_items: lines,
});

let s3: TestS3;
let sql: postgres.Sql;
let env: Record<string, string> = {};
let a: Instance;
let b: Instance;
let key = '';
const cliDir = tempDir('inv-instances-pg-cli-');
const dirA = tempDir('inv-instances-pg-a-');
const dirB = tempDir('inv-instances-pg-b-');

const call = (on: Instance, method: string, path: string, body?: unknown) =>
  callInstance(on, key, method, path, body);

/** Every file under `dir`, recursively. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : entry.isFile() ? [path] : [];
  });
}
const startsWith = (path: string, magic: string) =>
  readFileSync(path).subarray(0, magic.length).toString() === magic;

beforeAll(async () => {
  if (!hasPostgres) return;
  const cluster = await startPostgres();
  const url = await cluster.createDatabase();
  sql = postgres(url, { max: 2, onnotice: () => {} });
  s3 = await TestS3.start();
  env = {
    DATABASE_URL: url,
    ...s3.env(),
    // A killed instance's job is claimable again 3 s after its last renewal.
    JOB_LEASE_SECONDS: '3',
    RENDER_WORKERS: '1',
    RULES_WORKERS: '1',
  };
  const cli = { ...env, DATA_DIR: cliDir };
  const plan = [
    'plans',
    'set',
    '--id',
    'plan_hosts',
    '--name',
    'Hosts',
    '--quota',
    '100000',
    '--rps',
    '100000',
  ];
  expect(runCli(plan, cli).code).toBe(0);
  const made = runCli(['accounts', 'create', '--name', 'Hosts', '--plan', 'plan_hosts', '--json'], cli);
  expect(made.code).toBe(0);
  key = JSON.parse(made.stdout).api_key.api_key;
  [a, b] = await Promise.all([startInstance({ env, dataDir: dirA }), startInstance({ env, dataDir: dirB })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.dispose(), b?.dispose()]);
  await sql?.end({ timeout: 1 });
  await s3?.stop();
  for (const dir of [cliDir, dirA, dirB]) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasPostgres)('two instances on one PostgreSQL database and one bucket', () => {
  test('a customer made on A is read on B', async () => {
    const made = await call(a, 'POST', '/api/v1/customers', {
      name: 'Across Hosts GmbH',
      email: 'ap@across.example',
    });
    expect(made.status).toBe(200);
    const read = await call(b, 'GET', `/api/v1/customers/${made.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(made.body.data);
  });

  test('a render made on A downloads from B by its signed link, with no key', async () => {
    const render = await call(a, 'POST', '/api/v1/documents/render', {
      data: renderData(0),
      output: { format: 'pdf', delivery: 'url' },
    });
    expect(render.status).toBe(200);
    const link = new URL(render.body.data.download_url, a.url);
    expect(link.searchParams.get('token')).toBeTruthy();
    const onB = await fetch(`${b.url}${link.pathname}${link.search}`);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toStartWith('application/pdf');
    expect(new TextDecoder().decode((await onB.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    // The token is what lets it through: without it, and without a key, B refuses.
    expect((await fetch(`${b.url}${link.pathname}`)).status).toBe(401);
  });

  test('one Idempotency-Key sent to A and B at once makes one customer', async () => {
    const body = { name: 'Idempotent Hosts GmbH' };
    // One ran it; the other replayed its answer or, while it still ran, was told so (409) and retried.
    const { ran, settled } = await postOnEvery([a, b], key, '/api/v1/customers', body, 'two-hosts-1');
    expect(ran).toHaveLength(1);
    const id = ran[0]?.body.data.id as string;
    expect(settled.map((r) => [r.status, r.body.data.id])).toEqual([
      [200, id],
      [200, id],
    ]);
    const rows = await sql`SELECT id FROM customers WHERE name = ${body.name}`;
    expect(rows.map((r) => r.id)).toEqual([id]);
  });

  test(`${RACE_DOCUMENTS} documents numbered by one sequence from both at once get consecutive numbers`, async () => {
    const profile = (await call(a, 'POST', '/api/v1/business-profiles', { legal_name: 'Two Hosts GmbH' }))
      .body.data;
    const customer = (await call(b, 'POST', '/api/v1/customers', { name: 'Numbered Buyer Ltd' })).body.data;
    const sequence = (
      await call(a, 'POST', '/api/v1/numbering-sequences', { name: 'Race', prefix: 'H-', pattern: '{NNNNN}' })
    ).body.data;
    const one = async (n: number) => {
      const on = n % 2 === 0 ? a : b;
      const made = await call(on, 'POST', '/api/v1/documents', {
        numbering_sequence_id: sequence.id,
        issue_date: today,
        currency: 'EUR',
        business_profile_id: profile.id,
        customer_id: customer.id,
        line_items: lines,
      });
      expect(made.body.error ?? null).toBeNull();
      const finalized = await call(
        n % 3 === 0 ? a : b,
        'POST',
        `/api/v1/documents/${made.body.data.id}/finalize`,
      );
      expect(finalized.body.error ?? null).toBeNull();
      return finalized.body.data as { id: string; number: string; status: string };
    };
    const documents = await Promise.all(Array.from({ length: RACE_DOCUMENTS }, (_, n) => one(n)));
    expect(documents.every((d) => d.status === 'finalized')).toBe(true);
    const expected = Array.from({ length: RACE_DOCUMENTS }, (_, i) => `H-${String(i + 1).padStart(5, '0')}`);
    expect(documents.map((d) => d.number).sort()).toEqual(expected);
    const rows =
      await sql`SELECT number FROM documents WHERE number LIKE 'H-%' AND status = 'finalized' ORDER BY number`;
    expect(rows.map((r) => r.number)).toEqual(expected);
  }, 120_000);

  test(`a ${BATCH_ITEMS}-item batch started on A completes on B after kill -9 of A; its ZIP holds ${BATCH_ITEMS} PDFs`, async () => {
    // B steps aside (a clean stop) so the batch's job is A's to claim; once A is under way it is frozen
    // (SIGSTOP: a host that hangs, then dies), B comes back on its data dir, and A is killed with SIGKILL.
    await b.kill('SIGTERM');
    const batch = await call(a, 'POST', '/api/v1/batches', {
      items: Array.from({ length: BATCH_ITEMS }, (_, n) => ({
        external_id: `B-${n}`,
        data: renderData(n + 1),
      })),
      output: { format: 'pdf', archive_format: 'zip' },
    });
    // Seen once in CI under heavy load: a 401 here. What A said and printed, should it come back.
    expect(
      { status: batch.status, running: a.running() },
      `${JSON.stringify(batch.body)}\n${a.output().slice(-2000)}`,
    ).toEqual({
      status: 200,
      running: true,
    });
    const id = batch.body.data.id as string;
    const batchOn = async (on: Instance) => (await call(on, 'GET', `/api/v1/batches/${id}`)).body.data;
    await waitUntil(
      async () => (await batchOn(a)).completed_items >= 3,
      'A to get going with the batch',
      120_000,
    );
    process.kill(a.pid, 'SIGSTOP');
    const [frozen] =
      await sql`SELECT status, completed_items::int AS completed_items FROM batches WHERE id = ${id}`;
    expect(frozen?.status).toBe('processing');
    expect(frozen?.completed_items).toBeLessThan(BATCH_ITEMS);
    b = await startInstance({ env, dataDir: dirB });
    expect(await a.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    await waitUntil(async () => (await batchOn(b)).status === 'completed', 'B to finish the batch', 120_000);
    const done = await batchOn(b);
    expect([done.completed_items, done.failed_items]).toEqual([BATCH_ITEMS, 0]);
    const zip = await fetch(`${b.url}/api/v1/batches/${id}/download`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(zip.status).toBe(200);
    const entries = readZip(new Uint8Array(await zip.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual(
      Array.from({ length: BATCH_ITEMS }, (_, n) => `B-${n}.pdf`).sort(),
    );
    for (const entry of entries) expect(new TextDecoder().decode(entry.bytes.subarray(0, 5))).toBe('%PDF-');
    // Each item rendered and billed once, whoever rendered it.
    const [counts] = await sql`
      SELECT COUNT(*)::int AS items, COUNT(DISTINCT i.render_id)::int AS renders,
             (SELECT COUNT(*)::int FROM usage_events u WHERE u.render_id IN
               (SELECT render_id FROM batch_items WHERE batch_id = ${id})) AS events
      FROM batch_items i WHERE i.batch_id = ${id} AND i.status = 'completed'`;
    expect(counts).toEqual({ items: BATCH_ITEMS, renders: BATCH_ITEMS, events: BATCH_ITEMS });
  }, 240_000);

  test('neither data dir holds a database or a PDF: the rows are in PostgreSQL, the PDFs in the bucket', async () => {
    for (const dir of [a.dataDir, b.dataDir]) {
      const files = walk(dir);
      expect(files.filter((f) => /\.(db|sqlite|pdf)(-wal|-shm)?$/i.test(f))).toEqual([]);
      expect(files.filter((f) => startsWith(f, 'SQLite format 3') || startsWith(f, '%PDF-'))).toEqual([]);
    }
    const [rows] = await sql`
      SELECT (SELECT COUNT(*)::int FROM customers) AS customers,
             (SELECT COUNT(*)::int FROM documents WHERE status = 'finalized') AS finalized,
             (SELECT COUNT(*)::int FROM batch_items) AS batch_items`;
    expect(rows).toEqual({ customers: 3, finalized: RACE_DOCUMENTS, batch_items: BATCH_ITEMS });
    const renders = await sql`SELECT blob_key FROM renders`;
    expect(renders.length).toBe(BATCH_ITEMS + 1);
    const keys = new Set(await s3.keys());
    expect(renders.filter((r) => !keys.has(r.blob_key))).toEqual([]);
    for (const r of renders.slice(0, 3)) {
      const bytes = await s3.store().get(r.blob_key);
      expect(new TextDecoder().decode(bytes?.subarray(0, 5))).toBe('%PDF-');
    }
  });
});
