// The commands run as root (`sudo invoice-service receive …`) on the data dir of the service's user. Root
// passed every check, and what it wrote was root's, owner-only: the `blobs/` folder (when it made it), the
// received original, the rules' cache. The service, running as its user, then answered 500 for that
// original and could write no render once `blobs/` was root's. Now each writing command stops with one line
// naming the owner and how to run as them (exit 2), before writing anything; `backup` (which only reads)
// still runs. Runs where this is root (CI); the service's user is `nobody`.
import { Database } from 'bun:sqlite';
import { afterAll, describe, expect, test } from 'bun:test';
import { chmodSync, chownSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { runCli, tempDir } from '../harness';

const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const EXAMPLE = join(
  import.meta.dir,
  '../../../shared/receiving-corpus/samples/zugferd-corpus/XML-Rechnung/UBL/XRECHNUNG_Einfach.ubl.xml',
);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A data dir as the service's user (nobody) left it: a migrated database, everything theirs. */
function servicesDataDir(): string {
  const base = tempDir('inv-root-on-');
  dirs.push(base);
  const data = join(base, 'data');
  mkdirSync(data, { mode: 0o700 });
  const db = new Database(join(data, DATABASE_FILE), { create: true });
  try {
    migrate(db, embeddedMigrations);
    db.exec('PRAGMA journal_mode = DELETE'); // no -wal or -shm of root's left beside it
  } finally {
    db.close();
  }
  chmodSync(join(data, DATABASE_FILE), 0o600);
  for (const name of readdirSync(data)) chownSync(join(data, name), NOBODY, NOBODY);
  chownSync(data, NOBODY, NOBODY);
  return data;
}

/** Every entry under `dir` (itself included) that is root's. */
function rootsEntries(dir: string): string[] {
  const found = statSync(dir).uid === 0 ? [dir] : [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    if (statSync(join(dir, name)).uid === 0) found.push(name);
  }
  return found;
}

describe.skipIf(!ROOT)('root on the service user’s data dir', () => {
  test('receive, accounts, users, plans, rules install, migrate and serve refuse in one line; nothing of root’s is left', () => {
    const data = servicesDataDir();
    const commands = [
      ['receive', EXAMPLE],
      ['accounts', 'create', '--name', 'Zweite GmbH'],
      ['users', 'create', '--account', 'acc_x', '--email', 'a@example.de', '--role', 'owner'],
      ['plans', 'set', '--id', 'plan_x', '--name', 'X', '--quota', '1', '--rps', '1'],
      ['rules', 'install', join(data, 'nowhere')],
      ['migrate'],
      ['serve'],
    ];
    for (const args of commands) {
      const res = runCli(args, { DATA_DIR: data, PORT: '0' });
      expect({ args, code: res.code, stdout: res.stdout }).toEqual({ args, code: 2, stdout: '' });
      const lines = res.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `DATA_DIR ${data} belongs to nobody (uid ${NOBODY}) and this command runs as root`,
      );
      expect(lines[0]).toContain('sudo -u nobody invoice-service');
    }
    expect(rootsEntries(data)).toEqual([]);
  }, 120_000);

  test('backup, which only reads, still runs as root', () => {
    const data = servicesDataDir();
    const out = join(tempDir('inv-root-on-out-'), 'backup.zip');
    const res = runCli(['backup', '--out', out], { DATA_DIR: data });
    expect(res.code).toBe(0);
    expect(rootsEntries(data)).toEqual([]);
  }, 60_000);

  test('a data dir without a database (a folder made for the service) is root’s to set up as before', () => {
    const base = tempDir('inv-root-on-new-');
    dirs.push(base);
    const data = join(base, 'data');
    mkdirSync(data);
    chownSync(data, NOBODY, NOBODY);
    expect(runCli(['migrate'], { DATA_DIR: data }).code).toBe(0);
  }, 60_000);
});
