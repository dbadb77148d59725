import { describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { DbError, dbErrorOf, isForeignKeyViolation, isUniqueViolation } from '../../src/db/errors';
import { outsideTransactions } from '../../src/db/gate';
import { inTransaction, savepoint } from '../../src/db/transaction';

function setup() {
  const handle = openDatabase(':memory:');
  handle.sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)');
  handle.sqlite.exec('CREATE TABLE c (id INTEGER PRIMARY KEY, t_id INTEGER NOT NULL REFERENCES t(id))');
  return handle;
}
const values = async (db: ReturnType<typeof setup>['db']) =>
  (await db.all<[string]>(sql`SELECT v FROM t ORDER BY v`)).map((row) => row[0]);
const caught = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('the persistence port on one SQLite connection', () => {
  test('two concurrent transactions awaiting inside: the one that throws is rolled back, the other kept', async () => {
    const { db } = setup();
    const ctx = { db };
    const failing = inTransaction(ctx, async (tx) => {
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('a1')`);
      await Bun.sleep(5);
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('a2')`);
      throw new Error('boom');
    });
    const kept = inTransaction(ctx, async (tx) => {
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('b1')`);
      await Bun.sleep(5);
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('b2')`);
    });
    const [a, b] = await Promise.allSettled([failing, kept]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('fulfilled');
    expect(await values(db)).toEqual(['b1', 'b2']);
  });

  test('a plain read from another async chain never sees uncommitted rows', async () => {
    const { db } = setup();
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const writer = inTransaction({ db }, async (tx) => {
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('pending')`);
      inserted();
      await Bun.sleep(20);
      throw new Error('rolled back');
    });
    await insertedOnce;
    // The transaction is open and holds its row: this read waits for it to end, then sees nothing.
    expect(await values(db)).toEqual([]);
    expect(await caught(() => writer)).toBeInstanceOf(Error);
    expect(await values(db)).toEqual([]);
  });

  test('work a transaction schedules outsideTransactions waits for its commit instead of running inside it', async () => {
    const { db } = setup();
    let seen: Promise<string[]> | undefined;
    await inTransaction({ db }, async (tx) => {
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('committed')`);
      seen = outsideTransactions(() => values(db));
      await Bun.sleep(5);
      // Inside the transaction, a statement of the scheduled work would have joined it and seen nothing else.
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('later')`);
    });
    expect(await seen).toEqual(['committed', 'later']);
  });

  test('a nested inTransaction joins the outer one: the outer failure undoes both', async () => {
    const { db } = setup();
    const error = await caught(() =>
      inTransaction({ db }, async (outer) => {
        await outer.db.run(sql`INSERT INTO t (v) VALUES ('outer')`);
        await inTransaction(outer, async (inner) => {
          expect(inner.db).toBe(outer.db);
          await inner.db.run(sql`INSERT INTO t (v) VALUES ('inner')`);
        });
        // A transaction opened on the root handle from inside joins too, instead of waiting for itself.
        await db.transaction(async (joined) => joined.run(sql`INSERT INTO t (v) VALUES ('joined')`));
        expect(await values(outer.db as typeof db)).toEqual(['inner', 'joined', 'outer']);
        throw new Error('undo');
      }),
    );
    expect((error as Error).message).toBe('undo');
    expect(await values(db)).toEqual([]);
  });

  test('a savepoint undoes only its own failed statement; the transaction carries on and commits', async () => {
    const { db } = setup();
    await inTransaction({ db }, async (tx) => {
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('x')`);
      const failure = await caught(() =>
        savepoint(tx, async (inner) => {
          await inner.db.run(sql`INSERT INTO t (v) VALUES ('y')`);
          await inner.db.run(sql`INSERT INTO t (v) VALUES ('x')`);
        }),
      );
      expect(isUniqueViolation(failure, 't.v')).toBe(true);
      await tx.db.run(sql`INSERT INTO t (v) VALUES ('z')`);
    });
    expect(await values(db)).toEqual(['x', 'z']);
  });

  test('driver failures arrive as typed DbErrors with the constraint and the original as cause', async () => {
    const { db } = setup();
    await db.run(sql`INSERT INTO t (id, v) VALUES (1, 'one')`);
    const unique = await caught(() => db.run(sql`INSERT INTO t (v) VALUES ('one')`));
    expect(dbErrorOf(unique)?.code).toBe('unique_violation');
    expect(dbErrorOf(unique)?.constraint).toBe('t.v');
    expect(dbErrorOf(unique)?.cause).toBeInstanceOf(Error);
    expect(isUniqueViolation(unique, 't.v')).toBe(true);
    expect(isUniqueViolation(unique, 't.id')).toBe(false);
    const foreign = await caught(() => db.run(sql`INSERT INTO c (t_id) VALUES (99)`));
    expect(isForeignKeyViolation(foreign)).toBe(true);
    expect(isUniqueViolation(foreign)).toBe(false);
    const notNull = await caught(() => db.run(sql`INSERT INTO t (v) VALUES (NULL)`));
    expect(dbErrorOf(notNull)?.code).toBe('not_null_violation');
    expect(dbErrorOf(notNull)).toBeInstanceOf(DbError);
  });
});
