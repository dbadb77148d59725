// The persistence port on PostgreSQL (src/db/postgres.ts) against a real cluster: migrations once under the
// advisory lock when two instances start together, the SQLite-dialect SQL translated, read-then-write
// transactions from many connections as correct as under SQLite's single writer (serialization failures
// retried), unique violations named by column, savepoints that let a transaction carry on, and a new job
// heard by another instance at commit, not before.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../src/db/errors';
import { openPostgres, type PostgresHandle } from '../../src/db/postgres';
import { FOR_UPDATE, toPostgresSql } from '../../src/db/postgres-sql';
import { savepoint } from '../../src/db/transaction';
import { enqueue } from '../../src/jobs/queue';
import { accounts } from '../../src/modules/accounts/schema';
import { numberingSequences } from '../../src/modules/numbering-sequences/schema';
import { seedPlans } from '../../src/modules/plans';
import { systemClock } from '../../src/shared/clock';
import { hasPostgres, startPostgres } from '../postgres';

test('the SQLite dialect as PostgreSQL reads it: placeholders, LIKE, conflict targets, FOR UPDATE; quotes untouched', () => {
  expect(toPostgresSql('select "a" from "t" where "b" = ? and "c" like ? limit ?')).toBe(
    'select "a" from "t" where "b" = $1 and "c" ilike $2 limit $3',
  );
  expect(toPostgresSql(`select '?' , "like?" from "t" where "x" not like ? `)).toBe(
    `select '?' , "like?" from "t" where "x" not ilike $1 `,
  );
  expect(
    toPostgresSql('insert into "jobs" ("id") values (?) on conflict ("jobs"."run_key") do nothing'),
  ).toBe('insert into "jobs" ("id") values ($1) on conflict ("run_key") do nothing');
  expect(toPostgresSql("select 'it''s ?' where unlike = ?")).toBe("select 'it''s ?' where unlike = $1");
  // A row lock on PostgreSQL; on SQLite the same text is a comment.
  expect(toPostgresSql(`select "n" from "t" where "id" = ? ${FOR_UPDATE}`)).toBe(
    'select "n" from "t" where "id" = $1 for update',
  );
});

describe.skipIf(!hasPostgres)('on a real cluster', () => {
  let a: PostgresHandle;
  let b: PostgresHandle;

  beforeAll(async () => {
    const url = await (await startPostgres()).createDatabase();
    // Two instances starting at once: one migrates, the other waits on the lock and finds nothing to do.
    [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
    await seedPlans({ ctx: { db: a.db, clock: systemClock } });
    const now = new Date().toISOString();
    await a.db
      .insert(accounts)
      .values({ id: 'acc_1', name: 'A', planId: 'plan_free', createdAt: now, updatedAt: now });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  test('migrations ran once', async () => {
    const rows =
      await a.client`SELECT count(*)::int AS n, count(DISTINCT hash)::int AS d FROM drizzle.__drizzle_migrations`;
    expect(rows[0]?.n).toBeGreaterThan(0);
    expect(rows[0]?.n).toBe(rows[0]?.d);
  });

  test('60 read-then-write increments from two instances at once lose none', async () => {
    const now = new Date().toISOString();
    await a.db.insert(numberingSequences).values({
      id: 'seq_1',
      accountId: 'acc_1',
      name: 'S',
      prefix: 'S-',
      pattern: '{N}',
      reset: 'never',
      nextNumber: 1,
      createdAt: now,
      updatedAt: now,
    });
    const bump = (handle: PostgresHandle) =>
      handle.db.transaction(async (tx) => {
        const row = await tx
          .select()
          .from(numberingSequences)
          .where(eq(numberingSequences.id, 'seq_1'))
          .get();
        await tx
          .update(numberingSequences)
          .set({ nextNumber: (row?.nextNumber ?? 0) + 1 })
          .where(eq(numberingSequences.id, 'seq_1'))
          .run();
      });
    await Promise.all(Array.from({ length: 60 }, (_, i) => bump(i % 2 === 0 ? a : b)));
    const row = await b.db.select().from(numberingSequences).where(eq(numberingSequences.id, 'seq_1')).get();
    expect(row?.nextNumber).toBe(61);
  });

  test('a unique violation names its columns as on SQLite; a savepoint lets the transaction carry on', async () => {
    const now = new Date().toISOString();
    const row = { id: 'acc_1', name: 'again', planId: 'plan_free', createdAt: now, updatedAt: now };
    const error = await a.db
      .insert(accounts)
      .values(row)
      .run()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error, 'accounts.id')).toBe(true);
    const name = await a.db.transaction(async (tx) => {
      await savepoint({ db: tx }, async (ctx) => await ctx.db.insert(accounts).values(row).run()).catch(
        () => null,
      );
      await tx.update(accounts).set({ name: 'renamed' }).where(eq(accounts.id, 'acc_1')).run();
      return (await tx.select().from(accounts).where(eq(accounts.id, 'acc_1')).get())?.name;
    });
    expect(name).toBe('renamed');
  });

  test('a job enqueued in a transaction is heard by the other instance at commit, not before', async () => {
    let heard = 0;
    const unlisten = await b.onJobsEnqueued(() => {
      heard += 1;
    });
    try {
      await a.db.transaction(async (tx) => {
        await enqueue(tx, systemClock, { kind: 'test.kind', payload: {}, maxAttempts: 1 });
        await Bun.sleep(300);
        expect(heard).toBe(0);
      });
      for (let i = 0; i < 100 && heard === 0; i++) await Bun.sleep(20);
      expect(heard).toBe(1);
    } finally {
      await unlisten();
    }
  });

  test('SQLite functions the queries use exist: instr and json_extract', async () => {
    const [row] = await a.db.all<[number, string]>(
      sql`select instr(${'Rechnung'}, ${'chn'}), json_extract(${'{"a":{"b":"1.50"}}'}, ${'$.a.b'})`,
    );
    expect(row).toEqual([3, '1.50']);
  });
});
