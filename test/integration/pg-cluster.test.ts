// The throw-away PostgreSQL cluster of the tests (test/postgres.ts): it starts, a postgres.js client
// connects, every test gets an empty database of its own, text sorts bytewise as in SQLite, and stop()
// leaves nothing behind.
import { expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import postgres from 'postgres';
import { hasPostgres, startPostgres } from '../postgres';

test.skipIf(!hasPostgres)('starts once per process; a postgres.js client runs SELECT 1', async () => {
  const pg = await startPostgres();
  expect(await startPostgres()).toBe(pg);
  expect(pg.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
  const sql = postgres(pg.url, { max: 1 });
  try {
    const [row] = await sql`SELECT 1 AS one`;
    expect(row).toEqual({ one: 1 });
    const settings = await sql`
      SELECT name, setting FROM pg_settings WHERE name IN ('listen_addresses', 'fsync', 'lc_collate', 'server_encoding')
      ORDER BY name`;
    expect(Object.fromEntries(settings.map((s) => [s.name, s.setting]))).toEqual({
      fsync: 'off',
      lc_collate: 'C',
      listen_addresses: '127.0.0.1',
      server_encoding: 'UTF8',
    });
  } finally {
    await sql.end();
  }
});

test.skipIf(!hasPostgres)(
  'createDatabase gives each caller its own empty database, text in byte order',
  async () => {
    const pg = await startPostgres();
    const [first, second] = await Promise.all([pg.createDatabase(), pg.createDatabase()]);
    expect(first).not.toBe(second);
    const a = postgres(first, { max: 1 });
    const b = postgres(second, { max: 1 });
    try {
      await a`CREATE TABLE names (v text NOT NULL)`;
      await a`INSERT INTO names VALUES ('a'), ('B'), ('é'), ('Z'), ('_'), ('Ä')`;
      // SQLite's BINARY collation: by UTF-8 bytes, upper case before lower case, accents last.
      expect((await a`SELECT v FROM names ORDER BY v`).map((r) => r.v)).toEqual([
        'B',
        'Z',
        '_',
        'a',
        'Ä',
        'é',
      ]);
      const tables = await b`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`;
      expect(tables[0]?.n).toBe(0);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  },
);

test.skipIf(!hasPostgres)(
  'stop ends the server and removes its files; the next start is a new cluster',
  async () => {
    const old = await startPostgres();
    await old.stop();
    expect(existsSync(old.dir)).toBe(false);
    const gone = postgres(old.url, { max: 1, connect_timeout: 2 });
    try {
      await expect(gone`SELECT 1`).rejects.toThrow();
    } finally {
      await gone.end({ timeout: 0 });
    }
    const fresh = await startPostgres();
    expect(fresh).not.toBe(old);
    const sql = postgres(await fresh.createDatabase(), { max: 1 });
    try {
      expect((await sql`SELECT 2 AS two`)[0]).toEqual({ two: 2 });
    } finally {
      await sql.end();
    }
  },
);
