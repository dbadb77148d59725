// The admin commands on a data dir that does not exist (a typo in DATA_DIR, none given in another working
// directory): each refuses with one line naming the path, exit 2, and creates nothing; `serve` and `migrate
// --create` make a new one, and a folder that exists is set up as before. And the start's own problems with the data
// dir (a file, a read-only folder) in one line.
import { Database } from 'bun:sqlite';
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { cliCommand, runCli, tempDir } from '../harness';
import { hasPostgres, startPostgres, type TestPostgres } from '../postgres';

const dirs: string[] = [];
const temp = () => {
  const dir = tempDir('inv-install-');
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const elsewhere = temp();

/** Every admin command that opens the installation, with the words it needs. */
const COMMANDS: string[][] = [
  ['accounts', 'create', '--name', 'Kunde GmbH'],
  ['accounts', 'disable', 'acc_1'],
  ['accounts', 'enable', 'acc_1'],
  ['accounts', 'set-plan', 'acc_1', 'plan_pro'],
  ['accounts', 'office', 'acc_1', 'on'],
  ['users', 'create', '--account', 'acc_1', '--email', 'anna@example.de', '--role', 'member'],
  ['plans', 'set', '--id', 'plan_team', '--name', 'Team', '--quota', '5', '--rps', '5'],
  ['receive', join(elsewhere, 'invoice.xml')],
  ['backup', '--out', join(elsewhere, 'backup.zip')],
  ['rules', 'install', join(elsewhere, 'pack')],
  ['rules', 'rollback'],
];

/** A data dir holding a migrated database and no account (made without the CLI). */
function installed(): string {
  const dir = temp();
  const db = new Database(join(dir, DATABASE_FILE), { create: true });
  try {
    migrate(db, embeddedMigrations);
  } finally {
    db.close();
  }
  return dir;
}

/** One line on stderr, exit 2: the configuration error's form. */
function expectRefused(res: { code: number; stderr: string; stdout: string }, text: string): void {
  expect([res.code, res.stdout]).toEqual([2, '']);
  const lines = res.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(text);
}

describe('admin commands refuse a data dir without an installation, creating nothing', () => {
  test('a DATA_DIR that does not exist: every command names it, exit 2, the folder is not made', () => {
    const missing = join(temp(), 'typo');
    for (const args of COMMANDS) {
      const res = runCli(args, { DATA_DIR: missing });
      expectRefused(res, `DATA_DIR ${missing} does not exist: is DATA_DIR right?`);
      expect([args.join(' '), existsSync(missing)]).toEqual([args.join(' '), false]);
    }
  }, 60_000);

  test('a folder that exists, empty, is the operator’s: set up as before (a script making the first account)', () => {
    const empty = temp();
    const created = runCli(['accounts', 'create', '--name', 'Kunde GmbH', '--json'], { DATA_DIR: empty });
    expect([created.code, created.stderr]).toEqual([0, '']);
    expect(JSON.parse(created.stdout).api_key.api_key).toStartWith('sk_');
    expect(readdirSync(empty)).toContain(DATABASE_FILE);
  });

  test('no DATA_DIR, run from another folder: ./data is not made and no API key printed', () => {
    const cwd = temp();
    const env = { ...process.env, LOG_LEVEL: 'silent' } as Record<string, string>;
    delete env.DATA_DIR;
    const res = Bun.spawnSync([...cliCommand(), 'accounts', 'create', '--name', 'Kunde GmbH'], { env, cwd });
    expectRefused(
      { code: res.exitCode, stdout: res.stdout.toString(), stderr: res.stderr.toString() },
      `DATA_DIR ${join(cwd, 'data')} does not exist`,
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  test('migrate --create makes the installation; then the commands work', () => {
    const dir = join(temp(), 'new');
    const made = runCli(['migrate', '--create'], { DATA_DIR: dir });
    expect([made.code, made.stdout.trim(), made.stderr]).toEqual([0, 'Database is up to date.', '']);
    expect(runCli(['migrate'], { DATA_DIR: dir }).code).toBe(0);
    const created = runCli(['accounts', 'create', '--name', 'Kunde GmbH', '--json'], { DATA_DIR: dir });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).api_key.api_key).toStartWith('sk_');
  });

  test('receive on an installation without an account says so, not "more than one account"', () => {
    const dir = installed();
    const file = join(temp(), 'invoice.xml');
    writeFileSync(file, '<Invoice/>');
    const receive = runCli(['receive', file], { DATA_DIR: dir });
    expect(receive.code).toBe(1);
    expect(receive.stderr.trim()).toBe(
      'invoice-service: the data dir has no account yet to receive for: start `serve` once (it makes the first) or run `accounts create`',
    );
  });
});

let cluster: TestPostgres | null = null;
afterAll(async () => {
  await cluster?.stop();
});

describe.skipIf(!hasPostgres)('with DATABASE_URL', () => {
  test('the data dir is only a cache: an empty database is set up as serve would set it up', async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const env = { DATABASE_URL: url, DATA_DIR: join(temp(), 'cache') };
    const created = runCli(['accounts', 'create', '--name', 'X', '--json'], env);
    expect([created.code, created.stderr]).toEqual([0, '']);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`SELECT count(*)::int AS n FROM accounts`;
      expect(row?.n).toBe(1);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 60_000);
});
