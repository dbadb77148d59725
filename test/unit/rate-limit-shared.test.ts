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
