import { createHash } from 'node:crypto';
import postgres from 'postgres';
import { embeddedPostgresMigrations } from '../src/db/embedded-migrations';
import { migratePostgres } from '../src/db/migrate-postgres';

/**
 * TEST_DATABASE_URL (a PostgreSQL server, e.g. the throw-away cluster the PostgreSQL lane starts): when set,
 * every test server gets a fresh database of its own there instead of an SQLite file, dropped on stop.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? null;

let admin: postgres.Sql | null = null;
let template: Promise<string> | null = null;

/**
 * A new database on the server of `base`, already migrated: a copy of one database the service's own
 * migration runner (migratePostgres) brought up to this source's migrations, made once per server and set of
 * migrations. Migrating each test server's database took ~0.3 s of the server's CPU, about a thousand times
 * in the PostgreSQL lanes; a copy takes ~40 ms. The server still runs its migrations at start and finds
 * nothing to do, as an instance joining a running installation does. Migrating an empty or old database is
 * the business of the tests that make their own (test/postgres.ts `createDatabase`): upgrades, migrations
 * racing, the engines' twins. Its URL, and how to drop it.
 */
export async function freshDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  admin ??= postgres(base, { max: 2, onnotice: () => {} });
  // A failed make is not kept: the next test server tries again (and says why, if it fails again).
  template ??= migratedTemplate(admin, base).catch((error) => {
    template = null;
    throw error;
  });
  const from = await template;
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${from}"`);
  return {
    url: urlOf(base, name),
    async drop() {
      await admin?.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    },
  };
}

/** Any constant: processes sharing a server (two lanes, one TEST_DATABASE_URL) make the template once. */
const TEMPLATE_LOCK = 7_265_011_027;

/**
 * The name of a database holding every embedded migration and nothing else, made if missing. Named by the
 * migrations' hash, so a changed migration gets a template of its own; kept on the server for the next run.
 */
async function migratedTemplate(sql: postgres.Sql, base: string): Promise<string> {
  const hash = createHash('sha256');
  for (const m of embeddedPostgresMigrations) hash.update(`${m.tag}\0${m.sql}\0`);
  const name = `tpl_${hash.digest('hex').slice(0, 24)}`;
  const connection = await sql.reserve();
  try {
    await connection.unsafe('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const [ready] = await connection.unsafe(
      'SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate',
      [name],
    );
    if (ready === undefined) {
      // Half made by a run that was killed: made again.
      await connection.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await connection.unsafe(`CREATE DATABASE "${name}"`);
      const own = postgres(urlOf(base, name), { max: 1, onnotice: () => {} });
      try {
        await migratePostgres(own);
      } finally {
        await own.end();
      }
      // Marked a template only once migrated: a copy is never made of a half-migrated one.
      await connection.unsafe(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    }
  } finally {
    await connection.unsafe('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    connection.release();
  }
  return name;
}

function urlOf(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
