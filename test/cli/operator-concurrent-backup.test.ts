// Two backups to the same --out at once (a cron job and a hand-run one) both wrote into `<out>.partial`:
// one said "Backed up" over a file whose entries were interleaved (bad CRC: no restore would take it), the
// other failed with "ENOENT ... chmod". A backup now takes `<out>.partial` for itself or refuses, in one
// line, leaving the other's file alone.
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { runCli, tempDir } from '../harness';

function dataDir(): string {
  const dir = tempDir('inv-op-conc-');
  const db = new Database(join(dir, DATABASE_FILE), { create: true });
  try {
    migrate(db, embeddedMigrations);
  } finally {
    db.close();
  }
  return dir;
}

describe('a backup whose <out>.partial is already being written', () => {
  test('refuses in one line (exit 1), leaves the other backup’s file as it was, writes no <out>', () => {
    const out = join(tempDir('inv-op-out-'), 'nightly backup.zip');
    const theirs = 'PK another backup, half written';
    writeFileSync(`${out}.partial`, theirs);
    const res = runCli(['backup', '--out', out], { DATA_DIR: dataDir() });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `invoice-service: ${out}.partial exists: another backup to ${out} is running, or one was killed before it could clean up; if none is running, delete ${out}.partial and back up again`,
    );
    expect(readFileSync(`${out}.partial`, 'utf8')).toBe(theirs);
    expect(existsSync(out)).toBe(false);
  });

  test('once it is gone, the backup runs and leaves no .partial', () => {
    const out = join(tempDir('inv-op-out-'), 'b.zip');
    const res = runCli(['backup', '--out', out], { DATA_DIR: dataDir() });
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(existsSync(out)).toBe(true);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });
});
