// The PostgreSQL driver, chosen by test (issue 26): under heavy concurrency with named prepared statements,
// does every query get its own rows? One workload runs against each driver on a real cluster
// (test/postgres.ts), on a pool of one connection and of eight, everything at once:
//   - 2,000 queries of eight kinds (prepared texts reused, texts never seen before, parameterless ones that
//     go in the simple protocol, one that fails on the server now and then), in object and in array mode
//     (`.values()`, as drizzle reads); half asked at once, half by 40 callers one after the other;
//   - 40 transactions inserting their own rows and reading them back, one in five rolled back by a throw;
//   - 20 reserved connections, each with a session setting and its backend pid that must stay its own;
//   - a simple query, a not yet prepared one and a simple one together (oven-sh/bun#32772).
// Every answer is checked against what its own query must return; a mismatch is recorded, not thrown, so a
// failing driver shows everything it got wrong. postgres.js is the service's driver. Bun's SQL client passes
// on the pinned bun 1.4.5 (and is asserted to); on bun 1.3.14 the same workload caught it handing queries
// another statement's columns and leaving callers waiting forever, the bugs issue 26 warns of.
import { describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import postgres from 'postgres';
import { hasPostgres, startPostgres } from '../postgres';

type Row = Record<string, unknown>;
/** One connection's (or the pool's) way to run a statement with parameters. */
interface Runner {
  rows(text: string, params: unknown[]): Promise<Row[]>;
  values(text: string, params: unknown[]): Promise<unknown[][]>;
}
interface Driver extends Runner {
  transaction<T>(fn: (tx: Runner) => Promise<T>): Promise<T>;
  reserved<T>(fn: (conn: Runner) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

const QUERIES = 2_000;
const CALLERS = 40;
/** How long the workload may take before the callers still waiting count as stalled (it takes seconds). */
const STALL_MS = 20_000;
const TRANSACTIONS = 40;
const RESERVED = 20;
const ITEMS = 500;

/** `fn` on a connection taken from the pool for it alone, given back after. */
async function onReserved<C extends { release(): unknown }, T>(
  reserve: Promise<C>,
  runner: (conn: C) => Runner,
  fn: (conn: Runner) => Promise<T>,
): Promise<T> {
  const conn = await reserve;
  try {
    return await fn(runner(conn));
  } finally {
    conn.release();
  }
}

function postgresJs(url: string, max: number): Driver {
  const sql = postgres(url, { max, prepare: true, onnotice: () => {} });
  const runner = (s: postgres.Sql | postgres.TransactionSql | postgres.ReservedSql): Runner => ({
    rows: async (text, params) => [
      ...(await s.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })),
    ],
    values: async (text, params) => [
      ...(await s.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }).values()),
    ],
  });
  return {
    ...runner(sql),
    transaction: async (fn) => (await sql.begin((tx) => fn(runner(tx)))) as never,
    reserved: (fn) => onReserved(sql.reserve(), runner, fn),
    end: () => sql.end({ timeout: 5 }),
  };
}

function bunSql(url: string, max: number): Driver {
  const sql = new SQL(url, { max, prepare: true });
  const runner = (s: SQL): Runner => ({
    rows: async (text, params) => [...((await s.unsafe(text, params)) as Row[])],
    values: async (text, params) => [...((await s.unsafe(text, params).values()) as unknown[][])],
  });
  return {
    ...runner(sql),
    transaction: (fn) => sql.begin((tx) => fn(runner(tx))),
    reserved: (fn) => onReserved(sql.reserve(), runner, fn),
    end: () => sql.close({ timeout: 5 }),
  };
}

/** A driver that hands one query in 50 the answer of the query before it: what the check is there to catch. */
function shifting(inner: Driver): Driver {
  let previous: Row[] = [];
  let calls = 0;
  return {
    ...inner,
    async rows(text, params) {
      const got = await inner.rows(text, params);
      const handed = ++calls % 50 === 0 ? previous : got;
      previous = got;
      return handed;
    },
  };
}

/** Query i of the flood: its statement, parameters and the answer only it may get. */
function query(
  i: number,
): { text: string; params: unknown[]; mode: 'rows' | 'values'; want: unknown } | null {
  const id = (i % ITEMS) + 1;
  switch (i % 8) {
    case 0:
      return {
        text: 'SELECT $1::int AS n, $2::text AS tag',
        params: [i, `q${i}`],
        mode: 'rows',
        want: [{ n: i, tag: `q${i}` }],
      };
    case 1:
      return {
        text: 'SELECT id, label, amount::text AS amount FROM items WHERE id = $1',
        params: [id],
        mode: 'rows',
        want: [{ id, label: `item ${id}`, amount: `${id}.5` }],
      };
    case 2:
      return {
        text: 'SELECT id FROM items WHERE id BETWEEN $1 AND $1 + 2 ORDER BY id',
        params: [id],
        mode: 'values',
        want: [id, id + 1, id + 2].filter((n) => n <= ITEMS).map((n) => [n]),
      };
    case 3:
      return {
        text: 'SELECT $1::text AS a, $2::int * 2 AS b, length($1::text) AS c',
        params: [`v${i}`, i],
        mode: 'values',
        want: [[`v${i}`, i * 2, `v${i}`.length]],
      };
    case 4:
      return {
        text: 'SELECT count(*)::int AS c, $2::text AS tag FROM items WHERE id <= $1',
        params: [id, `c${i}`],
        mode: 'rows',
        want: [{ c: id, tag: `c${i}` }],
      };
    case 5:
      return null; // the statement that sometimes fails, below
    case 6:
      // A text never seen before, so never prepared yet: it needs a Parse/Describe round trip while the
      // prepared ones around it go straight to Bind/Execute (the ordering Bun's client got wrong).
      return {
        text: `SELECT $1::int AS n, 'novel ${i}'::text AS tag`,
        params: [i],
        mode: 'rows',
        want: [{ n: i, tag: `novel ${i}` }],
      };
    default:
      // No parameters: Bun's client sends these in the simple protocol ('Q'), beside the extended ones.
      return {
        text: `SELECT ${i}::int AS n, 'simple'::text AS kind`,
        params: [],
        mode: 'rows',
        want: [{ n: i, kind: 'simple' }],
      };
  }
}

interface Outcome {
  /** Answers that were not their own query's: what was asked, what was wanted, what came. */
  wrong: { what: string; want: unknown; got: unknown }[];
  /** Errors where a result was due, results where an error was due, callers that never got an answer. */
  unexpected: string[];
}

async function workload(db: Driver): Promise<Outcome> {
  const outcome: Outcome = { wrong: [], unexpected: [] };
  const check = (what: string, want: unknown, got: unknown) => {
    if (!Bun.deepEquals(got, want)) outcome.wrong.push({ what, want, got });
  };
  await db.rows('CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL, amount numeric NOT NULL)', []);
  await db.rows("INSERT INTO items SELECT n, 'item ' || n, n + 0.5 FROM generate_series(1, $1::int) n", [
    ITEMS,
  ]);
  await db.rows('CREATE TABLE ledger (owner text NOT NULL, n int NOT NULL)', []);

  const ask = async (i: number) => {
    const q = query(i);
    if (q === null) {
      // A statement of its own that fails on the server now and then, between the others.
      const fails = i % 200 < 40;
      const text = 'SELECT $1::int / $2::int AS quotient, $3::text AS tag';
      const params = [i, fails ? 0 : 1, `d${i}`];
      try {
        const got = await db.rows(text, params);
        if (fails) outcome.unexpected.push(`query ${i}: division by zero answered ${JSON.stringify(got)}`);
        else check(`query ${i}: ${text} ${JSON.stringify(params)}`, [{ quotient: i, tag: `d${i}` }], got);
      } catch (error) {
        if (!fails) outcome.unexpected.push(`query ${i}: ${String(error)}`);
        else if (!/division by zero/.test(String(error)))
          outcome.unexpected.push(`query ${i}: wrong error ${String(error)}`);
      }
      return;
    }
    try {
      const got = q.mode === 'rows' ? await db.rows(q.text, q.params) : await db.values(q.text, q.params);
      check(`query ${i}: ${q.text} ${JSON.stringify(q.params)}`, q.want, got);
    } catch (error) {
      outcome.unexpected.push(`query ${i}: ${String(error)}`);
    }
  };
  // Half the queries asked at once; the other half by callers that each ask one after the other, as request
  // handlers do, so statements keep arriving while others (prepared or not yet) are in flight.
  const burst = Array.from({ length: QUERIES / 2 }, (_, i) => ask(i));
  const callers = Array.from({ length: CALLERS }, async (_, c) => {
    for (let i = QUERIES / 2 + c; i < QUERIES; i += CALLERS) await ask(i);
  });

  const committed: string[] = [];
  const transactions = Array.from({ length: TRANSACTIONS }, async (_, j) => {
    const owner = `tx${j}`;
    const rollBack = j % 5 === 0;
    try {
      await db.transaction(async (tx) => {
        for (let n = 1; n <= 5; n++)
          await tx.rows('INSERT INTO ledger (owner, n) VALUES ($1, $2)', [owner, n]);
        const seen = await tx.rows(
          'SELECT count(*)::int AS rows, sum(n)::int AS total, $1::text AS owner FROM ledger WHERE owner = $1',
          [owner],
        );
        check(`transaction ${j} reads its rows`, [{ rows: 5, total: 15, owner }], seen);
        if (rollBack) throw new Error('roll back');
      });
      if (rollBack) outcome.unexpected.push(`transaction ${j}: committed despite the throw`);
      else committed.push(owner);
    } catch (error) {
      if (!rollBack || String(error) !== 'Error: roll back')
        outcome.unexpected.push(`transaction ${j}: ${String(error)}`);
    }
  });

  const sessions = Array.from({ length: RESERVED }, async (_, k) => {
    const mine = `session-${k}`;
    try {
      await db.reserved(async (conn) => {
        const [start] = await conn.rows(
          "SELECT set_config('app.owner', $1, false) AS owner, pg_backend_pid() AS pid",
          [mine],
        );
        check(`reserved ${k} sets its setting`, mine, start?.owner);
        for (let step = 0; step < 10; step++) {
          const got = await conn.rows(
            "SELECT current_setting('app.owner') AS owner, pg_backend_pid() AS pid, $1::int AS step",
            [step],
          );
          check(
            `reserved ${k} step ${step} on its own connection`,
            [{ owner: mine, pid: start?.pid, step }],
            got,
          );
        }
      });
    } catch (error) {
      outcome.unexpected.push(`reserved ${k}: ${String(error)}`);
    }
  });

  // Bun 1.3.14 and 1.4.0: a simple-protocol query, a parameterized one not yet prepared, another simple one,
  // on one connection: the second got the third's row (oven-sh/bun#32772).
  const trio = (async () => {
    const got = await Promise.all([
      db.rows("SELECT 'AAAA'::text AS v", []),
      db.rows('SELECT $1::text AS v /* trio */', ['BBBB']),
      db.rows("SELECT 'CCCC'::text AS v", []),
    ]);
    check('simple, unprepared, simple', [[{ v: 'AAAA' }], [{ v: 'BBBB' }], [{ v: 'CCCC' }]], got);
  })().catch((error) => outcome.unexpected.push(`simple, unprepared, simple: ${String(error)}`));

  // A driver that loses track of a reply can leave a query waiting forever: count those instead of hanging.
  let answered = 0;
  const all = [trio, ...burst, ...callers, ...transactions, ...sessions].map((p) => p.then(() => answered++));
  const settled = await Promise.race([
    Promise.all(all).then(() => true),
    Bun.sleep(STALL_MS).then(() => false),
  ]);
  if (!settled) {
    outcome.unexpected.push(
      `${all.length - answered} of ${all.length} callers still waiting after ${STALL_MS / 1000} s`,
    );
    return outcome;
  }
  // Only the transactions that were meant to commit left rows, five each.
  const owners = await db.rows(
    'SELECT owner, count(*)::int AS rows FROM ledger GROUP BY owner ORDER BY owner',
    [],
  );
  check(
    'ledger after the transactions',
    committed.sort().map((owner) => ({ owner, rows: 5 })),
    owners,
  );
  return outcome;
}

/** The workload on a database of its own, the driver closed after. */
async function runAgainst(make: (url: string, max: number) => Driver, max: number): Promise<Outcome> {
  const pg = await startPostgres();
  const db = make(await pg.createDatabase(), max);
  try {
    return await workload(db);
  } finally {
    await db.end();
  }
}

const CLEAN = { wrong: [], wrongCount: 0, unexpected: [], unexpectedCount: 0 };
const summary = (o: Outcome) => ({
  wrong: o.wrong.slice(0, 5),
  wrongCount: o.wrong.length,
  unexpected: o.unexpected.slice(0, 5),
  unexpectedCount: o.unexpected.length,
});

describe.skipIf(!hasPostgres)('PostgreSQL drivers under concurrency with prepared statements', () => {
  // One connection queues everything on one socket (where an ordering mistake shows every time); eight
  // spread it as a service's pool does.
  test('the check sees a driver that hands one query the rows of another', async () => {
    const outcome = await runAgainst((url, max) => shifting(postgresJs(url, max)), 8);
    expect(outcome.wrong.length).toBeGreaterThan(10);
  }, 40_000);

  for (const max of [1, 8]) {
    test(`postgres.js (the service's driver), pool of ${max}: every answer is its own query's`, async () => {
      expect(summary(await runAgainst(postgresJs, max))).toEqual(CLEAN);
    }, 40_000);
    test(`Bun's SQL client (bun ${Bun.version}), pool of ${max}`, async () => {
      const outcome = await runAgainst(bunSql, max);
      expect(summary(outcome)).toEqual(CLEAN);
    }, 40_000);
  }
});
