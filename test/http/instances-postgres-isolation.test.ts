// How the PostgreSQL port isolates what instances do at once (src/db/postgres.ts, docs/instances.md): two port
// handles on one database stand for two instances. Transactions are SERIALIZABLE unless they ask for READ
// COMMITTED; those wait on a row another holds instead of aborting and running again, and one whose foreign
// key target was deleted meanwhile runs again and sees it gone. A statement asked at READ COMMITTED is its
// own transaction at that level and leaves its connection clean even when it fails. BEGIN, SAVEPOINT and
// RELEASE are held back and sent with the next statement: savepoints still undo only their own work.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { dbErrorOf } from '../../src/db/errors';
import { openPostgres, type PostgresHandle } from '../../src/db/postgres';
import { atReadCommitted, inTransaction, savepoint } from '../../src/db/transaction';
import { hasPostgres, startPostgres } from '../postgres';

describe.skipIf(!hasPostgres)('two instances on one PostgreSQL database', () => {
  let a: PostgresHandle;
  let b: PostgresHandle;
  /** One connection only: what a statement leaves on its connection, the next one meets. */
  let single: PostgresHandle;

  beforeAll(async () => {
    const url = await (await startPostgres()).createDatabase();
    [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
    single = await openPostgres(url, { poolSize: 1 });
    await a.client.unsafe(`
      CREATE TABLE t_counter (id text PRIMARY KEY, n integer NOT NULL);
      CREATE TABLE t_parent (id text PRIMARY KEY);
      CREATE TABLE t_child (id text PRIMARY KEY, parent text NOT NULL REFERENCES t_parent (id));
      CREATE TABLE t_unique (id text PRIMARY KEY);
      INSERT INTO t_counter VALUES ('c', 0);
    `);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), single?.close()]);
  });

  const isolation = async (db: PostgresHandle['db']) =>
    ((await db.get(sql`SELECT current_setting('transaction_isolation') AS level`)) as unknown[])[0];

  test('SERIALIZABLE unless READ COMMITTED is asked, for a transaction or a statement on its own', async () => {
    expect(await isolation(a.db)).toBe('serializable');
    expect(await atReadCommitted(() => isolation(a.db))).toBe('read committed');
    expect(await inTransaction({ db: a.db }, ({ db }) => isolation(db))).toBe('serializable');
    expect(
      await inTransaction({ db: a.db }, ({ db }) => isolation(db), { isolation: 'read committed' }),
    ).toBe('read committed');
    // Inside a transaction a statement keeps the transaction's level, whatever it asks.
    expect(await inTransaction({ db: a.db }, ({ db }) => atReadCommitted(() => isolation(db)))).toBe(
      'serializable',
    );
  });

  test('60 READ COMMITTED increments from both at once each hold the row across a round trip: none lost, none run twice', async () => {
    let attempts = 0;
    const bump = (handle: PostgresHandle) =>
      inTransaction(
        { db: handle.db },
        async ({ db }) => {
          attempts++;
          const row = (await db.get(
            sql`UPDATE t_counter SET n = n + 1 WHERE id = 'c' RETURNING n`,
          )) as unknown[];
          // The row stays locked while this process takes its time: the others wait for it.
          await Bun.sleep(2);
          await db.run(sql`SELECT 1`);
          return row[0] as number;
        },
        { isolation: 'read committed' },
      );
    const taken = await Promise.all(Array.from({ length: 60 }, (_, i) => bump(i % 2 === 0 ? a : b)));
    expect(taken.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // A serializable transaction that waited on the row would have failed at its UPDATE and run again.
    expect(attempts).toBe(60);
  });

  test('a READ COMMITTED transaction whose foreign key target another instance deleted meanwhile runs again and sees it gone', async () => {
    await a.client`INSERT INTO t_parent VALUES ('p1')`;
    let attempts = 0;
    const outcome = await inTransaction(
      { db: a.db },
      async ({ db }) => {
        attempts++;
        const found = (await db.all(sql`SELECT id FROM t_parent WHERE id = 'p1'`)).length > 0;
        // B's own connection (in this process the port would join A's open transaction).
        if (attempts === 1) await b.client`DELETE FROM t_parent WHERE id = 'p1'`;
        if (!found) return 'parent not found';
        await db.run(sql`INSERT INTO t_child VALUES ('c1', 'p1')`);
        return 'child stored';
      },
      { isolation: 'read committed' },
    );
    expect(outcome).toBe('parent not found');
    expect(attempts).toBe(2);
    expect(await a.client`SELECT id FROM t_child`).toHaveLength(0);
  });

  test('a foreign key violation that stays is the error after three tries; a serializable one is not run again', async () => {
    let attempts = 0;
    const orphan = (isolationLevel: 'read committed' | 'serializable') =>
      inTransaction(
        { db: a.db },
        async ({ db }) => {
          attempts++;
          await db.run(sql`INSERT INTO t_child VALUES ('orphan', 'nobody')`);
        },
        { isolation: isolationLevel },
      ).catch((error: unknown) => dbErrorOf(error)?.code);
    expect(await orphan('read committed')).toBe('foreign_key_violation');
    expect(attempts).toBe(3);
    attempts = 0;
    expect(await orphan('serializable')).toBe('foreign_key_violation');
    expect(attempts).toBe(1);
  });

  test('a READ COMMITTED statement that fails leaves its connection out of any transaction', async () => {
    await single.db.run(sql`INSERT INTO t_unique VALUES ('u1')`);
    const failed = await atReadCommitted(() => single.db.run(sql`INSERT INTO t_unique VALUES ('u1')`)).catch(
      (error: unknown) => dbErrorOf(error)?.code,
    );
    expect(failed).toBe('unique_violation');
    // The pool's one connection: not left in a failed transaction, nor at READ COMMITTED.
    expect(await isolation(single.db)).toBe('serializable');
    const open = (await single.db.get(sql`SELECT now() = statement_timestamp() AS alone`)) as unknown[];
    expect(open[0]).toBe(true);
  });

  test('held-back SAVEPOINTs still undo only their own work; a transaction that ran nothing is fine', async () => {
    const stored = await inTransaction({ db: single.db }, async (ctx) => {
      await ctx.db.run(sql`INSERT INTO t_unique VALUES ('s1')`);
      // An empty savepoint, released: nothing reaches the server for it.
      await savepoint(ctx, async () => undefined);
      const duplicate = await savepoint(ctx, async ({ db }) => {
        await db.run(sql`INSERT INTO t_unique VALUES ('s2')`);
        await db.run(sql`INSERT INTO t_unique VALUES ('s1')`);
      }).catch((error: unknown) => dbErrorOf(error)?.code);
      await ctx.db.run(sql`INSERT INTO t_unique VALUES ('s3')`);
      return duplicate;
    });
    expect(stored).toBe('unique_violation');
    const rows = await a.client`SELECT id FROM t_unique WHERE id LIKE 's%' ORDER BY id`;
    expect(rows.map((r) => r.id)).toEqual(['s1', 's3']);
    expect(await inTransaction({ db: single.db }, async () => 'nothing ran')).toBe('nothing ran');
    // The connection is usable and out of any transaction afterwards.
    expect(((await single.db.get(sql`SELECT now() = statement_timestamp()`)) as unknown[])[0]).toBe(true);
  });
});
