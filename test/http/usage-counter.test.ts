// Issue 42: the quota reads renders made from a per-account, per-month counter instead of counting the
// month's usage events. On SQLite and on PostgreSQL: the migration's backfill fills the counter from the events already
// there, and after concurrent renders through two instances' connections (two handles on one SQLite file,
// two pools on one PostgreSQL database) the counter equals the events, the quota and the overage cap held,
// and confirming a render twice counts it once.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../src/db/client';
import { openDatabase } from '../../src/db/client';
import { embeddedMigrations, embeddedPostgresMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres';
import { inTransaction } from '../../src/db/transaction';
import { createAccount } from '../../src/modules/accounts';
import { setPlan } from '../../src/modules/plans';
import { reserveRender } from '../../src/modules/usage/quota';
import { countEventsBetween, madeInMonth, saveOverageSettings } from '../../src/modules/usage/repo';
import { usageEvents } from '../../src/modules/usage/schema';
import { FakeClock } from '../../src/shared/clock';
import { tempDir } from '../harness';
import { hasPostgres, startPostgres } from '../postgres';

const dir = tempDir('inv-usage-counter-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migration's last statement: the backfill of the counter from the events. */
const backfillOf = (migrations: { tag: string; sql: string }[]): string => {
  const migration = migrations.find((m) => m.tag.endsWith('_usage_month_counter'));
  const backfill = migration?.sql.split('--> statement-breakpoint').at(-1)?.trim() ?? '';
  if (!backfill.startsWith('INSERT INTO')) throw new Error('no backfill in the counter migration');
  return backfill;
};

interface Engine {
  /** Two handles on one database, as two instances have (one on SQLite: one process per file). */
  a: Db;
  b: Db;
  /** Empties the counter and runs the migration's backfill again, on the events as they are now. */
  backfill(): Promise<void>;
  close(): Promise<void>;
}

let n = 0;
const engines: Record<string, () => Promise<Engine>> = {
  sqlite: async () => {
    const handle = openDatabase(join(dir, `db${n++}.db`));
    migrate(handle.sqlite);
    return {
      a: handle.db,
      b: handle.db,
      backfill: async () => {
        handle.sqlite.exec('DELETE FROM usage_month_counters');
        handle.sqlite.exec(backfillOf(embeddedMigrations));
      },
      close: async () => handle.close(),
    };
  },
  postgresql: async () => {
    const url = await (await startPostgres()).createDatabase();
    const a = await openPostgres(url); // migrates
    const b = await openPostgres(url);
    return {
      a: a.db,
      b: b.db,
      backfill: async () => {
        await a.client.unsafe('DELETE FROM usage_month_counters');
        await a.client.unsafe(backfillOf(embeddedPostgresMigrations));
      },
      close: async () => {
        await a.close();
        await b.close();
      },
    };
  },
};

const JANUARY = { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' };
const FEBRUARY = { start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' };

async function newAccount(db: Db, clock: FakeClock, quota: number): Promise<string> {
  const planId = `plan_q${quota}`;
  await setPlan({
    ctx: { db, clock },
    input: {
      id: planId,
      name: planId,
      monthlyRenderQuota: quota,
      requestsPerSecond: 10,
      overageCentsPerRender: '0.4',
    },
  });
  const created = await createAccount({ ctx: { db, clock }, input: { name: `A${n++}`, planId } });
  if (!created) throw new Error('no account');
  return created.account.account.id;
}

const made = async (db: Db, accountId: string, period: { start: string }) =>
  await madeInMonth(db, accountId, period.start.slice(0, 7));

for (const [name, open] of Object.entries(engines)) {
  describe.skipIf(name === 'postgresql' && !hasPostgres)(`usage counter on ${name}`, () => {
    test('the backfill of the migration fills the counter from the renders made, per account and month; holds stay out', async () => {
      const engine = await open();
      const clock = new FakeClock();
      const one = await newAccount(engine.a, clock, 100);
      const two = await newAccount(engine.a, clock, 100);
      const event = (
        accountId: string,
        createdAt: string,
        overage = false,
        pendingUntil: string | null = null,
      ) => ({ id: `evt_${n++}`, accountId, renderId: `rnd_${n}`, overage, pendingUntil, createdAt }) as const;
      await engine.a
        .insert(usageEvents)
        .values([
          event(one, '2026-01-01T00:00:00.000Z'),
          event(one, '2026-01-15T10:00:00.000Z', true),
          event(one, '2026-01-31T23:59:59.999Z', true),
          event(one, '2026-02-01T00:00:00.000Z'),
          event(one, '2026-02-10T00:00:00.000Z', false, '2026-02-10T00:15:00.000Z'),
          event(two, '2026-02-02T00:00:00.000Z', true),
        ])
        .run();
      await engine.backfill();
      expect(await made(engine.a, one, JANUARY)).toEqual({ renders: 3, overage: 2 });
      expect(await made(engine.a, one, FEBRUARY)).toEqual({ renders: 1, overage: 0 });
      expect(await made(engine.a, two, FEBRUARY)).toEqual({ renders: 1, overage: 1 });
      expect(await made(engine.a, two, JANUARY)).toEqual({ renders: 0, overage: 0 });
      for (const [accountId, period] of [
        [one, JANUARY],
        [one, FEBRUARY],
        [two, FEBRUARY],
      ] as const) {
        const events = await countEventsBetween(engine.a, accountId, period.start, period.end);
        expect((await made(engine.a, accountId, period)).renders).toBe(events);
      }
      await engine.close();
    });

    test('concurrent renders (two instances on PostgreSQL): the counter equals the events, quota and cap hold, a second confirm counts nothing', async () => {
      const engine = await open();
      const clock = new FakeClock(new Date('2026-01-20T12:00:00.000Z'));
      const quota = 12;
      const cap = 4;
      const accountId = await newAccount(engine.a, clock, quota);
      await saveOverageSettings(engine.a, {
        accountId,
        enabled: true,
        cap,
        updatedAt: clock.now().toISOString(),
      });
      // Already made this month through the counter's own path (so the quota starts part used).
      const earlier = await reserveRender(
        { db: engine.a, clock },
        { accountId, renderId: 'rnd_x', monthlyQuota: quota },
      );
      await inTransaction({ db: engine.a }, async ({ db }) => await earlier.confirm(db));

      const attempts = 24;
      const outcomes = await Promise.all(
        Array.from({ length: attempts }, async (_, i) => {
          const db = i % 2 === 0 ? engine.a : engine.b;
          try {
            const unit = await reserveRender(
              { db, clock },
              { accountId, renderId: `rnd_${i}`, monthlyQuota: quota },
            );
            // Every fourth render fails after reserving and gives its unit back; the others are recorded.
            if (i % 4 === 3) {
              await unit.release();
              return 'released';
            }
            await inTransaction({ db }, async ({ db: tx }) => await unit.confirm(tx));
            // A retried commit (another attempt of the same job) confirms again: counted once.
            await inTransaction(
              { db: i % 2 === 0 ? engine.b : engine.a },
              async ({ db: tx }) => await unit.confirm(tx),
            );
            return 'made';
          } catch (error) {
            if ((error as { code?: string }).code === 'quota_exceeded') return 'refused';
            throw error;
          }
        }),
      );
      const madeNow = outcomes.filter((o) => o === 'made').length;
      const released = outcomes.filter((o) => o === 'released').length;
      expect(madeNow + released + outcomes.filter((o) => o === 'refused').length).toBe(attempts);
      // A unit given back frees its place: quota + cap bounds the renders made, never overshot.
      expect(1 + madeNow).toBeLessThanOrEqual(quota + cap);
      expect(madeNow).toBeGreaterThan(0);
      const events = await countEventsBetween(engine.a, accountId, JANUARY.start, JANUARY.end);
      const counter = await made(engine.b, accountId, JANUARY);
      expect(events).toBe(1 + madeNow);
      expect(counter.renders).toBe(events);
      const overageEvents = (await engine.a.select().from(usageEvents).all()).filter(
        (e) => e.accountId === accountId && e.overage && e.pendingUntil === null,
      ).length;
      expect(counter.overage).toBe(overageEvents);
      expect(counter.overage).toBeLessThanOrEqual(cap);

      // Sequentially now, to the refusal: the cap is reached exactly (a render taken beyond the quota while a
      // unit later given back was held stays overage, so the renders made may end below quota + cap).
      let refused = false;
      for (let i = 0; i <= quota + cap && !refused; i++) {
        try {
          const unit = await reserveRender(
            { db: engine.b, clock },
            { accountId, renderId: `rnd_s${i}`, monthlyQuota: quota },
          );
          await inTransaction({ db: engine.b }, async ({ db: tx }) => await unit.confirm(tx));
        } catch (error) {
          expect((error as { code?: string }).code).toBe('quota_exceeded');
          refused = true;
        }
      }
      expect(refused).toBe(true);
      const final = await made(engine.a, accountId, JANUARY);
      expect(final.overage).toBe(cap);
      expect(final.renders).toBeGreaterThanOrEqual(quota);
      expect(final.renders).toBeLessThanOrEqual(quota + cap);
      expect(await countEventsBetween(engine.a, accountId, JANUARY.start, JANUARY.end)).toBe(final.renders);
      await engine.close();
    });
  });
}
