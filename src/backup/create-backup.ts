import { once } from 'node:events';
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { DATABASE_FILE } from '../cli/runtime';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { embeddedMigrations } from '../db/embedded-migrations';
import { isStorageFull } from '../db/errors';
import { VERSION, VERSION_LABEL } from '../version';
import { cleanUpOnSignal } from './interrupt';
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
 * never looks complete. Owner-only (0600): it holds the signing secret and the hashed keys. The data dir is
 * only read: its database is never migrated, and a missing one is refused, not backed up empty.
 */
export async function createBackup(config: Config, out: string): Promise<BackupSummary> {
  // The CLI refuses DATABASE_URL before this (pg_dump instead: docs/instances.md).
  if (config.databaseUrl !== null) throw new Error('backup covers the embedded SQLite database only');
  const database = liveDatabase(config.dataDir);
  requireOutFile(out);
  // Loaded before the file is opened: an open error must find its listener (below) already attached.
  const { ZipArchive } = await import('archiver'); // on first use: not part of every start
  const work = mkdtempSync(join(tmpdir(), 'invoice-backup-'));
  const partial = `${out}.partial`;
  // Set once `<out>.partial` is this backup's own: another backup's (running, or killed) is never removed.
  let ownsPartial = false;
  let fd: number | undefined; // closed by the write stream once it has it
  const release = cleanUpOnSignal(() => {
    if (ownsPartial) rmSync(partial, { force: true });
    rmSync(work, { recursive: true, force: true });
  });
  try {
    fd = claimPartial(partial, out);
    ownsPartial = true;
    const snapshot = join(work, DATABASE_FILE);
    const migrations = snapshotDatabase(database, snapshot);
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
    const output = createWriteStream(partial, { fd });
    fd = undefined;
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
    try {
      await Promise.race([Promise.all([archive.finalize(), once(output, 'close')]), failed]);
    } catch (error) {
      if (!isStorageFull(error)) throw error;
      throw new Error(
        `the disk holding ${dirname(out)} is full: the backup did not fit and nothing was kept; free space there or give --out on another disk`,
      );
    }
    chmodSync(partial, 0o600);
    renameSync(partial, out);
    return { file: out, bytes: statSync(out).size, files: blobs.length };
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    if (ownsPartial) rmSync(partial, { force: true });
    throw error;
  } finally {
    release();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The data dir's database file; refused when there is none, rather than backing up an empty dir (a wrong
 * DATA_DIR) as if it were the data. Nothing is created here: the data dir is only read.
 */
function liveDatabase(dataDir: string): string {
  if (!existsSync(dataDir)) {
    throw new Error(`the data dir ${dataDir} does not exist: nothing to back up (is DATA_DIR right?)`);
  }
  if (!statSync(dataDir).isDirectory()) throw new Error(`DATA_DIR ${dataDir} is a file, not a folder`);
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    throw new Error(
      `${dataDir} holds no invoice-service database (${DATABASE_FILE}): nothing to back up (is DATA_DIR right?)`,
    );
  }
  return file;
}

/** The backup file's folder must exist (it is not made: a typo should not grow a tree), and `out` is a file. */
function requireOutFile(out: string): void {
  const folder = dirname(out);
  if (!existsSync(folder)) throw new Error(`the folder ${folder} does not exist: create it first`);
  if (!statSync(folder).isDirectory()) throw new Error(`${folder} is a file, not a folder`);
  if (existsSync(out) && statSync(out).isDirectory()) {
    throw new Error(
      `${out} is a directory: give the backup file's name, for example --out ${join(out, 'invoices.zip')}`,
    );
  }
}

/**
 * `<out>.partial`, made by this backup alone (exclusive create, owner-only): two backups to one --out at once
 * (a cron job and a hand-run one) wrote into the same file, and one of them renamed the mix of both into
 * place as a backup no restore takes. The second one refuses instead, before it copies anything.
 */
function claimPartial(partial: string, out: string): number {
  try {
    return openSync(partial, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    // A folder this user may not write (a root-owned /backups, a cron job as the service's user): one line
    // naming it and what to do, not open's bare "EACCES: permission denied, open '<out>.partial'".
    if (code === 'EROFS') {
      throw new Error(
        `cannot write the backup into ${dirname(out)}: it is on a read-only file system (EROFS); give --out on a disk mounted for writing`,
      );
    }
    if (code === 'EACCES' || code === 'EPERM') {
      throw new Error(
        `cannot write the backup into ${dirname(out)} (${code}): this user (uid ${process.getuid?.() ?? '?'}) may not write there; give --out in a folder it may write, or let it write this one`,
      );
    }
    // Any other refusal of an existing folder (/proc, /sys: virtual file systems that take no new files,
    // ENOENT or ENOSPC on a full disk): the folder and the code in one line, not open's message about
    // `<out>.partial`, a name the person never typed.
    if (code !== 'EEXIST') {
      throw new Error(
        `cannot write the backup into ${dirname(out)}${code ? ` (${code})` : ''}: the folder takes no new files there (a system or virtual file system, or a full disk); give --out in a folder on an ordinary disk with room`,
      );
    }
    throw new Error(
      `${partial} exists: another backup to ${out} is running, or one was killed before it could clean up; if none is running, delete ${partial} and back up again`,
    );
  }
}

/**
 * SQLITE-ONLY: a consistent copy of the embedded file, of the schema as it is. Never migrated: a safety
 * backup taken by a newer executable before an upgrade must leave the database as the old version knows
 * it (a restore migrates an older snapshot). A database newer than this executable is refused: its
 * backup would claim this version's format for a schema this version does not know.
 */
function snapshotDatabase(file: string, snapshot: string): number {
  const { sqlite } = openDatabase(onReadOnlyFileSystem(file) ? copyFrozen(file, snapshot) : file);
  try {
    const bookkeeping = sqlite
      .query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get();
    if (bookkeeping === null) throw new Error(`${file} is not an invoice-service database`);
    const { n: migrations } = sqlite.query('SELECT COUNT(*) AS n FROM __drizzle_migrations').get() as {
      n: number;
    };
    if (migrations > embeddedMigrations.length) {
      throw new Error(
        `the database in ${dirname(file)} belongs to a newer version of invoice-service: it has ${migrations} migrations applied, this version, ${VERSION_LABEL}, knows ${embeddedMigrations.length}; back it up with the version that runs on it`,
      );
    }
    try {
      sqlite.run('VACUUM INTO ?', [snapshot]);
    } catch (error) {
      if (!isStorageFull(error)) throw error;
      // The snapshot goes to the system's temp folder first, often a smaller disk than the data dir's.
      throw new Error(
        `the temp folder ${dirname(dirname(snapshot))} is full: backup copies the database (${statSync(file).size} bytes) there first; free space there or set TMPDIR to a folder with room`,
      );
    }
    return migrations;
  } finally {
    sqlite.close();
  }
}

/** Whether the database's folder is on a read-only file system (a snapshot mounted read-only): EROFS. */
function onReadOnlyFileSystem(file: string): boolean {
  try {
    accessSync(dirname(file), constants.W_OK);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EROFS';
  }
}

/**
 * SQLITE-ONLY: the database of a read-only file system (an LVM, ZFS or btrfs snapshot of the data dir mounted
 * read-only), copied with its `-wal` into the snapshot's temp folder and opened there. SQLite cannot open a
 * WAL database where it may not make its `-shm` (the backup ended with "EROFS ... access"), and the `-wal`
 * of a snapshot taken while the server ran holds committed transactions that opening the copy takes in.
 * Nothing writes to a read-only file system, so the copy is as consistent as the snapshot.
 */
function copyFrozen(file: string, snapshot: string): string {
  const folder = join(dirname(snapshot), 'read-only-source');
  const copy = join(folder, DATABASE_FILE);
  try {
    mkdirSync(folder, { mode: 0o700 });
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    throw new Error(
      `the temp folder ${dirname(dirname(snapshot))} is full: backup copies the database of a read-only file system (${statSync(file).size} bytes) there first; free space there or set TMPDIR to a folder with room`,
    );
  }
  return copy;
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
