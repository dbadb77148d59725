// An operator moving a firm from the embedded setup to PostgreSQL sets DATABASE_URL on its data dir. Nothing
// copies the SQLite file's data to PostgreSQL, and the start set up a new, empty installation there without
// a word: a new account and API key, the firm's documents and keys only in the file beside it. Now a start
// on a database the service never set up, with an installation's SQLite file in DATA_DIR, stops with one
// line saying so (exit 1) and leaves PostgreSQL empty; once PostgreSQL holds an installation, a leftover
// file is not looked at.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { runCli, tempDir } from '../harness';
import { hasPostgres, startPostgres } from '../postgres';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dir(): string {
  const made = tempDir('inv-op-to-pg-');
  dirs.push(made);
  return made;
}

describe.skipIf(!hasPostgres)('DATABASE_URL set on an embedded installation’s data dir', () => {
  test('an empty database: serve and migrate refuse in one line, PostgreSQL stays empty', async () => {
    const url = await (await startPostgres()).createDatabase();
    const data = join(dir(), 'data');
    expect(runCli(['migrate'], { DATA_DIR: data }).code).toBe(0); // the firm's SQLite installation
    for (const command of ['serve', 'migrate']) {
      const res = runCli([command], { DATA_DIR: data, DATABASE_URL: url, PORT: '0' });
      expect({ code: res.code, stdout: res.stdout }).toEqual({ code: 1, stdout: '' });
      const lines = res.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `DATABASE_URL names an empty PostgreSQL database, and DATA_DIR ${data} holds an installation's SQLite database`,
      );
      expect(lines[0]).toContain('start without DATABASE_URL to keep serving it');
    }
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const setUp = async () =>
        (await sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS m`)[0]?.m;
      expect(await setUp()).toBe(false);
      // A data dir of caches only (as instances have) sets it up.
      expect(runCli(['migrate'], { DATA_DIR: join(dir(), 'cache'), DATABASE_URL: url }).code).toBe(0);
      expect(await setUp()).toBe(true);
    } finally {
      await sql.end();
    }
    // Set up now: the file left in the first data dir is not looked at any more.
    expect(runCli(['migrate'], { DATA_DIR: data, DATABASE_URL: url }).code).toBe(0);
  }, 120_000);
});
