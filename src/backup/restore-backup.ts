import {
  accessSync,
  closeSync,
  constants,
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
import { VERSION_LABEL } from '../version';
import { cleanUpOnSignal } from './interrupt';
import {
  type BackupManifest,
  BLOBS_PREFIX,
  DATABASE_ENTRY,
  isSafeBlobPath,
  MANIFEST_NAME,
  SECRET_ENTRY,
  STAGING_INSIDE,
  stagingBeside,
} from './layout';
import { type ZipEntryInfo, ZipFormatError, ZipReader, ZipTruncatedError } from './zip-reader';

export class RestoreError extends Error {}

/** What the file system answers a user who may not read or write there. */
const NOT_ALLOWED = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * A backup this user cannot read (every backup is owner-only, 0600: one a root cron job made, restored by
 * the service's user) was refused as "is not a backup: EACCES: permission denied", as if it were damaged.
 */
function requireReadable(file: string): void {
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (!NOT_ALLOWED.has(code)) return; // ZipReader.open says what else is wrong
    let owner = '';
    try {
      owner = `, belongs to uid ${statSync(file).uid}`;
    } catch {}
    throw new RestoreError(
      `cannot read the backup ${file} (${code}): backups are for their owner only (mode 0600${owner}) and this user is uid ${process.getuid?.() ?? '?'}; run restore as the user the service runs as, from a copy of the backup that user owns`,
    );
  }
}

/** The staging folder cannot be made where DATA_DIR is (or would be): one line, not mkdir's bare EACCES. */
function cannotWrite(target: string, path: string, code: string): RestoreError {
  if (code === 'EROFS') {
    return new RestoreError(
      `cannot restore into DATA_DIR ${target}: ${path} is on a read-only file system (EROFS); make DATA_DIR an empty folder on a disk mounted for writing`,
    );
  }
  return new RestoreError(
    `cannot restore into DATA_DIR ${target}: this user (uid ${process.getuid?.() ?? '?'}) may not write ${path} (${code}, or not even read it); make DATA_DIR an empty folder the service's user owns and run restore as that user`,
  );
}

// The staging folder (src/backup/layout.ts), one name per target: made with an exclusive mkdir, it is the
// restore's claim on the target (a second restore into it is refused, not interleaved); `serve` and the
// commands refuse a data dir with one (src/cli/runtime.ts).

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
  const staging = exists ? join(target, STAGING_INSIDE) : stagingBeside(target);
  if (existsSync(staging)) throw anotherRestore(target, staging);
  if (exists) {
    let listing: string[];
    try {
      listing = readdirSync(target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (NOT_ALLOWED.has(code)) throw cannotWrite(target, target, code);
      throw error;
    }
    const names = listing.filter((name) => !isEmptyLostAndFound(target, name));
    if (names.length > 0) {
      throw new RestoreError(
        `restore goes into an empty data dir; ${target} is not empty (it holds ${listed(names)})`,
      );
    }
  }
  if (!existsSync(file)) throw new RestoreError(`no such backup file: ${file}`);
  if (statSync(file).isDirectory()) {
    throw new RestoreError(`${file} is a folder, not a backup file: name the backup's .zip file in it`);
  }
  requireReadable(file);
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
  const moved: string[] = [];
  // Set once the staging folder is this restore's own: another restore's is never removed.
  let ownsStaging = false;
  // The first folder restore made (the staging dir, or a missing parent of the target's), removed on failure.
  let made: string | undefined;
  let manifest: BackupManifest;
  // The target was empty or missing: what was moved into it goes again, and so does every folder restore
  // made (the staging dir, and the target's parents that did not exist); also when the restore is killed.
  const undo = () => {
    for (const name of moved) rmSync(join(target, name), { recursive: true, force: true });
    if (ownsStaging) rmSync(staging, { recursive: true, force: true });
    if (made !== undefined && made !== staging) {
      // The parents restore made, innermost first: one holding anything else (made meanwhile) stays.
      for (let dir = dirname(staging); ; dir = dirname(dir)) {
        try {
          rmdirSync(dir);
        } catch {
          break;
        }
        if (dir === made) break;
      }
    }
  };
  const release = cleanUpOnSignal(undo);
  try {
    manifest = readManifest(zip);
    const plan = planEntries(zip.entries);
    try {
      made = mkdirSync(dirname(staging), { recursive: true, mode: 0o700 });
      mkdirSync(staging, { mode: 0o700 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') throw anotherRestore(target, staging);
      if (NOT_ALLOWED.has(code))
        throw cannotWrite(target, (error as NodeJS.ErrnoException).path ?? staging, code);
      throw error;
    }
    ownsStaging = true;
    made ??= staging;
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
      // A stored entry is copied without a wait: give the event loop a turn, or a Ctrl-C or `kill` during
      // the unpacking of many files would not be heard until the restore had finished.
      await new Promise((resolve) => setImmediate(resolve));
    }
    checkDatabase(join(staging, DATABASE_FILE));
    // An older snapshot is brought up to this version's schema (as any start would) while still staged: a
    // migration that fails (a database newer than its manifest says) leaves nothing in the target.
    await migrateStaged(config, staging);
    // Nothing may have appeared in the target meanwhile (a `serve` started on it, a copy): a file moved up
    // would replace it, and a failure after would remove it as this restore's own.
    if (exists) {
      const others = readdirSync(target).filter(
        (name) => name !== STAGING_INSIDE && !isEmptyLostAndFound(target, name),
      );
      if (others.length > 0) throw writtenMeanwhile(target, others);
      for (const name of readdirSync(staging)) {
        if (existsSync(join(target, name))) throw writtenMeanwhile(target, [name]);
        renameSync(join(staging, name), join(target, name));
        moved.push(name);
      }
      rmdirSync(staging);
    } else {
      try {
        renameSync(staging, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
        throw writtenMeanwhile(target, statSync(target).isDirectory() ? readdirSync(target) : []);
      }
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

function anotherRestore(target: string, staging: string): RestoreError {
  return new RestoreError(
    `another restore into ${target} is running (${staging} exists); if none is, one was killed before it could clean up: delete ${staging} and restore again`,
  );
}

function writtenMeanwhile(target: string, names: string[]): RestoreError {
  const holds = names.length > 0 ? ` (it now holds ${listed(names)})` : '';
  return new RestoreError(
    `${target} was written to while restoring${holds}: is a server or another restore using it? Nothing was put in place; stop it and restore into an empty DATA_DIR`,
  );
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
      `the backup comes from a newer version of invoice-service: its database has ${manifest.migrations} migrations applied, this version, ${VERSION_LABEL}, knows ${embeddedMigrations.length}; restore it with the version that made it or a later one`,
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
