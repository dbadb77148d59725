import { once } from 'node:events';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DATABASE_FILE, openDataDir } from '../cli/runtime';
import type { Config } from '../config';
import { VERSION } from '../version';
import {
  type BackupManifest,
  BLOBS_PREFIX,
  DATABASE_ENTRY,
  isSafeBlobPath,
  MANIFEST_NAME,
  SECRET_ENTRY,
} from './layout';

export interface BackupSummary {
  file: string;
  bytes: number;
  files: number;
}

/**
 * A consistent online backup: `VACUUM INTO` writes a transactionally consistent copy of the database while
 * the server keeps serving (readers and writers are not blocked), then the stored files are added. Files
 * are written before the rows that name them, so every row of the snapshot finds its file; files newer than
 * the snapshot are harmless orphans. Written to `<out>.partial` and renamed at the end: a failed backup
 * never looks complete. Owner-only (0600): it holds the signing secret and the hashed keys.
 */
export async function createBackup(config: Config, out: string): Promise<BackupSummary> {
  const work = mkdtempSync(join(tmpdir(), 'invoice-backup-'));
  const partial = `${out}.partial`;
  try {
    const snapshot = join(work, DATABASE_FILE);
    const handle = await openDataDir(config);
    let migrations = 0;
    try {
      // The CLI refuses DATABASE_URL before this (pg_dump instead: docs/instances.md).
      if (handle.engine !== 'sqlite') throw new Error('backup covers the embedded SQLite database only');
      // SQLITE-ONLY: a consistent copy of the embedded file (PostgreSQL: pg_dump, documented instead).
      handle.sqlite.run('VACUUM INTO ?', [snapshot]);
      migrations = (
        handle.sqlite.query('SELECT COUNT(*) AS n FROM __drizzle_migrations').get() as { n: number }
      ).n;
    } finally {
      await handle.close();
    }
    const blobsDir = join(config.dataDir, 'blobs');
    const blobs = existsSync(blobsDir) ? listFiles(blobsDir) : [];
    const secretFile = join(config.dataDir, 'signing-secret');
    const manifest: BackupManifest = {
      format: 'invoice-service-backup',
      format_version: 1,
      created_at: new Date().toISOString(),
      service_version: VERSION,
      migrations,
      files: blobs.length,
    };
    const output = createWriteStream(partial, { mode: 0o600 });
    const { ZipArchive } = await import('archiver'); // on first use: not part of every start
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const failed = new Promise<never>((_, reject) => {
      archive.on('error', reject);
      output.on('error', reject);
    });
    archive.pipe(output);
    archive.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: MANIFEST_NAME });
    archive.file(snapshot, { name: DATABASE_ENTRY });
    if (existsSync(secretFile)) archive.file(secretFile, { name: SECRET_ENTRY });
    for (const path of blobs) {
      // PDFs and images are compressed already: store them, do not spend CPU deflating them again.
      archive.file(join(blobsDir, path), { name: `${BLOBS_PREFIX}${path}`, store: true } as never);
    }
    await Promise.race([Promise.all([archive.finalize(), once(output, 'close')]), failed]);
    chmodSync(partial, 0o600);
    renameSync(partial, out);
    return { file: out, bytes: statSync(out).size, files: blobs.length };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Files under `root` as relative paths; a write in progress (`*.tmp`) and the storage probe are skipped. */
function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.probe') walk(full);
      } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        const rel = relative(root, full).split('\\').join('/');
        if (isSafeBlobPath(rel)) found.push(rel);
      }
    }
  };
  walk(root);
  return found.sort();
}
