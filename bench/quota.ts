// The render-quota check (issue 42): what one reservation costs (reserveRender: the month's use read, the
// overage terms when beyond the quota, the hold inserted, one transaction) with 0 and with N renders already
// made this month by the account. Before issue 42 the check counted the month's usage events; now it reads
// the account's counter row and the holds still running. Each reservation is given back after it is timed,
// so every one sees the same month.
// Usage: bun bench/quota.ts [sqlite|postgresql] [events] [checks]
//   postgresql starts a throw-away cluster (test/postgres.ts: Debian's server binaries).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../src/db/client';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { createAccount } from '../src/modules/accounts';
import { setPlan } from '../src/modules/plans';
import { reserveRender } from '../src/modules/usage/quota';
import { FakeClock } from '../src/shared/clock';

const engine = process.argv[2] ?? 'sqlite';
const events = Number(process.argv[3] ?? 100_000);
const checks = Number(process.argv[4] ?? 300);
const NOW = '2026-01-20T12:00:00.000Z';
const QUOTA = 1_000_000_000;

interface Bench {
  db: Db;
  /** Runs plain SQL (the seed: it must not wait for the service's own statements). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

async function open(): Promise<Bench> {
  if (engine === 'postgresql') {
    const { startPostgres } = await import('../test/postgres');
    const cluster = await startPostgres();
    const handle = await openPostgres(await cluster.createDatabase());
    return {
      db: handle.db,
      exec: async (sql) => void (await handle.client.unsafe(sql)),
      close: async () => {
        await handle.close();
        await cluster.stop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-quota-'));
  const handle = openDatabase(join(dir, 'bench.sqlite'));
  migrate(handle.sqlite);
  return {
    db: handle.db,
    exec: async (sql) => void handle.sqlite.exec(sql),
    close: async () => {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `count` renders made this month for the account, spread over the days before NOW, as rows the migration
 * finds (and counts into the counter where the version has one, with the migration's own backfill).
 */
async function seed(bench: Bench, accountId: string, count: number): Promise<void> {
  if (count === 0) return;
  const series =
    engine === 'postgresql'
      ? `SELECT i FROM generate_series(1, ${count}) AS s(i)`
      : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${count}) SELECT i FROM s`;
  const at =
    engine === 'postgresql'
      ? `to_char(timestamp '2026-01-01' + (i % 1600000) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%S.000Z', '2026-01-01', '+' || (i % 1600000) || ' seconds')`;
  await bench.exec(
    `INSERT INTO usage_events (id, account_id, render_id, overage, pending_until, created_at)
     SELECT 'evt_seed_' || i, '${accountId}', 'rnd_seed_' || i, 0, NULL, ${at} FROM (${series}) AS t`,
  );
  // Where the counter exists, what the migration's backfill would have made of these rows.
  await bench
    .exec(
      `INSERT INTO usage_month_counters (account_id, month, renders, overage_renders)
       VALUES ('${accountId}', '2026-01', ${count}, 0)`,
    )
    .catch(() => undefined);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(count: number): Promise<string> {
  const bench = await open();
  const clock = new FakeClock(new Date(NOW));
  await setPlan({
    ctx: { db: bench.db, clock },
    input: { id: 'plan_bench', name: 'bench', monthlyRenderQuota: QUOTA, requestsPerSecond: 10 },
  });
  const created = await createAccount({
    ctx: { db: bench.db, clock },
    input: { name: 'B', planId: 'plan_bench' },
  });
  if (!created) throw new Error('no account');
  const accountId = created.account.account.id;
  await seed(bench, accountId, count);
  const times: number[] = [];
  for (let i = 0; i < checks + 20; i++) {
    const start = performance.now();
    const unit = await reserveRender(
      { db: bench.db, clock },
      { accountId, renderId: `rnd_b${i}`, monthlyQuota: QUOTA },
    );
    const elapsed = performance.now() - start;
    await unit.release();
    if (i >= 20) times.push(elapsed); // the first ones warm statements and caches
  }
  await bench.close();
  times.sort((a, b) => a - b);
  return `${engine}, ${count.toLocaleString('en')} events this month: median ${percentile(times, 0.5).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)} ms (${checks} checks)`;
}

console.log(await measure(0));
console.log(await measure(events));
process.exit(0);
