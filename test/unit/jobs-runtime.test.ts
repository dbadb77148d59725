// The runtime on a real SQLite file: per-kind concurrency, two runtimes sharing one database file,
// stop() releasing what outlives the grace period, the poll loop with wake(), lease renewal.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { DbError } from '../../src/db/errors';
import { migrate } from '../../src/db/migrate';
import { defineJob } from '../../src/jobs/definition';
import { enqueueJob, getJob } from '../../src/jobs/queue';
import { JobRuntime } from '../../src/jobs/runtime';
import { jobs } from '../../src/jobs/schema';
import { FakeClock } from '../../src/shared/clock';

const temp = mkdtempSync(join(tmpdir(), 'jobs-runtime-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let n = 0;
function file() {
  const path = join(temp, `r${n++}.sqlite`);
  migrate(openDatabase(path).sqlite);
  return path;
}

/** One turn of the timer queue: a timer the runtime set for 0 ms before this call has fired by then. */
const timerTurn = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A promise the test resolves when it chooses. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
const Item = Type.Object({ i: Type.Number() });

test('per-kind concurrency is never exceeded, and kinds do not block each other', async () => {
  const { db } = openDatabase(file());
  const clock = new FakeClock();
  const active = { slow: 0, fast: 0 };
  const started = { slow: 0, fast: 0 };
  const peak = { slow: 0, fast: 0 };
  const make = (kind: 'slow' | 'fast', concurrency: number) =>
    defineJob({
      kind,
      payload: Item,
      concurrency,
      handler: async () => {
        active[kind]++;
        started[kind]++;
        peak[kind] = Math.max(peak[kind], active[kind]);
        // Claims are async: each handler holds its slot until its kind is full (or has nothing more to
        // start), so a runtime that over-claimed would show a peak above the limit.
        while (active[kind] < concurrency && started[kind] < 10) await Bun.sleep(1);
        await Bun.sleep(1);
        active[kind]--;
      },
    });
  const slow = make('slow', 2);
  const fast = make('fast', 3);
  for (let i = 0; i < 10; i++) {
    await enqueueJob(db, clock, slow, { i });
    await enqueueJob(db, clock, fast, { i });
  }
  expect(await new JobRuntime({ db, clock, definitions: [slow, fast] }).runDue()).toBe(20);
  expect(peak).toEqual({ slow: 2, fast: 3 });
  expect((await db.select().from(jobs).all()).every((j) => j.status === 'succeeded')).toBe(true);
});

test('two runtimes on two connections to one file run every job exactly once', async () => {
  const path = file();
  const clock = new FakeClock();
  const ran: string[] = [];
  const def = defineJob({
    kind: 'work',
    payload: Item,
    concurrency: 4,
    handler: async (_p, ctx) => {
      // Handlers end in a shuffled order, so the two runtimes' claims interleave.
      for (let i = Math.floor(Math.random() * 4); i > 0; i--) await timerTurn();
      ran.push(ctx.jobId);
    },
  });
  const a = openDatabase(path);
  const b = openDatabase(path);
  const ids: string[] = [];
  for (let i = 0; i < 100; i++) ids.push((await enqueueJob(a.db, clock, def, { i })).id);
  const [ranA, ranB] = await Promise.all([
    new JobRuntime({ db: a.db, clock, definitions: [def] }).runDue(),
    new JobRuntime({ db: b.db, clock, definitions: [def] }).runDue(),
  ]);
  expect(ranA + ranB).toBe(100);
  expect(ranA).toBeGreaterThan(0);
  expect(ranB).toBeGreaterThan(0);
  expect(new Set(ran).size).toBe(ran.length);
  expect([...ran].sort()).toEqual([...ids].sort());
  a.close();
  b.close();
});

test('stop() waits for short handlers and releases one that outlives the grace period', async () => {
  const path = file();
  const { db } = openDatabase(path);
  const clock = new FakeClock();
  let aborted = false;
  const hang = defineJob({
    kind: 'hang',
    payload: Item,
    handler: (_p, ctx) =>
      new Promise<void>((resolve) => {
        ctx.signal.addEventListener('abort', () => {
          aborted = true;
          resolve(); // returning after release must not complete the job
        });
      }),
  });
  // Ends once stop() has begun: inside the grace period, whatever the machine's speed.
  const quickMayEnd = gate();
  const quick = defineJob({
    kind: 'quick',
    payload: Item,
    handler: () => quickMayEnd.opened,
  });
  const h = await enqueueJob(db, clock, hang, { i: 1 });
  const q = await enqueueJob(db, clock, quick, { i: 2 });
  const runtime = new JobRuntime({ db, clock, definitions: [hang, quick], graceMs: 50, pollMs: 5 });
  const bothStarted = runtime.next('polled', (e) => e.launched === 2);
  runtime.start();
  await bothStarted;
  expect(runtime.activeCount).toBe(2);
  const stopped = runtime.stop();
  quickMayEnd.open();
  await stopped;
  expect(aborted).toBe(true);
  expect((await getJob(db, q.id))?.status).toBe('succeeded');
  expect(await getJob(db, h.id)).toMatchObject({ status: 'queued', attempts: 0, leaseUntil: null });

  // A later process runs it; the released attempt did not count.
  let ranWith = 0;
  const again = defineJob({
    kind: 'hang',
    payload: Item,
    handler: async (_p, ctx) => {
      ranWith = ctx.attempt;
    },
  });
  expect(await new JobRuntime({ db: openDatabase(path).db, clock, definitions: [again] }).runDue()).toBe(1);
  expect(ranWith).toBe(1);
  expect((await getJob(db, h.id))?.status).toBe('succeeded');
});

test('the poll loop picks up new jobs, at once after wake()', async () => {
  const { db } = openDatabase(file());
  const clock = new FakeClock();
  const seen: number[] = [];
  const def = defineJob({ kind: 'k', payload: Item, handler: async (p) => void seen.push(p.i) });
  const runtime = new JobRuntime({ db, clock, definitions: [def], pollMs: 10_000 });
  const firstRound = runtime.next('polled');
  runtime.start();
  expect((await firstRound).launched).toBe(0);
  const settled = runtime.next('settled');
  await enqueueJob(db, clock, def, { i: 1 });
  runtime.wake();
  await settled; // long before the next poll, ten seconds away
  expect(seen).toEqual([1]);
  await runtime.stop();
  let rounds = 0;
  runtime.onEvent((e) => {
    if (e.type === 'polled') rounds++;
  });
  await enqueueJob(db, clock, def, { i: 2 });
  runtime.wake(); // stopped: no more claims
  await timerTurn();
  await timerTurn();
  expect(rounds).toBe(0);
  expect(seen).toEqual([1]);
});

test('a long job keeps its lease by heartbeat, so no other worker takes it', async () => {
  const path = file();
  const { db } = openDatabase(path);
  const clock = new FakeClock();
  let runs = 0;
  const other = new JobRuntime({ db: openDatabase(path).db, clock, definitions: [def()], leaseMs: 1_000 });
  let claimedByOther = -1;
  let heartbeats = 0;
  const first = new JobRuntime({ db, clock, definitions: [def()], leaseMs: 1_000, heartbeatMs: 5 });
  function def() {
    return defineJob({
      kind: 'long',
      payload: Item,
      handler: async () => {
        runs++;
        for (let i = 0; i < 10; i++) {
          clock.advance(400); // 4 s of clock time against a 1 s lease
          const beat = await first.next('heartbeat');
          expect(beat.renewed).toBe(true);
          heartbeats++;
          // The clock is now well past the first lease (2 s), and the lease was renewed on the way.
          if (i === 4) claimedByOther = await other.runDue();
        }
      },
    });
  }
  const job = await enqueueJob(db, clock, def(), { i: 1 });
  await first.runDue();
  expect(claimedByOther as number).toBe(0);
  expect(heartbeats).toBe(10);
  expect(runs).toBe(1);
  expect(await getJob(db, job.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
});

test('ctx.transaction commits step by step while the claim is held, and nothing once it is lost', async () => {
  const { db, sqlite } = openDatabase(file());
  sqlite.run('CREATE TABLE steps (n INTEGER)');
  const clock = new FakeClock();
  let lost: unknown = null;
  const def = defineJob({
    kind: 'steps',
    payload: Item,
    handler: async (_p, ctx) => {
      await ctx.transaction((tx) => tx.run(sql`INSERT INTO steps VALUES (1)`));
      await ctx.transaction((tx) => tx.run(sql`INSERT INTO steps VALUES (2)`));
      // Another worker takes over: the claim's attempt no longer matches.
      await db.update(jobs).set({ attempts: 99 }).run();
      try {
        await ctx.transaction((tx) => tx.run(sql`INSERT INTO steps VALUES (3)`));
      } catch (error) {
        lost = error;
      }
    },
  });
  await enqueueJob(db, clock, def, { i: 1 });
  await new JobRuntime({ db, clock, definitions: [def] }).runDue();
  expect((lost as Error)?.name).toBe('LeaseLostError');
  expect(sqlite.query('SELECT n FROM steps ORDER BY n').all()).toEqual([{ n: 1 }, { n: 2 }]);
});

test("the loop's own failures go to the service's logger (LOG_LEVEL, JSON), not console.error", async () => {
  const { db } = openDatabase(file());
  const logged: { message: string; fields: unknown }[] = [];
  const logger = { error: (message: string, fields?: unknown) => void logged.push({ message, fields }) };
  const original = console.error;
  let consoleCalls = 0;
  console.error = () => {
    consoleCalls++;
  };
  const runtime = new JobRuntime({
    db,
    definitions: [],
    pollMs: 10,
    logger,
    sources: [
      () => {
        throw new Error('schedule table is broken');
      },
    ],
  });
  try {
    const rounds = runtime.next('polled');
    runtime.start();
    await rounds; // the round that called the broken source is over
  } finally {
    await runtime.stop();
    console.error = original;
  }
  expect(consoleCalls).toBe(0);
  expect(logged[0]).toEqual({
    message: 'job runtime: source failed',
    fields: { error: 'Error: schedule table is broken' },
  });
});

test('an enqueue wakes a started runtime once its transaction commits: no wake() call, no poll', async () => {
  const { db } = openDatabase(file());
  const clock = new FakeClock();
  const ran: number[] = [];
  const kind = defineJob({ kind: 'woken', payload: Item, handler: async ({ i }) => void ran.push(i) });
  // A poll an hour away: only the enqueue can start the job.
  const runtime = new JobRuntime({ db, clock, definitions: [kind], pollMs: 3_600_000 });
  const firstRound = runtime.next('polled');
  runtime.start();
  await firstRound;
  const settled = runtime.next('settled');
  await db.transaction(async (tx) => {
    await enqueueJob(tx, clock, kind, { i: 1 });
    // Still inside the transaction: the wake has not run yet, so no worker can see an uncommitted row.
    expect(ran).toEqual([]);
  });
  await settled; // the next poll is an hour away: only the enqueue's wake can have run it
  expect(ran).toEqual([1]);
  await runtime.stop();
  // A stopped runtime is no longer told: the job stays queued.
  let rounds = 0;
  runtime.onEvent((e) => {
    if (e.type === 'polled') rounds++;
  });
  const second = await enqueueJob(db, clock, kind, { i: 2 });
  await timerTurn();
  await timerTurn();
  expect(rounds).toBe(0);
  expect(ran).toEqual([1]);
  expect((await getJob(db, second.id))?.status).toBe('queued');
});

test('a step that meets the database or store away is queued again soon, its attempt not counted', async () => {
  const { db } = openDatabase(file());
  const clock = new FakeClock();
  let runs = 0;
  const flaky = defineJob({
    kind: 'flaky',
    payload: Item,
    maxAttempts: 1,
    handler: async () => {
      runs++;
      if (runs <= 3) throw new DbError('unavailable', 'the database cannot be reached', undefined, null);
    },
  });
  const runtime = new JobRuntime({ db, clock, definitions: [flaky] });
  const { id } = await enqueueJob(db, clock, flaky, { i: 1 });
  for (let round = 1; round <= 3; round++) {
    await runtime.runDue();
    // One attempt allowed, three outages met: still queued, its attempt given back, due in 2 s.
    expect(await getJob(db, id)).toMatchObject({ status: 'queued', attempts: 0 });
    clock.advance(2_000);
  }
  await runtime.runDue();
  expect(await getJob(db, id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  expect(runs).toBe(4);
});

test('a step that meets a full disk waits for space: queued again, its attempt not counted', async () => {
  const { db } = openDatabase(file());
  const clock = new FakeClock();
  let runs = 0;
  const writer = defineJob({
    kind: 'writer',
    payload: Item,
    maxAttempts: 1,
    handler: async () => {
      runs++;
      // As the file system answers a write on a full disk (a database's SQLITE_FULL reads the same).
      if (runs <= 3)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  });
  const runtime = new JobRuntime({ db, clock, definitions: [writer] });
  const { id } = await enqueueJob(db, clock, writer, { i: 1 });
  for (let round = 1; round <= 3; round++) {
    await runtime.runDue();
    expect(await getJob(db, id)).toMatchObject({ status: 'queued', attempts: 0 });
    // Tried again after half a minute, not at once.
    clock.advance(2_000);
    expect(await runtime.runDue()).toBe(0);
    clock.advance(28_000);
  }
  await runtime.runDue();
  expect(await getJob(db, id)).toMatchObject({ status: 'succeeded', attempts: 1 });
});

test("runDue does not end while the poll loop holds a job it claimed but has not started (the claim's answer on its way)", async () => {
  const { db } = openDatabase(file());
  const clock = new FakeClock();
  const ran: number[] = [];
  const kind = defineJob({ kind: 'raced', payload: Item, handler: async ({ i }) => void ran.push(i) });
  await enqueueJob(db, clock, kind, { i: 1 });
  // The claim is an UPDATE … RETURNING read with get(). The loop's claim (the first) takes the row at once but
  // its answer waits until runDue's own claim (the second) has come back empty, as a PostgreSQL round trip can.
  const held = gate();
  let claims = 0;
  const slowAnswers = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (prop === 'get')
          return async (...args: unknown[]) => {
            const claim = ++claims;
            const answer = await value.apply(target, args);
            if (claim === 1) await held.opened;
            if (claim === 2) setTimeout(held.open, 0);
            return answer;
          };
        return (...args: unknown[]) => {
          const next = value.apply(target, args);
          return next && typeof next === 'object' ? slowAnswers(next) : next;
        };
      },
    });
  const slowDb = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === 'update') return (table: typeof jobs) => slowAnswers(target.update(table));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const runtime = new JobRuntime({ db: slowDb, clock, definitions: [kind], pollMs: 3_600_000 });
  runtime.start();
  while (claims === 0) await timerTurn();
  expect(await runtime.runDue()).toBe(0); // the loop launched it, not runDue
  expect(ran).toEqual([1]);
  await runtime.stop();
});

test('two runDue calls at once both end, each having seen every job run', async () => {
  const { db } = openDatabase(file());
  const clock = new FakeClock();
  const ran: number[] = [];
  const kind = defineJob({
    kind: 'twice',
    payload: Item,
    concurrency: 2,
    handler: async ({ i }) => void ran.push(i),
  });
  for (let i = 0; i < 6; i++) await enqueueJob(db, clock, kind, { i });
  const runtime = new JobRuntime({ db, clock, definitions: [kind], pollMs: 5 });
  runtime.start();
  const [a, b] = await Promise.all([runtime.runDue(), runtime.runDue()]);
  expect(a + b).toBeLessThanOrEqual(6);
  expect(ran.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  expect(await runtime.runDue()).toBe(0);
  await runtime.stop();
});
