import { createHmac } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { restoreStagingOf } from '../backup/layout';
import { type Config, ConfigError } from '../config';
import { type DbHandle, openDatabase } from '../db/client';
import { isStorageFull } from '../db/errors';
import { migrate } from '../db/migrate';
import { seedPlans } from '../modules/plans';
import { systemClock } from '../shared/clock';
import { randomToken } from '../shared/ids';
import {
  DATABASE_FILE,
  notThisUsers,
  present,
  refuseRootOnOthersInstallation,
  requireFolder,
  requireInstallation,
} from './installation';

export { DATABASE_FILE } from './installation';

/**
 * Opens the data dir the way `serve` needs it: the directory exists (made when missing), the database is
 * migrated (made when missing) and the built-in plans are present. Safe to run from the CLI while a server
 * runs on the same dir. The admin commands use openInstallation, which makes nothing new.
 */
/** The database a command opened, with the migrations opening it applied (tags, in order). */
export type OpenedDatabase = DbHandle & { applied: string[] };

export async function openDataDir(config: Config): Promise<OpenedDatabase> {
  keepFilesPrivate();
  if (config.databaseUrl === null) refuseUnfinishedRestore(config.dataDir);
  prepareFolder(config.dataDir);
  requireOwnFiles(config.dataDir);
  makePrivate(config.dataDir);
  try {
    const handle = await openConfiguredDatabase(config);
    await seedPlans({ ctx: { db: handle.db, clock: systemClock } });
    return handle;
  } catch (error) {
    // SQLite's "database or disk is full" named neither the disk nor the setting; and a disk too full for
    // the `-shm` (a few bytes) was only "disk I/O error".
    if (config.databaseUrl !== null || !(isStorageFull(error) || diskIsFull(config.dataDir))) throw error;
    throw new Error(
      `the disk holding DATA_DIR ${config.dataDir} is full: its database cannot be opened, set up or migrated (a migration is rolled back); free space there and start again`,
    );
  }
}

/**
 * openDataDir for the admin commands: refuses (exit 2) a DATA_DIR that does not exist or is a file, before
 * anything is created (src/cli/installation.ts).
 */
export async function openInstallation(config: Config): Promise<OpenedDatabase> {
  await requireInstallation(config);
  return await openDataDir(config);
}

/**
 * A restore into this data dir that has not finished: one running, or one killed outright (SIGKILL, a power
 * cut, the OOM killer) that left its staging folder. `serve` (a systemd unit starting at boot) set up a new,
 * empty installation beside it, with a new account and key, and the restore run again then refused the
 * folder as not empty. One line instead (exit 1), before anything is made.
 */
function refuseUnfinishedRestore(dataDir: string): void {
  const staging = restoreStagingOf(dataDir);
  if (staging === null) return;
  throw new Error(
    `DATA_DIR ${dataDir}: a restore into it has not finished (${staging} is there): wait for a restore that runs; if none does, one was stopped outright: delete ${staging} and what it put into DATA_DIR, and restore again`,
  );
}

/** The data dir made when missing, and usable: a file or a folder the service cannot write is one clear line. */
function prepareFolder(dir: string): void {
  if (present(dir, dir)) requireFolder(dir);
  const problem = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dir} cannot be created (${problem(error)})`);
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    if (problem(error) === 'EROFS') {
      throw new ConfigError(
        `DATA_DIR ${dir} is on a read-only file system (EROFS): the service keeps its database and files there; mount it for writing (a read-only snapshot is for \`backup\`)`,
      );
    }
    throw new ConfigError(
      `DATA_DIR ${dir} is not writable (${problem(error)}): the service keeps its database and files there; give the user it runs as write access`,
    );
  }
}

/** Whether the file system holding `dir` has no block left for this user. */
function diskIsFull(dir: string): boolean {
  try {
    return statfsSync(dir).bavail === 0;
  } catch {
    return false;
  }
}

/**
 * DATABASE_URL naming a database the service never set up, and DATA_DIR holding an embedded installation's
 * SQLite database: an operator moving a firm to PostgreSQL by setting DATABASE_URL on its data dir. Nothing
 * copies SQLite's data to PostgreSQL, and the start set up a new, empty installation there without a word
 * (a new account and key; the firm's documents, customers and keys only in the file beside it). One line
 * instead (exit 1), before the empty database is touched. Once PostgreSQL holds an installation, a
 * leftover file is not looked at.
 */
function refuseLeavingSqliteBehind(dataDir: string): void {
  const file = join(dataDir, DATABASE_FILE);
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    return;
  }
  if (size === 0) return;
  throw new Error(
    `DATABASE_URL names an empty PostgreSQL database, and DATA_DIR ${dataDir} holds an installation's SQLite database (${DATABASE_FILE}): the service does not copy it to PostgreSQL, so this start would set up a new, empty installation; start without DATABASE_URL to keep serving it, or, to begin afresh on PostgreSQL, move ${file} out of DATA_DIR (or give another DATA_DIR)`,
  );
}

/**
 * The database the config names, migrated: PostgreSQL when DATABASE_URL is set (migrations under an advisory
 * lock, so instances starting together migrate once), else the SQLite file in the data dir.
 */
async function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.databaseUrl !== null) {
    // The driver (postgres.js) and the code around it only when PostgreSQL is used, not on every SQLite start.
    const { openPostgres } = await import('../db/postgres');
    // A first answer, or one line saying what to check, before the migrations wait on it (below 30 s
    // when DATABASE_ANSWER_TIMEOUT_SECONDS is set lower).
    const { requireDatabaseAnswers, FIRST_ANSWER_SECONDS } = await import('./database-check');
    const { migrated } = await requireDatabaseAnswers(
      config.databaseUrl,
      Math.min(FIRST_ANSWER_SECONDS, config.databaseAnswerTimeoutSeconds),
    );
    if (!migrated) refuseLeavingSqliteBehind(config.dataDir);
    return await openPostgres(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      answerTimeoutSeconds: config.databaseAnswerTimeoutSeconds,
    });
  }
  const handle = openDatabase(join(config.dataDir, DATABASE_FILE));
  const { applied } = migrate(handle.sqlite);
  return Object.assign(handle, { applied });
}

/**
 * SIGNING_SECRET; else, with S3_BUCKET, one derived from the bucket's secret key (every instance sharing the
 * bucket signs alike, and nothing is kept in the data dir); else one generated on first start and kept
 * (owner-only) in the data dir. docs/storage.md tells several instances to set SIGNING_SECRET.
 */
export function signingSecret(config: Config): string {
  if (config.signingSecret !== null) return config.signingSecret;
  if (config.s3 !== null) {
    return createHmac('sha256', config.s3.secretAccessKey)
      .update(`invoice-service signing secret\n${config.s3.bucket}`)
      .digest('base64url');
  }
  return keptSecret(config, 'signing-secret');
}

/**
 * The 32-byte key that seals the delivery channels' credentials (docs/channels.md): from CREDENTIALS_KEY;
 * else, with S3_BUCKET, derived from the bucket's secret key (the same on every instance); else generated
 * once into the data dir, where backups leave it out (a backup never holds both the sealed credentials
 * and their key).
 */
export function credentialsKey(config: Config): Uint8Array {
  const base =
    config.credentialsKey ??
    (config.s3 !== null
      ? createHmac('sha256', config.s3.secretAccessKey)
          .update(`invoice-service credentials key\n${config.s3.bucket}`)
          .digest('base64url')
      : keptSecret(config, 'credentials-key'));
  return new Uint8Array(createHmac('sha256', 'invoice-service credentials').update(base).digest());
}

/** A random secret kept (owner-only) in the data dir under `name`, made on first use. */
function keptSecret(config: Config, name: string): string {
  const file = join(config.dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomToken(32);
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    // Another process (a CLI run next to the server) wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/**
 * Everything the service writes (the database and its WAL, rendered PDFs, uploads, backups, restores, the
 * signing secret) is for its own user only: files 0600, directories 0700 (docs/backup.md). Set for the
 * whole process, so every path that creates a file gets it, including ones added later.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * A data dir made by a version before private modes (0755 directories, 0644 files) is tightened once, on
 * the first start that finds it open to others; afterwards the umask keeps new files private.
 */
function makePrivate(dataDir: string): void {
  if ((statSync(dataDir).mode & 0o077) === 0) return;
  // Only the owner may change a mode: a file of another user's is one line, not chmod's bare EPERM.
  const tighten = (path: string, mode: number) => {
    try {
      chmodSync(path, mode);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EPERM' || code === 'EACCES') throw notThisUsers(dataDir, path, code);
      throw error;
    }
  };
  const walk = (dir: string) => {
    tighten(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) tighten(path, 0o600);
    }
  };
  walk(dataDir);
}

/** What the service reads and writes in the data dir itself; `blobs` with its first level of folders. */
const OWN_ENTRIES = [
  DATABASE_FILE,
  `${DATABASE_FILE}-wal`,
  `${DATABASE_FILE}-shm`,
  'signing-secret',
  'credentials-key',
  'blobs',
];

/**
 * The data dir's own files are this user's to read and write: a `restore` or `migrate` run as root, then
 * `serve` as the service's user, met SQLite's bare "unable to open database file" (no path, no cause) on
 * every command. One line names the file, its owner and the fix instead (exit 2). Root passes these checks;
 * on another user's installation it is stopped by refuseRootOnOthersInstallation.
 */
function requireOwnFiles(dataDir: string): void {
  refuseRootOnOthersInstallation(dataDir);
  const check = (path: string, folder: boolean) => {
    if (!present(path, dataDir)) return;
    try {
      accessSync(path, constants.R_OK | constants.W_OK | (folder ? constants.X_OK : 0));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EACCES' || code === 'EPERM') throw notThisUsers(dataDir, path, code);
      throw error;
    }
  };
  for (const name of OWN_ENTRIES) check(join(dataDir, name), name === 'blobs');
  const blobs = join(dataDir, 'blobs');
  if (!present(blobs, dataDir) || !statSync(blobs).isDirectory()) return;
  for (const entry of readdirSync(blobs, { withFileTypes: true })) {
    if (entry.isDirectory()) check(join(blobs, entry.name), true);
  }
}
