// A full disk for real: a tiny tmpfs mounted over a directory, so the kernel itself answers ENOSPC to the
// service's writes (no fake store). Mounting needs root (the project's machines and CI run as root);
// elsewhere `mountTinyTmpfs` returns false and the tests that need it skip.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function mountTinyTmpfs(dir: string, bytes: number): boolean {
  mkdirSync(dir, { recursive: true });
  return (
    spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'ignore' }).status === 0
  );
}

export const unmount = (dir: string) => spawnSync('umount', ['-l', dir], { stdio: 'ignore' });

/** Whether this process can mount a tmpfs at all, known when test files are read: for `test.skipIf`. */
export const CANNOT_MOUNT: boolean = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'inv-mount-probe-'));
  try {
    if (!mountTinyTmpfs(dir, 4096)) return true;
    unmount(dir);
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

/** The names of the files (not directories) anywhere under `dir`. */
export const filesUnder = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];

/**
 * Fills the file system holding `dir` to the last byte with a filler file, and returns what frees it again.
 * With `db`, its WAL is checkpointed and truncated first: a WAL file keeps its size and the next writes could
 * reuse it, while an empty one makes the database's very next write need a new block (SQLITE_FULL).
 */
export function fillDisk(dir: string, sqlite?: { exec(sql: string): unknown }): () => void {
  sqlite?.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const filler = join(dir, `filler-${process.pid}`);
  const fd = openSync(filler, 'w');
  try {
    for (const size of [1 << 20, 4096, 512, 1]) {
      const chunk = new Uint8Array(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return () => rmSync(filler, { force: true });
}
