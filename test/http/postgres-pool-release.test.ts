// The PostgreSQL port's pool (postgres.js with scripts/patch-dependencies.mjs) when the server closes a
// connection a transaction holds: released afterwards, the connection is connected again for the next
// statement, not handed out as open with no socket (which failed every statement given to it, and hung
// those given to it once it counted as full: postgres-faults' restarts under load, about one run in five).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect, type Socket } from 'node:net';
import postgres from 'postgres';
import { openPostgres, type PostgresHandle } from '../../src/db/postgres';
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
});

describe.skipIf(!hasPostgres)('a PostgreSQL connection closed while a write waits to be sent', () => {
  test('connects again and sends its startup first: the next statement answers', async () => {
    const url = new URL(await (await startPostgres()).createDatabase());
    // The test's own sockets (postgres.js's `socket` option), so it can close one at the moment it wants.
    const sockets: Socket[] = [];
    // postgres.js takes `socket` (a function giving a connected socket) though its types do not name it.
    const options = {
      max: 1,
      connect_timeout: 3,
      onnotice: () => {},
      socket: () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
          socket.once('error', reject);
          sockets.push(socket);
        }),
    };
    const sql = postgres(url.href, options);
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
