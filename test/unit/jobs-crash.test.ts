// kill -9 in the middle of a batch: a child process runs jobs whose effect commits with the completion;
// after the kill, this process takes over once the leases expire. Every effect appears exactly once.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { enqueueJob } from '../../src/jobs/queue';
import { JobRuntime } from '../../src/jobs/runtime';
import { jobs } from '../../src/jobs/schema';
import { FakeClock } from '../../src/shared/clock';
import { effectJob } from '../jobs-crash-worker';

const temp = mkdtempSync(join(tmpdir(), 'jobs-crash-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JOBS = 60;

test('after kill -9 mid-batch, the rest runs once the leases expire: nothing lost, nothing twice', async () => {
  const path = join(temp, 'crash.sqlite');
  const { db, sqlite } = openDatabase(path);
  migrate(sqlite);
  // No unique constraint on purpose: a duplicate effect must be visible, not rejected.
  sqlite.exec('CREATE TABLE effects (seq INTEGER PRIMARY KEY, job_id TEXT NOT NULL, i INTEGER NOT NULL)');
  const clock = new FakeClock(new Date());
  for (let i = 0; i < JOBS; i++) await enqueueJob(db, clock, effectJob, { i });

  const child = Bun.spawn([process.execPath, resolve(import.meta.dir, '../jobs-crash-worker.ts'), path], {
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const count = () => (sqlite.query('SELECT COUNT(*) AS n FROM effects').get() as { n: number }).n;
  const deadline = Date.now() + 20_000;
  const running = () =>
    (sqlite.query("SELECT COUNT(*) AS n FROM jobs WHERE status = 'running'").get() as { n: number }).n;
  // Kill while handlers are mid-sleep, not in the gap between one batch's commits and the next claims.
  while ((count() < JOBS / 4 || running() === 0) && Date.now() < deadline) await sleep(1);
  child.kill('SIGKILL');
  await child.exited;
  expect(child.signalCode).toBe('SIGKILL');
  const doneByChild = count();
  expect(doneByChild).toBeGreaterThan(0);
  expect(doneByChild).toBeLessThan(JOBS);
  const orphaned = (await db.select().from(jobs).all()).filter((j) => j.status === 'running');
  expect(orphaned.length).toBeGreaterThan(0); // the kill caught jobs in flight

  // Before the leases expire nothing of the dead worker's is taken; after, everything is.
  const runtime = new JobRuntime({ db, clock, definitions: [effectJob] });
  await runtime.runDue();
  expect((await db.select().from(jobs).all()).filter((j) => j.status === 'running')).toHaveLength(
    orphaned.length,
  );
  clock.advance(60_000);
  await runtime.runDue();

  const all = await db.select().from(jobs).all();
  expect(all.filter((j) => j.status !== 'succeeded')).toEqual([]);
  const effects = sqlite.query('SELECT job_id, i FROM effects').all() as { job_id: string; i: number }[];
  expect(effects).toHaveLength(JOBS);
  expect(new Set(effects.map((e) => e.job_id))).toEqual(new Set(all.map((j) => j.id)));
  expect(new Set(effects.map((e) => e.i)).size).toBe(JOBS);
  for (const j of orphaned) expect(all.find((a) => a.id === j.id)?.attempts).toBe(2);
});
