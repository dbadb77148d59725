// `backup` of a data dir on a read-only file system: an LVM, ZFS or btrfs snapshot of the data dir, taken
// while the server ran and mounted read-only, is what an operator backs up to copy a consistent state
// without touching the live one. The backup ended with the bare "EROFS: read-only file system, access
// '<dir>/invoice-service.db'" (SQLite opens a WAL database for writing, to make its -shm). Now the database
// and its -wal are copied to the temp folder and snapshotted there: the transactions still in the -wal
// (committed, not yet checkpointed into the file) are in the backup, which restores.
import { Database } from 'bun:sqlite';
import { afterAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { runCli, tempDir } from '../harness';
import { CANNOT_MOUNT, mountTinyTmpfs, unmount } from '../tmpfs';

const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted) unmount(dir);
});

/**
 * A data dir on its own tmpfs, as the server leaves it while it runs (`live`: the last write still in the
 * -wal, with the -shm) or after a clean stop (only the database file), then remounted read-only.
 */
function snapshot(live: boolean): string {
  const disk = join(tempDir('inv-op-ro-'), 'snapshot');
  expect(mountTinyTmpfs(disk, 16 * 1024 * 1024)).toBe(true);
  mounted.push(disk);
  const db = new Database(join(disk, DATABASE_FILE), { create: true });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA wal_autocheckpoint = 0'); // the migrations and the write below stay in the -wal
  migrate(db, embeddedMigrations);
  db.exec("CREATE TABLE operator_probe (note TEXT); INSERT INTO operator_probe VALUES ('the last write')");
  mkdirSync(join(disk, 'blobs', 'renders'), { recursive: true });
  writeFileSync(join(disk, 'blobs', 'renders', 'a.pdf'), '%PDF-1.7 a render');
  writeFileSync(join(disk, 'signing-secret'), 'a-secret-of-the-data-dir-0123456789');
  // The files as they were while the server ran: the -wal with the last write, the -shm.
  const frozen = join(tempDir('inv-op-ro-copy-'), 'copy');
  mkdirSync(frozen);
  for (const name of readdirSync(disk)) {
    if (name.startsWith(DATABASE_FILE)) copyFileSync(join(disk, name), join(frozen, name));
  }
  db.close(); // a clean stop: checkpointed into the file, -wal and -shm removed
  if (live) {
    for (const name of readdirSync(frozen)) copyFileSync(join(frozen, name), join(disk, name));
    expect(statSync(join(disk, `${DATABASE_FILE}-wal`)).size).toBeGreaterThan(0);
  } else {
    expect(readdirSync(disk).filter((name) => name.startsWith(DATABASE_FILE))).toEqual([DATABASE_FILE]);
  }
  expect(spawnSync('mount', ['-o', 'remount,ro', disk]).status).toBe(0);
  return disk;
}

function backsUpAndRestores(disk: string): void {
  const out = join(tempDir('inv-op-ro-out-'), 'backup.zip');
  const tmp = tempDir('inv-op-ro-tmp-');
  const res = runCli(['backup', '--out', out], { DATA_DIR: disk, TMPDIR: tmp });
  expect(res.stderr).toBe('');
  expect(res.code).toBe(0);
  expect(res.stdout).toContain(`Backed up ${disk} to ${out}`);
  expect(readdirSync(tmp)).toEqual([]); // the copy went with the snapshot
  const restored = join(tempDir('inv-op-ro-restored-'), 'data');
  const back = runCli(['restore', out], { DATA_DIR: restored });
  expect(back.code).toBe(0);
  const check = new Database(join(restored, DATABASE_FILE), { readonly: true });
  try {
    expect(check.query('SELECT note FROM operator_probe').all()).toEqual([{ note: 'the last write' }]);
  } finally {
    check.close();
  }
  expect(existsSync(join(restored, 'blobs', 'renders', 'a.pdf'))).toBe(true);
}

describe('backup of a snapshot mounted read-only', () => {
  test.skipIf(CANNOT_MOUNT)(
    'taken while the server ran: the -wal’s transactions are in the backup',
    () => {
      backsUpAndRestores(snapshot(true));
    },
    60_000,
  );

  test.skipIf(CANNOT_MOUNT)(
    'taken after a clean stop (no -wal, no -shm): backed up, restores',
    () => {
      backsUpAndRestores(snapshot(false));
    },
    60_000,
  );
});

describe('backup --out on a read-only file system', () => {
  test.skipIf(CANNOT_MOUNT)(
    'says the disk is mounted read-only, not that this user may not write it',
    () => {
      const readOnly = snapshot(false); // any read-only mount will do
      const res = runCli(['backup', '--out', join(readOnly, 'backup.zip')], { DATA_DIR: readOnly });
      expect(res.code).toBe(1);
      const lines = res.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `cannot write the backup into ${readOnly}: it is on a read-only file system`,
      );
      expect(lines[0]).not.toContain('may not write');
    },
    60_000,
  );
});

describe('serve, migrate and restore on a read-only file system', () => {
  test.skipIf(CANNOT_MOUNT)(
    'say it is mounted read-only (exit 2 and 1), not to give the user write access',
    () => {
      const readOnly = snapshot(false);
      for (const command of ['serve', 'migrate']) {
        const res = runCli([command], { DATA_DIR: readOnly, PORT: '0' });
        expect(res.code).toBe(2);
        expect(res.stderr.trim().split('\n')).toHaveLength(1);
        expect(res.stderr).toContain(`DATA_DIR ${readOnly} is on a read-only file system`);
        expect(res.stderr).not.toContain('give the user');
      }
      const backup = join(tempDir('inv-op-ro-out-'), 'backup.zip');
      expect(runCli(['backup', '--out', backup], { DATA_DIR: readOnly }).code).toBe(0);
      const into = join(readOnly, 'restored');
      const res = runCli(['restore', backup], { DATA_DIR: into });
      expect(res.code).toBe(1);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      expect(res.stderr).toContain(`cannot restore into DATA_DIR ${into}:`);
      expect(res.stderr).toContain('is on a read-only file system');
      expect(res.stderr).not.toContain('may not write');
    },
    60_000,
  );
});
