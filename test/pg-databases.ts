import postgres from 'postgres';

/**
 * TEST_DATABASE_URL (a PostgreSQL server, e.g. the throw-away cluster the PostgreSQL lane starts): when set,
 * every test server gets a fresh database of its own there instead of an SQLite file, dropped on stop.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? null;

let admin: postgres.Sql | null = null;

/** A new empty database on the server of `base`; its URL, and how to drop it. */
export async function freshDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  admin ??= postgres(base, { max: 2, onnotice: () => {} });
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin?.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    },
  };
}
