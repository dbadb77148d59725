// The queue's contract on a real SQLite file: enqueue (in a caller's transaction, deduped by run key),
// one-statement claims, fenced complete/fail/release, retries with backoff on a fake clock, lease expiry.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { defineJob, JobError } from '../../src/jobs/definition';
import { cancel, claim, complete, enqueue, enqueueJob, fail, getJob, release } from '../../src/jobs/queue';
import { JobRuntime } from '../../src/jobs/runtime';
import { jobs } from '../../src/jobs/schema';
import { FakeClock } from '../../src/shared/clock';

const temp = mkdtempSync(join(tmpdir(), 'jobs-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let n = 0;
function setup() {
  const handle = openDatabase(join(temp, `q${n++}.sqlite`));
  migrate(handle.sqlite);
  return { ...handle, clock: new FakeClock() };
}

const MINUTE = 60_000;
async function claimOne(db: ReturnType<typeof setup>['db'], clock: FakeClock, kind: string) {
  const job = await claim(db, clock, { kinds: [kind], leaseMs: MINUTE });
  if (!job) throw new Error('nothing claimed');
  return job;
}
const Email = Type.Object({ to: Type.String() });

test('enqueue, claim, complete', async () => {
  const { db, clock } = setup();
  const job = await enqueue(db, clock, { kind: 'email', payload: { to: 'a@x' }, maxAttempts: 3 });
  expect(job).toMatchObject({ status: 'queued', attempts: 0, leaseUntil: null });
  expect(job.id).toStartWith('job_');
  const claimed = await claimOne(db, clock, 'email');
  expect(claimed).toMatchObject({ id: job.id, status: 'running', attempts: 1 });
  expect(claimed?.leaseUntil).toBe(new Date(clock.now().getTime() + MINUTE).toISOString());
  expect(await claim(db, clock, { kinds: ['email'], leaseMs: MINUTE })).toBeUndefined(); // held, not due
  expect(await complete(db, clock, claimed)).toBe(true);
  expect(await getJob(db, job.id)).toMatchObject({
    status: 'succeeded',
    leaseUntil: null,
    finishedAt: clock.now().toISOString(),
  });
  expect(await complete(db, clock, claimed)).toBe(false); // a second complete changes nothing
});

test('claim respects kinds and run_at, oldest due first', async () => {
  const { db, clock } = setup();
  const later = await enqueue(db, clock, {
    kind: 'a',
    payload: 1,
    maxAttempts: 1,
    runAt: new Date(clock.now().getTime() + MINUTE),
  });
  const other = await enqueue(db, clock, { kind: 'b', payload: 2, maxAttempts: 1 });
  const first = await enqueue(db, clock, { kind: 'a', payload: 3, maxAttempts: 1 });
  expect(await claim(db, clock, { kinds: [], leaseMs: MINUTE })).toBeUndefined();
  expect((await claim(db, clock, { kinds: ['a'], leaseMs: MINUTE }))?.id).toBe(first.id);
  expect(await claim(db, clock, { kinds: ['a'], leaseMs: MINUTE })).toBeUndefined();
  clock.advance(MINUTE);
  expect((await claim(db, clock, { kinds: ['a'], leaseMs: MINUTE }))?.id).toBe(later.id);
  expect((await claim(db, clock, { kinds: ['a', 'b'], leaseMs: MINUTE }))?.id).toBe(other.id);
});

test('a run key makes the second enqueue a no-op returning the first job', async () => {
  const { db, clock } = setup();
  const key = 'recurring:rinv_1:2026-02-01';
  const a = await enqueue(db, clock, { kind: 'recurring', payload: { n: 1 }, runKey: key, maxAttempts: 3 });
  clock.advance(MINUTE);
  const b = await enqueue(db, clock, { kind: 'recurring', payload: { n: 2 }, runKey: key, maxAttempts: 3 });
  expect(b).toEqual(a);
  expect(await db.select().from(jobs).all()).toHaveLength(1);
});

test('enqueue inside a caller transaction commits or rolls back with it', async () => {
  const { db, clock } = setup();
  expect(
    async () =>
      await db.transaction(async (tx) => {
        await enqueue(tx, clock, { kind: 'email', payload: {}, maxAttempts: 1 });
        throw new Error('use-case failed');
      }),
  ).toThrow('use-case failed');
  expect(await db.select().from(jobs).all()).toHaveLength(0);
  await db.transaction(
    async (tx) => await enqueue(tx, clock, { kind: 'email', payload: {}, maxAttempts: 1 }),
  );
  expect(await db.select().from(jobs).all()).toHaveLength(1);
});

test('enqueueJob checks the payload against the definition', async () => {
  const { db, clock } = setup();
  const def = defineJob({ kind: 'email', payload: Email, maxAttempts: 4, handler: async () => {} });
  expect((await enqueueJob(db, clock, def, { to: 'a@x' })).maxAttempts).toBe(4);
  expect(async () => await enqueueJob(db, clock, def, { to: 1 } as never)).toThrow('invalid payload at /to');
});

test('retryable failure: back to queued after the backoff, then success', async () => {
  const { db, clock } = setup();
  const calls: number[] = [];
  const def = defineJob({
    kind: 'email',
    payload: Email,
    maxAttempts: 3,
    backoffMs: (attempt) => attempt * MINUTE,
    handler: async (_p, ctx) => {
      calls.push(ctx.attempt);
      if (ctx.attempt < 3) throw new Error(`smtp down ${ctx.attempt}`);
    },
  });
  const runtime = new JobRuntime({ db, clock, definitions: [def] });
  const job = await enqueueJob(db, clock, def, { to: 'a@x' });
  expect(await runtime.runDue()).toBe(1);
  const t1 = clock.now().getTime();
  expect(await getJob(db, job.id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'smtp down 1' });
  expect((await getJob(db, job.id))?.runAt).toBe(new Date(t1 + MINUTE).toISOString());
  clock.advance(MINUTE - 1);
  expect(await runtime.runDue()).toBe(0); // not before run_at
  clock.advance(1);
  expect(await runtime.runDue()).toBe(1);
  expect((await getJob(db, job.id))?.runAt).toBe(new Date(t1 + 3 * MINUTE).toISOString()); // 2nd backoff: 2 min
  clock.advance(2 * MINUTE);
  expect(await runtime.runDue()).toBe(1);
  expect(await getJob(db, job.id)).toMatchObject({ status: 'succeeded', attempts: 3 });
  expect(calls).toEqual([1, 2, 3]);
});

test('a retryable error may ask for a longer wait (a Retry-After): used when longer, at most an hour', async () => {
  const { db, clock } = setup();
  const asked = [120_000, 1_000, 5 * 60 * MINUTE];
  const def = defineJob({
    kind: 'provider',
    payload: Email,
    maxAttempts: 4,
    backoffMs: () => 5_000,
    handler: async (_p, ctx) => {
      const afterMs = asked[ctx.attempt - 1];
      if (afterMs !== undefined) throw JobError.retryable(`rate limited ${ctx.attempt}`, { afterMs });
    },
  });
  const runtime = new JobRuntime({ db, clock, definitions: [def] });
  const job = await enqueueJob(db, clock, def, { to: 'a@x' });
  const runAt = async () => Date.parse((await getJob(db, job.id))?.runAt ?? '') - clock.now().getTime();
  expect(await runtime.runDue()).toBe(1);
  // The provider's two minutes, not the 5 s backoff.
  expect(await runAt()).toBe(120_000);
  clock.advance(60_000);
  expect(await runtime.runDue()).toBe(0);
  clock.advance(60_000);
  expect(await runtime.runDue()).toBe(1);
  // A second asked for is shorter than the backoff: the backoff stands.
  expect(await runAt()).toBe(5_000);
  clock.advance(5_000);
  expect(await runtime.runDue()).toBe(1);
  // Five hours asked for: an hour at most.
  expect(await runAt()).toBe(60 * MINUTE);
  clock.advance(60 * MINUTE);
  expect(await runtime.runDue()).toBe(1);
  expect(await getJob(db, job.id)).toMatchObject({ status: 'succeeded', attempts: 4 });
  // Only a retryable error asks: a permanent one has no next try.
  expect(JobError.permanent('no').retryAfterMs).toBeUndefined();
});

test('a permanent error fails at once; exhausted attempts fail with the last error', async () => {
  const { db, clock } = setup();
  const permanent = defineJob({
    kind: 'perm',
    payload: Type.Object({}),
    maxAttempts: 5,
    handler: async () => {
      throw JobError.permanent('customer deleted');
    },
  });
  const flaky = defineJob({
    kind: 'flaky',
    payload: Type.Object({}),
    maxAttempts: 2,
    backoffMs: () => 0,
    handler: async (_p, ctx) => {
      throw new Error(`boom ${ctx.attempt}`);
    },
  });
  const runtime = new JobRuntime({ db, clock, definitions: [permanent, flaky] });
  const p = await enqueueJob(db, clock, permanent, {});
  const f = await enqueueJob(db, clock, flaky, {});
  expect(await runtime.runDue()).toBe(3); // perm once, flaky twice (zero backoff)
  expect(await getJob(db, p.id)).toMatchObject({
    status: 'failed',
    attempts: 1,
    lastError: 'customer deleted',
  });
  expect(await getJob(db, f.id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'boom 2' });
  expect((await getJob(db, f.id))?.finishedAt).toBe(clock.now().toISOString());
});

test('a payload that no longer matches the schema fails permanently', async () => {
  const { db, clock } = setup();
  const def = defineJob({ kind: 'email', payload: Email, maxAttempts: 5, handler: async () => {} });
  const job = await enqueue(db, clock, { kind: 'email', payload: { to: 42 }, maxAttempts: 5 });
  await new JobRuntime({ db, clock, definitions: [def] }).runDue();
  expect(await getJob(db, job.id)).toMatchObject({ status: 'failed', attempts: 1 });
});

test('an expired lease is re-claimed; the vanished worker can no longer complete or fail', async () => {
  const { db, clock } = setup();
  const job = await enqueue(db, clock, { kind: 'email', payload: {}, maxAttempts: 3 });
  const lost = await claimOne(db, clock, 'email');
  clock.advance(MINUTE); // lease_until == now: still held
  expect(await claim(db, clock, { kinds: ['email'], leaseMs: MINUTE })).toBeUndefined();
  clock.advance(1);
  const again = await claimOne(db, clock, 'email');
  expect(again).toMatchObject({ id: job.id, attempts: 2, status: 'running' });
  expect(await complete(db, clock, lost)).toBe(false);
  expect(
    await fail(db, clock, { ...lost, maxAttempts: 3 }, 'late', { retryable: false, backoffMs: 0 }),
  ).toBeUndefined();
  expect(await release(db, clock, lost)).toBe(false);
  expect(await complete(db, clock, again)).toBe(true);
});

test('a worker lost on the last attempt fails the job instead of looping', async () => {
  const { db, clock } = setup();
  const job = await enqueue(db, clock, { kind: 'email', payload: {}, maxAttempts: 1 });
  await claim(db, clock, { kinds: ['email'], leaseMs: MINUTE });
  clock.advance(MINUTE + 1);
  expect(await claim(db, clock, { kinds: ['email'], leaseMs: MINUTE })).toBeUndefined();
  expect(await getJob(db, job.id)).toMatchObject({ status: 'failed', attempts: 2 });
  expect((await getJob(db, job.id))?.lastError).toContain('worker lost');
});

test('release gives the attempt back; cancel only stops queued jobs', async () => {
  const { db, clock } = setup();
  const a = await enqueue(db, clock, { kind: 'k', payload: {}, maxAttempts: 1 });
  const claimed = await claimOne(db, clock, 'k');
  expect(await cancel(db, clock, a.id)).toBe(false); // running
  expect(await release(db, clock, claimed)).toBe(true);
  expect(await getJob(db, a.id)).toMatchObject({ status: 'queued', attempts: 0, leaseUntil: null });
  expect(await cancel(db, clock, a.id)).toBe(true);
  expect((await getJob(db, a.id))?.status).toBe('cancelled');
  expect(await claim(db, clock, { kinds: ['k'], leaseMs: MINUTE })).toBeUndefined();
});
