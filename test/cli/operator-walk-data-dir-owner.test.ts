// A data dir whose files belong to another user than the one running the command: the operator ran
// `restore` (or `migrate`) as root and then starts the service as its own user, or a cron job backs up as
// the wrong user. Every command ends with one line naming the file, that it is another user's, and the fix
// (exit 2), rather than SQLite's bare "unable to open database file" or "holds no invoice-service
// database: is DATA_DIR right?" for a data dir that is there.
// As root the commands run as `nobody` (setpriv) on root's files; as another user the files are made
// unreadable to their owner (mode 000), which meets the same checks.
import { Database } from 'bun:sqlite';
import { afterAll, describe, expect, test } from 'bun:test';
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { cliCommand, tempDir } from '../harness';

const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const SETPRIV = '/usr/bin/setpriv';
const canRun = !ROOT || existsSync(SETPRIV);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A temp folder the other user can pass through, holding `data` with a migrated database. */
function installation(): { base: string; data: string; database: string } {
  const base = tempDir('inv-owner-');
  dirs.push(base);
  chmodSync(base, 0o755);
  const data = join(base, 'data');
  mkdirSync(data, { mode: 0o700 });
  const database = join(data, DATABASE_FILE);
  const db = new Database(database, { create: true });
  try {
    migrate(db, embeddedMigrations);
  } finally {
    db.close();
  }
  chmodSync(database, 0o600);
  return { base, data, database };
}

/** The CLI as the "other" user: nobody when this is root, else this user. */
function runAsOther(args: string[], env: Record<string, string>) {
  const command = ROOT
    ? [SETPRIV, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', ...cliCommand(), ...args]
    : [...cliCommand(), ...args];
  const result = Bun.spawnSync(command, {
    env: { ...process.env, LOG_LEVEL: 'silent', HOME: '/tmp', PORT: '0', ...env },
  });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

function expectOneLine(res: { code: number; stderr: string; stdout: string }, ...parts: string[]): void {
  expect({ code: res.code, stdout: res.stdout }).toEqual({ code: 2, stdout: '' });
  const lines = res.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toContain(part);
  expect(lines[0]).not.toContain('unable to open database file');
  expect(lines[0]).not.toContain('holds no invoice-service database');
}

describe.skipIf(!canRun)('a data dir of another user', () => {
  test("its database is not this user's (restored as root): serve, migrate, accounts and backup say so in one line", () => {
    const { base, data, database } = installation();
    if (ROOT)
      chownSync(data, NOBODY, NOBODY); // the folder is the service user's, the database root's
    else chmodSync(database, 0o000);
    const commands = [
      ['serve'],
      ['migrate'],
      ['accounts', 'disable', 'acc_1'],
      ['backup', '--out', join(base, 'backup.zip')],
    ];
    for (const args of commands) {
      const res = runAsOther(args, { DATA_DIR: data });
      expectOneLine(res, `${database} cannot be used by this user`, 'chown -R');
    }
    expect(existsSync(join(base, 'backup.zip'))).toBe(false);
  });

  test('a backup by a user who cannot enter the data dir is not told the data dir holds no database', () => {
    const { base, data } = installation();
    if (!ROOT) chmodSync(data, 0o000); // as root: a 0700 folder of root's, and the command runs as nobody
    try {
      const res = runAsOther(['backup', '--out', join(base, 'backup.zip')], { DATA_DIR: data });
      expectOneLine(res, `DATA_DIR ${data}`, 'cannot be used by this user', 'EACCES');
    } finally {
      chmodSync(data, 0o700);
    }
  });
});
