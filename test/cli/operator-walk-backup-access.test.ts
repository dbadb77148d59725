// Backup and restore by a user who may not read or write where they are pointed: a root cron job's backup
// (owner-only, 0600) restored as the service's user, a restore into a folder that user may not write, a
// backup into a root-owned /backups. Each ends with one line that says so and what to do (exit 1), not
// "is not a backup: EACCES: permission denied" (as if the backup were damaged) or a bare mkdir/open EACCES.
// As root the commands run as `nobody` (setpriv); as another user the places are made unwritable or
// unreadable to their owner (mode 000 / 555), which meets the same checks.
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { cliCommand, runCli, tempDir } from '../harness';

const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const SETPRIV = '/usr/bin/setpriv';
const canRun = !ROOT || existsSync(SETPRIV);

let base = '';
let backup = '';
beforeAll(() => {
  base = tempDir('inv-backup-access-');
  chmodSync(base, 0o755);
  const data = join(base, 'data');
  mkdirSync(data, { mode: 0o700 });
  const db = new Database(join(data, DATABASE_FILE), { create: true });
  try {
    migrate(db, embeddedMigrations);
  } finally {
    db.close();
  }
  backup = join(base, 'backup.zip');
  const made = runCli(['backup', '--out', backup], { DATA_DIR: data });
  if (made.code !== 0) throw new Error(made.stderr);
});
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** The CLI as the "other" user: nobody when this is root, else this user. */
function runAsOther(args: string[], env: Record<string, string>) {
  const command = ROOT
    ? [SETPRIV, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', ...cliCommand(), ...args]
    : [...cliCommand(), ...args];
  const result = Bun.spawnSync(command, {
    env: { ...process.env, LOG_LEVEL: 'silent', HOME: '/tmp', ...env },
  });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

/** A folder in `base` the other user may pass through but not write. */
function closedFolder(name: string): string {
  const dir = join(base, name);
  mkdirSync(dir);
  // Explicitly: another test of the same run may have set a umask of 077 (the CLI's keepFilesPrivate).
  chmodSync(dir, ROOT ? 0o755 : 0o555);
  return dir;
}

function expectOneLine(res: { code: number; stderr: string; stdout: string }, ...parts: string[]): void {
  expect({ code: res.code, stdout: res.stdout }).toEqual({ code: 1, stdout: '' });
  const lines = res.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toContain(part);
  expect(lines[0]).not.toContain('is not a backup');
  expect(lines[0]).not.toMatch(/^invoice-service: EACCES/);
}

describe.skipIf(!canRun)('backup and restore where this user may not', () => {
  test('restore of a backup this user cannot read: says so, not that it is no backup', () => {
    if (!ROOT) chmodSync(backup, 0o000); // as root: a 0600 backup of root's, restored as nobody
    try {
      const target = join(base, 'restored-unreadable');
      if (ROOT) {
        mkdirSync(target, { mode: 0o700 });
        chownSync(target, NOBODY, NOBODY);
      }
      const res = runAsOther(['restore', backup], { DATA_DIR: target });
      expectOneLine(res, `cannot read the backup ${backup}`, 'run restore as the user the service runs as');
    } finally {
      chmodSync(backup, 0o600);
    }
  });

  test('restore into a folder this user may not write: names DATA_DIR and the fix; nothing is left', () => {
    const closed = closedFolder('closed-for-restore');
    const readable = join(base, 'readable-copy.zip');
    Bun.spawnSync(['cp', backup, readable]);
    if (ROOT) chownSync(readable, NOBODY, NOBODY);
    try {
      for (const target of [join(closed, 'data'), closed]) {
        const res = runAsOther(['restore', readable], { DATA_DIR: target });
        expectOneLine(res, `cannot restore into DATA_DIR ${target}`, 'may not write');
        expect(readdirSync(closed)).toEqual([]);
      }
    } finally {
      chmodSync(closed, 0o755);
    }
  });

  test('backup into a folder this user may not write: names the folder', () => {
    const closed = closedFolder('closed-for-backup');
    const data = join(base, 'data-of-other');
    Bun.spawnSync(['cp', '-a', join(base, 'data'), data]);
    if (ROOT) {
      chownSync(data, NOBODY, NOBODY);
      chownSync(join(data, DATABASE_FILE), NOBODY, NOBODY);
    }
    try {
      const res = runAsOther(['backup', '--out', join(closed, 'b.zip')], { DATA_DIR: data });
      expectOneLine(res, `cannot write the backup into ${closed}`);
      expect(readdirSync(closed)).toEqual([]);
    } finally {
      chmodSync(closed, 0o755);
    }
  });
});

// /proc exists and is a folder, but takes no new files: open's bare "ENOENT: no such file or directory,
// open '/proc/x.zip.partial'" named a file the person never typed.
describe.skipIf(!existsSync('/proc/self'))('backup into a folder that takes no files', () => {
  test('/proc: names the folder and the code, in one line', () => {
    const res = runCli(['backup', '--out', '/proc/invoices.zip'], { DATA_DIR: join(base, 'data') });
    expectOneLine(res, 'cannot write the backup into /proc (ENOENT)', 'give --out in a folder');
    expect(res.stderr).not.toContain('.partial');
  });
});
