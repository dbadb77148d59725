// kill -9 while a large import commits: a child process runs the import.commit job against the server's
// data dir and is killed mid-way; once its lease has expired the server's runtime takes the job over.
import { afterAll, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount } from '../factories';
import { ROOT, startServer, tempDir } from '../harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ROWS = 6_000;

/** The worker: only the import job kinds, on the real clock, chunks of 50 customers. */
const WORKER = `
import { openDatabase } from '${ROOT}/src/db/client';
import { JobRuntime } from '${ROOT}/src/jobs/runtime';
import { importBackground } from '${ROOT}/src/modules/imports/background';
import { importTuning } from '${ROOT}/src/modules/imports/model';
import { systemClock } from '${ROOT}/src/shared/clock';
import { createLogger } from '${ROOT}/src/shared/logger';
import { FsBlobStore } from '${ROOT}/src/storage/fs-blob-store';
const [dbFile, blobRoot] = process.argv.slice(2);
importTuning.chunkEntries.customers = 50;
const { db } = openDatabase(dbFile);
const deps = { db, clock: systemClock, blobs: new FsBlobStore(blobRoot), logger: createLogger('silent') };
const { definitions } = importBackground(deps as never, { to: () => [] });
new JobRuntime({ db, clock: systemClock, definitions, pollMs: 5, leaseMs: 60_000 }).start();
`;

const workerDir = tempDir('imports-crash-');
afterAll(() => rmSync(workerDir, { recursive: true, force: true }));

test('after kill -9 mid-import the job resumes after the last committed chunk: nothing lost, nothing twice', async () => {
  const clock = new FakeClock(new Date());
  const server = await startServer({ clock, startJobs: false });
  try {
    const account = await makeAccount(server);
    const csv = ['name', ...Array.from({ length: ROWS }, (_, i) => `Crash ${i + 1}`)].join('\n');
    const created = await server.json('/api/v1/imports', {
      method: 'POST',
      key: account.apiKey,
      body: { source_format: 'csv', data: [csv] },
    });
    const id = created.body.data.id as string;
    const confirmed = await server.json(`/api/v1/imports/${id}/confirm`, {
      method: 'POST',
      key: account.apiKey,
    });
    expect(confirmed.body.data.status).toBe('processing');

    const sqlite = server.sqlite;
    const imported = () =>
      (sqlite.query('SELECT imported_rows AS n FROM imports WHERE id = ?').get(id) as { n: number }).n;
    const script = join(workerDir, 'worker.ts');
    writeFileSync(script, WORKER);
    const child = Bun.spawn(
      [process.execPath, script, join(server.dataDir, DATABASE_FILE), join(server.dataDir, 'blobs')],
      { stdout: 'inherit', stderr: 'inherit' },
    );
    const deadline = Date.now() + 20_000;
    while (imported() < ROWS / 4 && Date.now() < deadline) await sleep(1);
    child.kill('SIGKILL');
    await child.exited;
    expect(child.signalCode).toBe('SIGKILL');
    const byChild = imported();
    expect(byChild).toBeGreaterThan(0);
    expect(byChild).toBeLessThan(ROWS);
    const job = () =>
      sqlite.query('SELECT status, attempts FROM jobs WHERE run_key = ?').get(`import:${id}`) as {
        status: string;
        attempts: number;
      };
    expect(job()).toEqual({ status: 'running', attempts: 1 }); // orphaned by the kill

    // Within the dead worker's lease nothing happens; after it, the job resumes where the child stopped.
    await server.jobs.runDue();
    expect(imported()).toBe(byChild);
    clock.advance(2 * 60_000);
    await server.jobs.runDue();

    expect(job()).toEqual({ status: 'succeeded', attempts: 2 });
    const done = (await server.json(`/api/v1/imports/${id}`, { key: account.apiKey })).body.data;
    expect(done).toMatchObject({ status: 'completed', imported_rows: ROWS, failed_rows: 0 });
    const names = sqlite
      .query(
        'SELECT COUNT(*) AS n, COUNT(DISTINCT name) AS distinct_names FROM customers WHERE account_id = ?',
      )
      .get(account.id);
    expect(names).toEqual({ n: ROWS, distinct_names: ROWS });
  } finally {
    await server.stop();
  }
}, 60_000);
