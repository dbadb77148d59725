// A job definition's one hook for the end: onLastFailure runs once when a job fails for good (attempts used
// up, a permanent error, its worker lost on the last attempt), in the transaction that records it failed.
// And the job's context, made by the runtime: forAccount gives the use-case context with the job as actor.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { defineJob, JobError, WorkerLostError } from '../../src/jobs/definition';
import { claim, enqueueJob, getJob } from '../../src/jobs/queue';
import { JobRuntime } from '../../src/jobs/runtime';
import { FakeClock } from '../../src/shared/clock';

const temp = mkdtempSync(join(tmpdir(), 'jobs-last-failure-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let n = 0;
function database() {
  const { db, sqlite } = openDatabase(join(temp, `f${n++}.sqlite`));
  migrate(sqlite);
  sqlite.exec('CREATE TABLE gave_up (job_id TEXT NOT NULL, attempt INTEGER NOT NULL, error TEXT NOT NULL)');
  const gaveUp = () => sqlite.query('SELECT job_id, attempt, error FROM gave_up').all();
  return { db, gaveUp };
}

const HOUR = 60 * 60_000;
const Item = Type.Object({ i: Type.Number() });
type Seen = { attempt: number; error: Error; payload: { i: number } };

/** A kind whose handler throws `fail(attempt)`; its hook records what it got, in the job's transaction. */
function failing(fail: (attempt: number) => Error, hookThrows: () => boolean = () => false) {
  const seen: Seen[] = [];
  const def = defineJob({
    kind: 'flaky',
    payload: Item,
    maxAttempts: 3,
    backoffMs: () => HOUR,
    handler: async (_payload, job) => {
      throw fail(job.attempt);
    },
    onLastFailure: async (payload, job, error) => {
      seen.push({ attempt: job.attempt, error, payload });
      await job.db.run(sql`INSERT INTO gave_up VALUES (${job.jobId}, ${job.attempt}, ${error.message})`);
      if (hookThrows()) throw new Error('the hook failed');
    },
  });
  return { def, seen };
}

async function runAll(runtime: JobRuntime, clock: FakeClock, rounds: number) {
  for (let i = 0; i < rounds; i++) {
    await runtime.runDue();
    clock.advance(HOUR);
  }
}

test('retryable errors: the hook runs once, after the last attempt, with its error and the payload', async () => {
  const { db, gaveUp } = database();
  const clock = new FakeClock();
  const { def, seen } = failing((attempt) => new Error(`down ${attempt}`));
  const job = await enqueueJob(db, clock, def, { i: 7 });
  const runtime = new JobRuntime({ db, clock, definitions: [def] });
  await runtime.runDue();
  await runtime.runDue();
  expect(seen).toEqual([]); // attempts 1 and 2 were retried
  await runAll(runtime, clock, 3);
  expect(seen.map((s) => [s.attempt, s.error.message, s.payload])).toEqual([[3, 'down 3', { i: 7 }]]);
  expect(await getJob(db, job.id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'down 3' });
  expect(gaveUp()).toEqual([{ job_id: job.id, attempt: 3, error: 'down 3' }]);
});

test('a permanent error: the hook runs at once, on the first attempt, with the error and its cause', async () => {
  const { db } = database();
  const clock = new FakeClock();
  const cause = new Error('the record is gone');
  const { def, seen } = failing(() => JobError.permanent('cannot run', { cause }));
  const job = await enqueueJob(db, clock, def, { i: 1 });
  await runAll(new JobRuntime({ db, clock, definitions: [def] }), clock, 3);
  expect(seen).toHaveLength(1);
  expect(seen[0]?.attempt).toBe(1);
  expect(seen[0]?.error).toBeInstanceOf(JobError);
  expect(seen[0]?.error.cause).toBe(cause);
  expect(await getJob(db, job.id)).toMatchObject({ status: 'failed', attempts: 1 });
});

test('a worker lost on the last attempt: the claim after its lease gives the job up and runs the hook', async () => {
  const { db, gaveUp } = database();
  const clock = new FakeClock();
  const { def, seen } = failing(() => new Error('never runs'));
  const job = await enqueueJob(db, clock, def, { i: 2 });
  // Three workers claim it in turn and die (kill -9) before finishing.
  for (let i = 0; i < 3; i++) {
    expect((await claim(db, clock, { kinds: ['flaky'], leaseMs: 60_000 }))?.id).toBe(job.id);
    clock.advance(61_000);
  }
  expect(await new JobRuntime({ db, clock, definitions: [def] }).runDue()).toBe(0); // given up, not run
  expect(seen).toHaveLength(1);
  expect(seen[0]?.error).toBeInstanceOf(WorkerLostError);
  expect(await getJob(db, job.id)).toMatchObject({
    status: 'failed',
    lastError: expect.stringContaining('worker lost'),
  });
  expect(gaveUp()).toEqual([{ job_id: job.id, attempt: 4, error: expect.stringContaining('worker lost') }]);
});

test('a hook that throws commits nothing: the job stays claimed until its lease ends, then runs and ends again', async () => {
  const { db, gaveUp } = database();
  const clock = new FakeClock();
  let throws = true;
  const { def, seen } = failing(
    () => JobError.permanent('bad input'),
    () => throws,
  );
  const errors: unknown[] = [];
  const runtime = new JobRuntime({
    db,
    clock,
    definitions: [def],
    leaseMs: 60_000,
    onError: (error) => errors.push(error),
  });
  const job = await enqueueJob(db, clock, def, { i: 3 });
  await runtime.runDue();
  expect(seen).toHaveLength(1);
  expect(gaveUp()).toEqual([]); // rolled back with the job's failure
  expect(await getJob(db, job.id)).toMatchObject({ status: 'running', attempts: 1 });
  expect(errors.map(String)).toContain('Error: the hook failed');
  await runtime.runDue();
  expect(seen).toHaveLength(1); // its lease still runs
  throws = false;
  clock.advance(61_000);
  // Attempts are left, so the claim after the lease runs it again (past the last one it is given up).
  await runAll(runtime, clock, 2);
  expect(seen.map((s) => s.attempt)).toEqual([1, 2]);
  expect(await getJob(db, job.id)).toMatchObject({ status: 'failed', attempts: 2 });
  expect(gaveUp()).toEqual([{ job_id: job.id, attempt: 2, error: 'bad input' }]);
});

test('no hook for a payload that does not match the schema (the job still fails for good)', async () => {
  const { db } = database();
  const clock = new FakeClock();
  const { def, seen } = failing(() => new Error('unreachable'));
  const { enqueue } = await import('../../src/jobs/queue');
  const job = await enqueue(db, clock, { kind: 'flaky', payload: { i: 'not a number' }, maxAttempts: 3 });
  await new JobRuntime({ db, clock, definitions: [def] }).runDue();
  expect(seen).toEqual([]);
  expect(await getJob(db, job.id)).toMatchObject({ status: 'failed', attempts: 1 });
});

test("forAccount: the use-case context of a job, on the job's database or a transaction, for a member", async () => {
  const { db } = database();
  const clock = new FakeClock();
  const contexts: unknown[] = [];
  const def = defineJob({
    kind: 'ctx',
    payload: Item,
    handler: async (_payload, job) => {
      contexts.push(job.forAccount('acc_1'));
      await job.commit(async (tx) => {
        const ctx = job.forAccount('acc_2', { db: tx, memberId: 'mem_1' });
        contexts.push({ ...ctx, db: ctx.db === tx ? 'tx' : 'other' });
      });
    },
  });
  const job = await enqueueJob(db, clock, def, { i: 0 });
  await new JobRuntime({ db, clock, definitions: [def] }).runDue();
  const [plain, member] = contexts;
  expect(plain).toEqual({ db, clock, accountId: 'acc_1', actor: { kind: 'job', jobId: job.id } });
  expect(member).toEqual({
    db: 'tx',
    clock,
    accountId: 'acc_2',
    actor: { kind: 'job', jobId: job.id, memberId: 'mem_1' },
  });
});
