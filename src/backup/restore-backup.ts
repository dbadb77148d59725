import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { DATABASE_FILE, openDataDir } from '../cli/runtime';
import type { Config } from '../config';
import { openDatabase, type SqliteHandle } from '../db/client';
import { embeddedMigrations } from '../db/embedded-migrations';
import { randomToken } from '../shared/ids';
import { VERSION } from '../version';
import { cleanUpOnSignal } from './interrupt';
import {
  type BackupManifest,
  BLOBS_PREFIX,
  DATABASE_ENTRY,
  isSafeBlobPath,
  MANIFEST_NAME,
  SECRET_ENTRY,
} from './layout';
import { type ZipEntryInfo, ZipFormatError, ZipReader, ZipTruncatedError } from './zip-reader';

export class RestoreError extends Error {}

export interface RestoreSummary {
  dataDir: string;
  files: number;
  createdAt: string;
}

/**
 * Restores a backup into an EMPTY data dir (or one that does not exist): never over live data. Every entry
 * is checked before anything is written (known names only, blob paths without `..`), files are unpacked
 * into a staging dir, the database must pass `PRAGMA integrity_check` and is migrated there, and only then
 * are the files put in place. Any failure leaves the target as it was.
 */
export async function restoreBackup(config: Config, file: string): Promise<RestoreSummary> {
  const target = config.dataDir;
  const exists = existsSync(target);
  if (exists && !statSync(target).isDirectory()) {
    throw new RestoreError(`DATA_DIR ${target} is a file, not a folder`);
  }
  if (exists) {
    const names = readdirSync(target).filter((name) => !isEmptyLostAndFound(target, name));
    if (names.length > 0) {
      throw new RestoreError(
        `restore goes into an empty data dir; ${target} is not empty (it holds ${listed(names)})`,
      );
    }
  }
  if (!existsSync(file)) throw new RestoreError(`no such backup file: ${file}`);
  let zip: ZipReader;
  try {
    zip = ZipReader.open(file);
  } catch (error) {
    if (error instanceof ZipTruncatedError) {
      throw new RestoreError(
        `${file} is damaged or incomplete: ${error.message}; copy the backup again from where it is kept`,
      );
    }
    throw new RestoreError(`${file} is not a backup: ${(error as Error).message}`);
  }
  // An existing target (maybe a mount point, or a symlink to a folder) is kept and filled from a staging
  // dir inside it: renaming over it would fail (EBUSY, ENOTDIR), and a sibling may be on another disk.
  const staging = exists
    ? join(target, `.restore-${randomToken(6)}`)
    : `${target.replace(/\/+$/, '')}.restoring-${randomToken(6)}`;
  const moved: string[] = [];
  // The first folder restore made (the staging dir, or a missing parent of the target's), removed on failure.
  let made: string | undefined;
  let manifest: BackupManifest;
  // The target was empty or missing: what was moved into it goes again, and so does every folder restore
  // made (the staging dir, and the target's parents that did not exist); also when the restore is killed.
  const undo = () => {
    for (const name of moved) rmSync(join(target, name), { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
    if (made !== undefined && made !== staging) rmSync(made, { recursive: true, force: true });
  };
  const release = cleanUpOnSignal(undo);
  try {
    manifest = readManifest(zip);
    const plan = planEntries(zip.entries);
    made = mkdirSync(staging, { recursive: true, mode: 0o700 }) ?? staging;
    requireFreeSpace(staging, zip.declaredSize);
    for (const { entry, path } of plan) {
      const dest = join(staging, path);
      mkdirSync(dirname(dest), { recursive: true, mode: 0o700 });
      const fd = openSync(dest, 'wx', 0o600);
      try {
        await zip.extract(entry, fd);
      } finally {
        closeSync(fd);
      }
    }
    checkDatabase(join(staging, DATABASE_FILE));
    // An older snapshot is brought up to this version's schema (as any start would) while still staged: a
    // migration that fails (a database newer than its manifest says) leaves nothing in the target.
    await migrateStaged(config, staging);
    if (exists) {
      for (const name of readdirSync(staging)) {
        renameSync(join(staging, name), join(target, name));
        moved.push(name);
      }
      rmdirSync(staging);
    } else {
      renameSync(staging, target);
    }
  } catch (error) {
    undo();
    if (error instanceof ZipFormatError) throw new RestoreError(`the backup is damaged: ${error.message}`);
    throw error;
  } finally {
    release();
    zip.close();
  }
  return { dataDir: target, files: manifest.files, createdAt: manifest.created_at };
}

/** A fresh ext4 file system's empty `lost+found` does not make a mounted volume "not empty". */
function isEmptyLostAndFound(dir: string, name: string): boolean {
  if (name !== 'lost+found') return false;
  try {
    return readdirSync(join(dir, name)).length === 0;
  } catch (error) {
    // Root-owned and unreadable to the service's user (mkfs makes it 0700 root): nothing restore touches.
    return (error as NodeJS.ErrnoException).code === 'EACCES';
  }
}

const listed = (names: string[]) =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

/** SQLITE-ONLY: the staged copy opened as `serve` opens a data dir (migrated, built-in plans seeded), then closed. */
async function migrateStaged(config: Config, staging: string): Promise<void> {
  const handle = await openDataDir({ ...config, dataDir: staging, databaseUrl: null });
  await handle.close();
}

function readManifest(zip: ZipReader): BackupManifest {
  const entry = zip.entries.find((e) => e.name === MANIFEST_NAME);
  if (!entry || entry.size > 64 * 1024)
    throw new RestoreError(`not an invoice-service backup (no ${MANIFEST_NAME})`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(zip.read(entry))) as BackupManifest;
  } catch {
    throw new RestoreError(
      `the backup is damaged: its ${MANIFEST_NAME} cannot be read (not JSON); copy the backup again from where it is kept`,
    );
  }
  if (manifest.format !== 'invoice-service-backup' || manifest.format_version !== 1) {
    throw new RestoreError('not an invoice-service backup this version can read');
  }
  if (manifest.migrations > embeddedMigrations.length) {
    throw new RestoreError(
      `the backup comes from a newer version of invoice-service: its database has ${manifest.migrations} migrations applied, this version (${VERSION}) knows ${embeddedMigrations.length}; restore it with the version that made it or a later one`,
    );
  }
  return manifest;
}

/** Maps every entry to where it goes, refusing the whole archive on the first unknown or unsafe name. */
function planEntries(entries: ZipEntryInfo[]): { entry: ZipEntryInfo; path: string }[] {
  const plan: { entry: ZipEntryInfo; path: string }[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.name)) throw new RestoreError(`the backup names ${entry.name} twice`);
    seen.add(entry.name);
    if (entry.name === MANIFEST_NAME) continue;
    if (entry.name === DATABASE_ENTRY) plan.push({ entry, path: DATABASE_FILE });
    else if (entry.name === SECRET_ENTRY) plan.push({ entry, path: 'signing-secret' });
    else if (entry.name.startsWith(BLOBS_PREFIX) && isSafeBlobPath(entry.name.slice(BLOBS_PREFIX.length))) {
      plan.push({ entry, path: entry.name });
    } else {
      throw new RestoreError(`the backup holds an unexpected entry: ${JSON.stringify(entry.name)}`);
    }
  }
  if (!plan.some((p) => p.path === DATABASE_FILE)) throw new RestoreError('the backup holds no database');
  return plan;
}

/** SQLITE-ONLY: the embedded database file's own integrity check, on the raw handle. */
function checkDatabase(path: string): void {
  let sqlite: SqliteHandle['sqlite'] | undefined;
  try {
    // Opening reads the schema: a damaged one fails here already, and must say so the same way.
    sqlite = openDatabase(path).sqlite;
    const result = sqlite.query('PRAGMA integrity_check').get() as { integrity_check: string };
    if (result.integrity_check !== 'ok')
      throw new RestoreError(`the backed-up database is damaged: ${result.integrity_check}`);
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`the backed-up database cannot be opened: ${(error as Error).message}`);
  } finally {
    sqlite?.close();
  }
}

/** Refuses before writing anything when the disk cannot take what the backup declares. */
function requireFreeSpace(dir: string, bytes: number): void {
  const fs = statfsSync(dir);
  const free = fs.bavail * fs.bsize;
  if (bytes > free) {
    throw new RestoreError(
      `the backup unpacks to ${bytes} bytes and ${dir} has ${free} bytes free: free space first`,
    );
  }
}
