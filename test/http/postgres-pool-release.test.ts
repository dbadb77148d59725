// The PostgreSQL port's pool (postgres.js with scripts/patch-dependencies.mjs) when the server closes a
// connection a transaction holds: released afterwards, the connection is connected again for the next
// statement, not handed out as open with no socket (which failed every statement given to it, and hung
// those given to it once it counted as full: postgres-faults' restarts under load, about one run in five).
// And the sessions after one the server ended: mid-statement (the next starts from nothing), while a short
// write waited, and while the session read the server's types; and a READ COMMITTED statement whose COMMIT
// waited behind it on the closed connection (scripts/patch-dependencies.mjs, each).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect, type Socket } from 'node:net';
import postgres from 'postgres';
import { dbErrorOf } from '../../src/db/errors';
import { openPostgres, type PostgresHandle } from '../../src/db/postgres';
import { readCommitted } from '../../src/db/postgres-statements';
import { hasPostgres, startPostgres } from '../postgres';

describe.skipIf(!hasPostgres)('a reserved PostgreSQL connection the server closed', () => {
  let handle: PostgresHandle;
  let admin: postgres.Sql;

  beforeAll(async () => {
    const url = await (await startPostgres()).createDatabase();
    // One connection: the next statement can only run on the one the server closed.
    handle = await openPostgres(url, { poolSize: 1 });
    admin = postgres(url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await handle?.close();
    await admin?.end({ timeout: 1 });
  });

  /** A statement with a parameter past 1 KiB (postgres.js writes it at once, the path that hung). */
  const echo = async (n: number) => {
    const text = `${n}:${'x'.repeat(2000)}`;
    const rows = await Promise.race([
      handle.client.unsafe('SELECT $1::text AS text', [text]),
      Bun.sleep(10_000).then(() => {
        throw new Error(`statement ${n} unanswered after 10 s`);
      }),
    ]);
    return (rows as unknown as { text: string }[])[0]?.text === text;
  };

  test('is connected again after its release: every later statement answers', async () => {
    expect(await echo(0)).toBe(true);
    for (let round = 1; round <= 3; round++) {
      const held = await handle.client.reserve();
      const [{ pid }] = (await held`SELECT pg_backend_pid() AS pid`) as unknown as [{ pid: number }];
      await admin`SELECT pg_terminate_backend(${pid})`;
      // The held connection learns of it: its next statement fails (the session is gone).
      const after = await held`SELECT 1`.then(
        () => 'answered',
        (error: Error) => error.message,
      );
      expect(after).not.toBe('answered');
      await Bun.sleep(200); // its socket's close reaches the pool while the connection is still held
      held.release();
      const answered = [];
      for (let n = 1; n <= 5; n++) answered.push(await echo(round * 10 + n).catch((error) => String(error)));
      // The first may still meet the ended session (its end and the statement cross); none waits, and
      // every one after it is answered on a connection opened again.
      expect(answered.filter((a) => String(a).includes('unanswered'))).toEqual([]);
      expect(answered.slice(1)).toEqual([true, true, true, true]);
    }
  }, 60_000);

  test('a transaction that gets no connection answers unavailable, and the connection handed over later is given back', async () => {
    // The pool's one connection held elsewhere: the transaction's reservation waits (as a lost one did for good).
    const held = await handle.client.reserve();
    const outcome = await handle.db
      .transaction(async () => 'ran')
      .then(
        (value) => value,
        (error: unknown) => dbErrorOf(error)?.code ?? String(error),
      );
    expect(outcome).toBe('unavailable');
    held.release();
    // The reservation that gave up is handed the connection now and gives it back: the pool serves again.
    expect(await echo(99)).toBe(true);
    expect(await handle.db.transaction(async () => 'ran')).toBe('ran');
  }, 30_000);

  test('a READ COMMITTED statement whose connection the server ends: its COMMIT, queued behind it, fails too; nothing waits, the pool serves', async () => {
    // BEGIN, the statement and COMMIT go out together on a reserved connection (readCommitted); a statement
    // not yet prepared makes the connection count as full, so the COMMIT waits in the reservation's own
    // queue. postgres.js forgot that queue when the server closed the connection: the COMMIT was never
    // answered nor failed, the statement never returned and its connection was never given back (the rate
    // limit's count, one per key at a time, then held every request of the key: postgres-faults).
    for (let round = 1; round <= 3; round++) {
      const text = `SELECT $1::int AS n, pg_sleep(2) AS slept, ${round} AS round`;
      const running = readCommitted(handle.client, text, [round], 'all').then(
        () => 'answered',
        (error: unknown) => dbErrorOf(error)?.code ?? String(error),
      );
      const sleeping = async () =>
        (await admin`SELECT pid FROM pg_stat_activity WHERE query LIKE '%pg_sleep(2)%' AND pid <> pg_backend_pid()`) as unknown as {
          pid: number;
        }[];
      let pids = await sleeping();
      for (let i = 0; i < 100 && pids.length === 0; i++) {
        await Bun.sleep(20);
        pids = await sleeping();
      }
      expect(pids.length).toBe(1);
      await admin`SELECT pg_terminate_backend(${pids[0]?.pid ?? 0})`;
      const outcome = await Promise.race([running, Bun.sleep(10_000).then(() => 'unanswered after 10 s')]);
      expect(outcome).toBe('unavailable');
      // Its connection is the pool's again: the next statements answer (the first may meet the closed session).
      const answered = [];
      for (let n = 1; n <= 3; n++) answered.push(await echo(round * 100 + n).catch((error) => String(error)));
      expect(answered.slice(1)).toEqual([true, true]);
      expect(await readCommitted(handle.client, 'SELECT $1::int AS n', [round], 'all')).toEqual([[round]]);
    }
  }, 60_000);

  test('a statement the server ended leaves nothing to the next session: the statement after it is answered', async () => {
    for (let round = 1; round <= 3; round++) {
      const [{ pid }] = (await handle.client`SELECT pg_backend_pid() AS pid`) as unknown as [{ pid: number }];
      // Running when the server ends the session: the server sends 57P01, then closes.
      const running = handle.client`SELECT pg_sleep(5)`.then(
        () => 'answered',
        (error: { code?: string }) => String(error.code),
      );
      await Bun.sleep(200);
      await admin`SELECT pg_terminate_backend(${pid})`;
      expect(await running).not.toBe('answered');
      // The one connection opens a new session for this one; it failed with the old session's 57P01.
      const next = await handle.client`SELECT 'next' AS x`.then(
        (rows) => (rows as unknown as { x: string }[])[0]?.x,
        (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
      );
      expect({ round, next }).toEqual({ round, next: 'next' });
      expect(await echo(round)).toBe(true);
    }
  }, 60_000);
});

/**
 * postgres.js options for one connection whose sockets the test opens itself (postgres.js takes `socket`, a
 * function giving a connected socket, though its types do not name it), each shown to `opened` first.
 */
function ownSockets(url: URL, opened: (socket: Socket) => void) {
  return {
    max: 1,
    connect_timeout: 3,
    onnotice: () => {},
    socket: () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
        socket.once('error', reject);
        opened(socket);
      }),
  };
}

describe.skipIf(!hasPostgres)('a PostgreSQL connection closed while a write waits to be sent', () => {
  test('connects again and sends its startup first: the next statement answers', async () => {
    const url = new URL(await (await startPostgres()).createDatabase());
    // The test's own sockets (postgres.js's `socket` option), so it can close one at the moment it wants.
    const sockets: Socket[] = [];
    const sql = postgres(
      url.href,
      ownSockets(url, (socket) => sockets.push(socket)),
    );
    try {
      expect([...(await sql`SELECT 1 AS one`)]).toEqual([{ one: 1 }]);
      // A short statement is queued for the next turn of the event loop (setImmediate); the socket closes
      // before that turn. The connection used to keep the cancelled turn as pending, so the startup of the
      // next connection was queued behind it, never sent, and every later connect timed out.
      const pending = sql`SELECT 2 AS two`.then(
        () => 'answered',
        (error: Error) => error.message,
      );
      for (let i = 0; i < 5; i++) await null; // the statement reaches the connection's write queue
      // Its socket ends and the connection hears of it before that turn: under load (a busy core) the
      // order the server's close and the write take; here the close is told at once to make it certain.
      const socket = sockets.at(-1) as Socket;
      socket.destroy();
      socket.emit('close', false);
      await pending;
      const next = await Promise.race([
        sql`SELECT 3 AS three`.then(
          (rows) => [...rows],
          (error: Error) => error.message,
        ),
        Bun.sleep(10_000).then(() => 'unanswered after 10 s'),
      ]);
      expect(next).toEqual([{ three: 3 }]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 30_000);
});

describe.skipIf(!hasPostgres)("a PostgreSQL session ended while it reads the server's types", () => {
  test('the process lives on, and the transaction waiting for it gets the next session', async () => {
    const url = new URL(await (await startPostgres()).createDatabase());
    let cut = true;
    // The first session's socket ends as it asks for the server's array types (postgres.js's first query
    // of a session), as when the server restarts at that moment.
    const options = ownSockets(url, (socket) => {
      const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
      socket.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (cut && String(chunk).includes('pg_catalog.pg_type')) {
          cut = false;
          socket.destroy();
          return true;
        }
        return write(chunk, ...rest);
      }) as Socket['write'];
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);
    process.on('unhandledRejection', onUnhandled);
    const sql = postgres(url.href, options);
    try {
      // A transaction's connection (reserved): its session reads the types before it is handed over.
      const reserved = await Promise.race([
        sql.reserve(),
        Bun.sleep(10_000).then(() => {
          throw new Error('no connection after 10 s');
        }),
      ]);
      expect([...(await reserved`SELECT 1 AS one`)]).toEqual([{ one: 1 }]);
      reserved.release();
      await Bun.sleep(100);
      expect(cut).toBe(false);
      // An unhandled rejection ends a Bun process: the service's instance would have exited here.
      expect(unhandled.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await sql.end({ timeout: 1 });
    }
  }, 30_000);
});
