// The shared rate limiter (RATE_LIMIT_STORE=database) on PostgreSQL, with port handles on one database
// standing for instances and one fake clock for all: requests arriving while an instance's upsert is in
// flight are counted together by its next one, each with its own place in the window, so several instances
// share one allowance exactly (test/unit/rate-limit-shared.test.ts does the same on one SQLite file); a window
// known to be full refuses without counting; and contention from many instances fails no request.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { openPostgres, type PostgresHandle } from '../../src/db/postgres';
import { DatabaseRateLimiter, type RateDecision } from '../../src/http/rate-limit';
import { FakeClock } from '../../src/shared/clock';
import { hasPostgres, startPostgres } from '../postgres';

describe.skipIf(!hasPostgres)('the database rate limiter on PostgreSQL', () => {
  const handles: PostgresHandle[] = [];
  const clock = new FakeClock(new Date('2026-12-02T10:00:00.000Z'));
  let limiters: DatabaseRateLimiter[] = [];

  beforeAll(async () => {
    const url = await (await startPostgres()).createDatabase();
    handles.push(...(await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)])));
    limiters = handles.map((handle) => new DatabaseRateLimiter(handle.db, clock));
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
  });

  const second = () => Math.floor(clock.now().getTime() / 1000);
  /** The count in the database of `key`'s window of `at` (this second by default). */
  const windowCount = async (key: string, at = second()) => {
    const rows = await (handles[0] as PostgresHandle).client<{ count: number }[]>`
      SELECT count FROM rate_limit_windows WHERE key = ${key} AND window_start = ${at}`;
    return rows[0]?.count;
  };
  const allowedRemaining = (decisions: RateDecision[]) =>
    decisions
      .filter((d) => d.allowed)
      .map((d) => d.remaining)
      .sort((x, y) => x - y);

  test('40 requests at once on two instances against 15 a second: exactly 15 pass, each with its own place', async () => {
    const [a, b] = limiters as [DatabaseRateLimiter, DatabaseRateLimiter];
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).take('account:acc_1', 15)),
    );
    expect(allowedRemaining(decisions)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterSeconds === 1)).toBe(true);

    // Both know the window is full now: more requests this second are refused without being counted.
    const counted = await windowCount('account:acc_1');
    expect(counted).toBe(40);
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).take('account:acc_1', 15)),
    );
    expect(more.every((d) => !d.allowed && d.retryAfterSeconds === 1)).toBe(true);
    expect(await windowCount('account:acc_1')).toBe(40);

    // The next second has its own allowance.
    clock.advance(1_000);
    expect(await b.take('account:acc_1', 15)).toEqual({ allowed: true, remaining: 14, retryAfterSeconds: 0 });
  });

  test('requests queued behind an upsert when the second turns are counted in their own second', async () => {
    const [a] = limiters as [DatabaseRateLimiter];
    clock.advance(1_000);
    const earlySecond = second();
    // The first is sent at once; the next five wait for it, then the second turns and five more come.
    const first = a.take('account:acc_2', 10);
    const early = Array.from({ length: 5 }, () => a.take('account:acc_2', 10));
    clock.advance(1_000);
    const late = Array.from({ length: 5 }, () => a.take('account:acc_2', 10));
    expect(allowedRemaining([await first, ...(await Promise.all(early))])).toEqual([4, 5, 6, 7, 8, 9]);
    expect(allowedRemaining(await Promise.all(late))).toEqual([5, 6, 7, 8, 9]);
    expect(await windowCount('account:acc_2', earlySecond)).toBe(6);
    expect(await windowCount('account:acc_2')).toBe(5);
  });

  test('600 requests at once on three instances: none fails, every one counted once, no place given twice', async () => {
    clock.advance(1_000);
    const limit = 1_000_000;
    const decisions = await Promise.all(
      Array.from({ length: 600 }, (_, i) =>
        (limiters[i % 3] as DatabaseRateLimiter).take('account:acc_3', limit),
      ),
    );
    // Every one allowed, no place given twice; each upsert also leased 1/50 of the rate's places
    // (docs/instances.md), and requests that came meanwhile took them: every place within the count.
    const remaining = allowedRemaining(decisions);
    expect(remaining).toHaveLength(600);
    expect(new Set(remaining).size).toBe(600);
    const count = (await windowCount('account:acc_3')) as number;
    expect(count).toBeGreaterThanOrEqual(600);
    expect(Math.min(...remaining)).toBeGreaterThanOrEqual(limit - count);
  });
});
