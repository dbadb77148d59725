// A restore killed outright (SIGKILL, a power cut, the OOM killer) leaves its staging folder: inside an
// existing DATA_DIR (`.restore-in-progress`) or beside a missing one (`<DATA_DIR>.restoring-in-progress`).
// The service started on that DATA_DIR (a systemd unit at boot) set up a new, empty installation next to
// it: a new account and API key, the firm's invoices nowhere, and the restore run again then refused the
// folder as not empty. Now `serve` and the commands stop with one line (exit 1), making nothing; once the
// staging folder is deleted the restore runs.
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { runCli, tempDir } from '../harness';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function base(): string {
  const dir = tempDir('inv-op-unfinished-');
  dirs.push(dir);
  return dir;
}

/** A migrated data dir's backup: what the killed restore was unpacking. */
function aBackup(): { backup: string; database: string } {
  const source = join(base(), 'source');
  expect(runCli(['migrate'], { DATA_DIR: source }).code).toBe(0);
  const backup = join(base(), 'backup.zip');
  expect(runCli(['backup', '--out', backup], { DATA_DIR: source }).code).toBe(0);
  return { backup, database: join(source, DATABASE_FILE) };
}

function expectRefused(
  res: { code: number; stdout: string; stderr: string },
  dataDir: string,
  staging: string,
) {
  expect({ code: res.code, stdout: res.stdout }).toEqual({ code: 1, stdout: '' });
  const lines = res.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`DATA_DIR ${dataDir}: a restore into it has not finished (${staging} is there)`);
  expect(lines[0]).toContain(`delete ${staging}`);
}

describe('a DATA_DIR a killed restore left its staging folder in', () => {
  test('inside an existing DATA_DIR: serve, migrate and accounts make nothing; deleted, the restore runs', () => {
    const { backup, database } = aBackup();
    const data = join(base(), 'data');
    const staging = join(data, '.restore-in-progress');
    mkdirSync(staging, { recursive: true });
    copyFileSync(database, join(staging, DATABASE_FILE)); // unpacked, not yet moved up
    for (const args of [['serve'], ['migrate'], ['accounts', 'create', '--name', 'X']]) {
      expectRefused(runCli(args, { DATA_DIR: data, PORT: '0' }), data, staging);
    }
    expect(readdirSync(data)).toEqual(['.restore-in-progress']);
    rmSync(staging, { recursive: true });
    expect(runCli(['restore', backup], { DATA_DIR: data }).code).toBe(0);
    expect(existsSync(join(data, DATABASE_FILE))).toBe(true);
  }, 60_000);

  test('beside a DATA_DIR that does not exist yet: serve does not make it', () => {
    const parent = base();
    const data = join(parent, 'data');
    const staging = `${data}.restoring-in-progress`;
    mkdirSync(staging);
    expectRefused(runCli(['serve'], { DATA_DIR: data, PORT: '0' }), data, staging);
    expect(existsSync(data)).toBe(false);
  }, 30_000);
});
