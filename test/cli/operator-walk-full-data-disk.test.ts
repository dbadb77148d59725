// `serve` and `migrate` on a data dir whose disk is full: one line naming DATA_DIR's disk (exit 1), where
// SQLite's words alone were "database or disk is full" (a new install) or "disk I/O error" (an upgrade
// whose `-shm` found no room), naming neither the disk nor the setting. The database is left as it was:
// once there is room the same start migrates it.
import { Database } from 'bun:sqlite';
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { runCli, tempDir } from '../harness';
import { CANNOT_MOUNT, fillDisk, mountTinyTmpfs, unmount } from '../tmpfs';

const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted) unmount(dir);
});

function disk(bytes: number): string {
  const dir = join(tempDir('inv-op-datadisk-'), 'disk');
  expect(mountTinyTmpfs(dir, bytes)).toBe(true);
  mounted.push(dir);
  return dir;
}

function expectFullLine(res: { code: number; stdout: string; stderr: string }, dataDir: string) {
  expect(res.code).toBe(1);
  const lines = res.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`the disk holding DATA_DIR ${dataDir} is full`);
  expect(lines[0]).toContain('free space there');
}

describe('a data dir on a full disk', () => {
  test.skipIf(CANNOT_MOUNT)(
    'a new install: serve and migrate name the disk',
    () => {
      const root = disk(64 * 1024);
      const release = fillDisk(root);
      try {
        for (const command of ['serve', 'migrate']) {
          const dataDir = join(root, command);
          expectFullLine(runCli([command], { DATA_DIR: dataDir, PORT: '0' }), dataDir);
        }
      } finally {
        release();
      }
    },
    60_000,
  );

  test.skipIf(CANNOT_MOUNT)(
    'an upgrade (an older schema to migrate): names the disk; with room it migrates',
    () => {
      // An older version's database: all but the last migrations applied, made elsewhere and copied in.
      const made = join(tempDir('inv-op-datadisk-old-'), DATABASE_FILE);
      const db = new Database(made, { create: true });
      migrate(db, embeddedMigrations.slice(0, embeddedMigrations.length - 5));
      db.exec('PRAGMA journal_mode = DELETE');
      db.close();
      const root = disk(4 * 1024 * 1024);
      const dataDir = join(root, 'data');
      mkdirSync(dataDir, { mode: 0o700 });
      copyFileSync(made, join(dataDir, DATABASE_FILE));
      const release = fillDisk(root);
      try {
        expectFullLine(runCli(['migrate'], { DATA_DIR: dataDir }), dataDir);
        expectFullLine(runCli(['serve'], { DATA_DIR: dataDir, PORT: '0' }), dataDir);
      } finally {
        release();
      }
      const again = runCli(['migrate'], { DATA_DIR: dataDir });
      expect(again.code).toBe(0);
      const check = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        expect(check.query('SELECT COUNT(*) AS n FROM __drizzle_migrations').get()).toEqual({
          n: embeddedMigrations.length,
        });
      } finally {
        check.close();
      }
    },
    60_000,
  );
});
