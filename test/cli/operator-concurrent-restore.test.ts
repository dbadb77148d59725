// A restore is not alone with its DATA_DIR: a second restore started from another terminal, or a `serve`
// started on the folder too early, writes there while it unpacks. Restore used to move its files up
// regardless: it replaced the other's database without a word, and when a folder then stood in its way
// (ENOTEMPTY) its clean-up removed "its" database, the one it had just put over the other's. Two restores
// at once into one empty DATA_DIR ended with one saying "Restored …" over a folder without a database.
// Now a restore takes the folder for itself, and puts nothing in place once anything else is there.
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RestoreError, restoreBackup } from '../../src/backup/restore-backup';
import { loadConfig } from '../../src/config';
import { runCli, tempDir } from '../harness';

/** A data dir with a database and `files` stored PDFs, backed up; the backup's path. */
function backupWith(files: number): string {
  const dir = join(tempDir('inv-op-crs-'), 'data');
  expect(runCli(['migrate'], { DATA_DIR: dir }).code).toBe(0);
  const blobs = join(dir, 'blobs', 'renders', 'acc');
  mkdirSync(blobs, { recursive: true });
  for (let i = 0; i < files; i++)
    writeFileSync(join(blobs, `r${i}.pdf`), `%PDF-1.7 ${i} ${'x'.repeat(4000)}`);
  const out = join(tempDir('inv-op-crs-out-'), 'b.zip');
  expect(runCli(['backup', '--out', out], { DATA_DIR: dir }).code).toBe(0);
  return out;
}

const config = (target: string) => loadConfig({ DATA_DIR: target, LOG_LEVEL: 'silent' });

describe('a restore whose DATA_DIR is written to while it unpacks', () => {
  test('a database put there meanwhile stays as it is; the restore puts nothing in place and says why', async () => {
    const backup = backupWith(30);
    const target = tempDir('inv-op-crs-target-');
    // The restore checks the folder and starts unpacking; then someone else writes there.
    const restoring = restoreBackup(config(target), backup);
    writeFileSync(join(target, 'invoice-service.db'), 'the other one');
    const error = await restoring.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).toContain('invoice-service.db');
    expect((error as Error).message).toContain('while restoring');
    expect(readFileSync(join(target, 'invoice-service.db'), 'utf8')).toBe('the other one');
    expect(readdirSync(target)).toEqual(['invoice-service.db']);
  });

  test('a second restore into the same folder while the first unpacks is refused; the first completes', async () => {
    const small = backupWith(20);
    const large = backupWith(120);
    const target = tempDir('inv-op-crs-target-');
    const first = restoreBackup(config(target), large);
    const second = await restoreBackup(config(target), small).then(
      () => null,
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(RestoreError);
    expect((second as Error).message).toContain('another restore');
    await first;
    expect(existsSync(join(target, 'invoice-service.db'))).toBe(true);
    expect(readdirSync(join(target, 'blobs', 'renders', 'acc'))).toHaveLength(120);
    expect(readdirSync(target).filter((name) => name.startsWith('.restore'))).toEqual([]);
  });

  test('a DATA_DIR made meanwhile where none was: refused in words, not ENOTEMPTY; what is there stays', async () => {
    const backup = backupWith(10);
    const parent = tempDir('inv-op-crs-parent-');
    const target = join(parent, 'data');
    const restoring = restoreBackup(config(target), backup);
    mkdirSync(target);
    writeFileSync(join(target, 'invoice-service.db'), 'the other one');
    const error = await restoring.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).not.toContain('ENOTEMPTY');
    expect((error as Error).message).toContain('while restoring');
    expect(readFileSync(join(target, 'invoice-service.db'), 'utf8')).toBe('the other one');
    expect(readdirSync(parent)).toEqual(['data']);
  });
});
