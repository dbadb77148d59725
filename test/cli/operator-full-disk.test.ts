// A backup meeting a full disk says which disk, in one line, and leaves nothing behind: the folder of
// --out (its `.partial` file removed) or the system's temp folder, where the database's snapshot is made
// first ("database or disk is full" alone sent an operator to look at the data dir's disk).
import { Database } from 'bun:sqlite';
import { afterAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { runCli, tempDir } from '../harness';
import { CANNOT_MOUNT, mountTinyTmpfs, unmount } from '../tmpfs';

function dataDir(): string {
  const dir = tempDir('inv-op-full-');
  const db = new Database(join(dir, DATABASE_FILE), { create: true });
  try {
    migrate(db, embeddedMigrations);
  } finally {
    db.close();
  }
  // A stored PDF that does not compress (random bytes), larger than the tiny disk: the archive cannot fit.
  mkdirSync(join(dir, 'blobs', 'renders'), { recursive: true });
  writeFileSync(join(dir, 'blobs', 'renders', 'big.pdf'), randomBytes(256 * 1024));
  return dir;
}

const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted) unmount(dir);
});

/** A 64 KiB tmpfs: far smaller than a migrated database (about 900 KB). */
function tinyDisk(): string {
  const dir = join(tempDir('inv-op-tiny-'), 'disk');
  expect(mountTinyTmpfs(dir, 64 * 1024)).toBe(true);
  mounted.push(dir);
  return dir;
}

describe('backup on a full disk', () => {
  test.skipIf(CANNOT_MOUNT)('--out on a full disk: names its folder, exit 1, no .partial left', () => {
    const disk = tinyDisk();
    const tmp = tempDir('inv-op-tmp-');
    const res = runCli(['backup', '--out', join(disk, 'backup.zip')], { DATA_DIR: dataDir(), TMPDIR: tmp });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`the disk holding ${disk} is full`);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(disk)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  test.skipIf(CANNOT_MOUNT)('a full temp folder: names it and TMPDIR, exit 1, nothing left', () => {
    const disk = tinyDisk();
    const folder = tempDir('inv-op-out-');
    const res = runCli(['backup', '--out', join(folder, 'backup.zip')], {
      DATA_DIR: dataDir(),
      TMPDIR: disk,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(disk);
    expect(res.stderr).toContain('TMPDIR');
    expect(res.stderr).toContain('full');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(disk)).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
  });
});
