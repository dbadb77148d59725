// The PostgreSQL port's pool (postgres.js with scripts/patch-dependencies.mjs) when the server closes a
// connection a transaction holds: released afterwards, the connection is connected again for the next
// statement, not handed out as open with no socket (which failed every statement given to it, and hung
// those given to it once it counted as full: postgres-faults' restarts under load, about one run in five).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
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
