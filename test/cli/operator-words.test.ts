// What an operator types: a file name with spaces left unquoted splits into words, and a word the command
// does not take must be refused (exit 2, nothing written), not dropped: `backup --out /backups/my backup.zip`
// used to write a backup named `/backups/my` and say it had succeeded. And the help says what `migrate` does.
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { runCli, tempDir } from '../harness';

function dataDir(): string {
  const dir = tempDir('inv-op-words-');
  const db = new Database(join(dir, DATABASE_FILE), { create: true });
  try {
    migrate(db, embeddedMigrations);
  } finally {
    db.close();
  }
  return dir;
}

describe('a word a command does not take is a usage error, not ignored', () => {
  test('backup --out with an unquoted name with a space writes nothing and says to quote it', () => {
    const folder = tempDir('inv-op-out-');
    const res = runCli(['backup', '--out', join(folder, 'my'), 'backup.zip'], { DATA_DIR: dataDir() });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('"backup.zip"');
    expect(res.stderr).toContain('quotes');
    expect(res.stderr).not.toContain('    at ');
    expect(readdirSync(folder)).toEqual([]);
  });

  test('restore with an unquoted name with a space restores nothing and names both words', () => {
    const target = join(tempDir('inv-op-target-'), 'data');
    const res = runCli(['restore', '/backups/my', 'backup.zip'], { DATA_DIR: target });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('"backup.zip"');
    expect(res.stderr).toContain('quotes');
    expect(existsSync(target)).toBe(false);
  });

  test('a command that takes words still takes them; one more is refused (accounts set-plan)', () => {
    const dir = dataDir();
    const res = runCli(['accounts', 'set-plan', 'acc_nope', 'plan_free'], { DATA_DIR: dir });
    // Refused for the unknown account (exit 1), not for the number of words (2).
    expect(res.code).toBe(1);
    const extra = runCli(['accounts', 'set-plan', 'acc_nope', 'plan_free', 'more'], { DATA_DIR: dir });
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('"more"');
  });

  test('--help with extra words still prints the help', () => {
    const res = runCli(['backup', 'what', '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('backup --out FILE');
  });
});

describe('the help says what migrate does', () => {
  test('migrate on a DATA_DIR that does not exist makes it, and the help does not claim it refuses', () => {
    const target = join(tempDir('inv-op-migrate-'), 'data');
    const res = runCli(['migrate'], { DATA_DIR: target });
    expect([res.code, res.stdout.trim()]).toEqual([0, 'Database is up to date.']);
    expect(existsSync(join(target, DATABASE_FILE))).toBe(true);
    const help = runCli(['help']).stdout;
    const line = help.slice(help.indexOf('  migrate'), help.indexOf('  healthcheck'));
    expect(line).not.toContain('only with --create');
    expect(line).toContain('makes a missing DATA_DIR');
  });
});

describe('restore given a folder instead of the backup file', () => {
  test('says it is a folder (not "EISDIR"), exit 1, nothing made', () => {
    const folder = tempDir('inv-op-backups-');
    const target = join(tempDir('inv-op-target-'), 'data');
    const res = runCli(['restore', folder], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `invoice-service: ${folder} is a folder, not a backup file: name the backup's .zip file in it`,
    );
    expect(existsSync(target)).toBe(false);
  });
});
