// The database-backed rate limiter (RATE_LIMIT_STORE=database): two instances' limiters on one database
// file share one allowance per key and second; old windows are pruned; the setting picks the store.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { DatabaseRateLimiter } from '../../src/http/rate-limit';
import { rateLimitWindows } from '../../src/http/rate-limit.schema';
import { FakeClock } from '../../src/shared/clock';

const temp = mkdtempSync(join(tmpdir(), 'rate-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function twoInstances() {
  const file = join(temp, 'rate.sqlite');
  const a = openDatabase(file);
  migrate(a.sqlite);
  const b = openDatabase(file);
  const clock = new FakeClock(new Date('2026-11-26T10:00:00.000Z'));
  return {
    a: new DatabaseRateLimiter(a.db, clock),
    b: new DatabaseRateLimiter(b.db, clock),
    clock,
    db: a.db,
  };
}

test('two limiters on one database share the allowance of a key', async () => {
  const { a, b, clock, db } = twoInstances();
  // Ten requests at once, alternating between the instances, against a limit of 6 a second.
  const decisions = await Promise.all(
    Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).take('account:acc_1', 6)),
  );
  expect(decisions.filter((d) => d.allowed)).toHaveLength(6);
  expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterSeconds === 1)).toBe(true);
  expect(decisions.map((d) => d.remaining).sort()).toEqual([0, 0, 0, 0, 0, 1, 2, 3, 4, 5]);
  // Another key has its own allowance; the next second a fresh one.
  expect((await b.take('account:acc_2', 6)).allowed).toBe(true);
  clock.advance(1_000);
  expect(await a.take('account:acc_1', 6)).toEqual({ allowed: true, remaining: 5, retryAfterSeconds: 0 });

  // Past windows are pruned as the limiters go.
  clock.advance(60_000);
  await a.take('account:acc_1', 6);
  const rows = await db.select().from(rateLimitWindows).all();
  expect(rows).toEqual([{ key: 'account:acc_1', windowStart: clock.now().getTime() / 1000, count: 1 }]);
});

test('at 1,000 a second an upsert leases 20 places: the next 20 requests of the window ask nothing', async () => {
  const { a, clock, db } = twoInstances();
  clock.advance(120_000);
  const windowCount = async () =>
    (await db.select().from(rateLimitWindows).all()).find((row) => row.key === 'account:lease')?.count;
  expect(await a.take('account:lease', 1000)).toEqual({
    allowed: true,
    remaining: 999,
    retryAfterSeconds: 0,
  });
  expect(await windowCount()).toBe(21);
  const leased = [];
  for (let i = 0; i < 20; i++) leased.push((await a.take('account:lease', 1000)).remaining);
  expect(leased).toEqual(Array.from({ length: 20 }, (_, i) => 998 - i));
  expect(await windowCount()).toBe(21); // given from the lease: no statement
  expect(await a.take('account:lease', 1000)).toEqual({
    allowed: true,
    remaining: 978,
    retryAfterSeconds: 0,
  });
  expect(await windowCount()).toBe(42);
  // The next window starts without a lease.
  clock.advance(1_000);
  expect((await a.take('account:lease', 1000)).remaining).toBe(999);
});

test('with leases, two limiters never pass the rate together; unused leased places are all they lose', async () => {
  const { a, b, clock } = twoInstances();
  clock.advance(240_000);
  // 100 a second: each upsert leases 2 places. 300 requests at once, alternating between the instances.
  const decisions = await Promise.all(
    Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? a : b).take('account:shared-lease', 100)),
  );
  const allowed = decisions.filter((d) => d.allowed);
  expect(allowed.length).toBeLessThanOrEqual(100);
  expect(allowed.length).toBeGreaterThanOrEqual(100 - 2 * 2);
  // No place given twice.
  expect(new Set(allowed.map((d) => d.remaining)).size).toBe(allowed.length);
});

test('RATE_LIMIT_STORE picks the store: memory by default, database with DATABASE_URL', () => {
  expect(loadConfig({}).rateLimitStore).toBe('memory');
  expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
  expect(loadConfig({ DATABASE_URL: 'postgres://db/invoices' }).rateLimitStore).toBe('database');
  expect(loadConfig({ DATABASE_URL: 'postgres://db/x', RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe(
    'memory',
  );
  expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(
    'RATE_LIMIT_STORE must be memory or database, got "redis"',
  );
});
