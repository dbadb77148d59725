import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { type Config, ConfigError } from '../config';

/** The SQLite file in the data dir (the embedded setup's whole database). */
export const DATABASE_FILE = 'invoice-service.db';

const NEW_INSTALL = 'A new installation is made by `serve` or `migrate`.';

/**
 * The admin commands (all but `serve`, `restore` and `migrate`) work on a data dir that exists:
 * pointed at a mistyped DATA_DIR (or none, from another folder: `./data`) they would quietly make a new,
 * empty installation (an account and an API key the real server never heard of). So they refuse a DATA_DIR
 * that does not exist, or is a file, before anything is created, with one line naming the path (a
 * configuration error, exit 2). A folder that exists is taken as the operator's: an empty one is set up,
 * as it always was (a provisioning script making its first account before the first `serve`). With
 * DATABASE_URL the data dir holds only caches and is not checked; the database is migrated as `serve`
 * migrates it.
 */
export async function requireInstallation(config: Config): Promise<void> {
  if (config.databaseUrl !== null) return;
  if (!present(config.dataDir, config.dataDir)) {
    throw new ConfigError(`DATA_DIR ${config.dataDir} does not exist: is DATA_DIR right? ${NEW_INSTALL}`);
  }
  requireFolder(config.dataDir);
  refuseRootOnOthersInstallation(config.dataDir);
}

/**
 * Root on a data dir whose database belongs to another user (the service's: `sudo invoice-service receive
 * …`, `sudo invoice-service rules install …`, a `serve` started by hand as root) passed every check, and
 * what it wrote was root's, owner-only: a `blobs/` folder made by it, a received original, the rules'
 * cache. The service, running as its user, then failed on them (the original answered 500, every render
 * 507/500 once `blobs/` was root's). One line instead (exit 2), naming the owner and how to run as them.
 * The database's owner is the installation's user; a data dir without a database is root's to set up.
 */
export function refuseRootOnOthersInstallation(dir: string): void {
  if (process.geteuid?.() !== 0) return;
  let owner: number;
  try {
    owner = statSync(join(dir, DATABASE_FILE)).uid;
  } catch {
    return;
  }
  if (owner === 0) return;
  const name = userName(owner);
  const as = name ?? `#${owner}`;
  throw new ConfigError(
    `DATA_DIR ${dir} belongs to ${name === null ? `uid ${owner}` : `${name} (uid ${owner})`} and this command runs as root: what it writes would be root's, which the service cannot read; run it as that user (sudo -u ${as} invoice-service …), or give root the data dir (chown -R root ${dir})`,
  );
}

/** The login name of `uid` from /etc/passwd; null when it has none there. */
function userName(uid: number): string | null {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (name && Number(id) === uid && id !== '') return name;
    }
  } catch {}
  return null;
}

/** The embedded setup's check: DATA_DIR is a folder holding the SQLite database. */
export function requireDataDirDatabase(dir: string, hint = NEW_INSTALL): void {
  if (!present(dir, dir)) {
    throw new ConfigError(`DATA_DIR ${dir} does not exist: is DATA_DIR right? ${hint}`);
  }
  requireFolder(dir);
  const file = join(dir, DATABASE_FILE);
  // A zero-length file is what `touch` leaves, not a database: SQLite would take it as a new, empty one.
  if (!present(file, dir) || statSync(file).size === 0) {
    throw new ConfigError(
      `DATA_DIR ${dir} holds no invoice-service database (${DATABASE_FILE}): is DATA_DIR right? ${hint}`,
    );
  }
  // Opened for reading and writing (SQLite's WAL): another user's file was "unable to open database file".
  // A read-only file system (a snapshot mounted read-only) only needs reading: backup copies its database.
  try {
    accessSync(file, constants.R_OK | constants.W_OK);
  } catch (error) {
    let code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EROFS') {
      try {
        accessSync(file, constants.R_OK);
        return;
      } catch (readError) {
        code = (readError as NodeJS.ErrnoException).code ?? '';
      }
    }
    if (code === 'EACCES' || code === 'EPERM') throw notThisUsers(dir, file, code);
    throw error;
  }
}

/** A DATA_DIR naming a file, in one line rather than mkdir's EEXIST. */
export function requireFolder(dir: string): void {
  if (!statSync(dir).isDirectory()) throw new ConfigError(`DATA_DIR ${dir} is a file, not a folder`);
}

/**
 * Whether `path` (in or at the data dir `dir`) exists. A path this user may not look at (a data dir of the
 * service's own user, 0700, and a command run as another one, a cron job's) is one line saying so: it was
 * taken as missing, "holds no invoice-service database: is DATA_DIR right?", sending the operator to look
 * for a data dir that is there.
 */
export function present(path: string, dir: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    if (code === 'EACCES' || code === 'EPERM') throw notThisUsers(dir, path, code);
    throw error;
  }
}

/** The one line for a data dir (or a file in it) that belongs to another user than the one running. */
export function notThisUsers(dir: string, path: string, code: string): ConfigError {
  const me = currentUser();
  const owner = ownerOf(path) ?? ownerOf(dir);
  const whose = owner !== null && owner !== me.uid ? `; it belongs to uid ${owner}` : '';
  return new ConfigError(
    `DATA_DIR ${dir}: ${path === dir ? 'it' : path} cannot be used by this user (${me.label}) (${code})${whose}: run the command as the user the service runs as, or give that user its data dir (chown -R <user> ${dir})`,
  );
}

function currentUser(): { label: string; uid: number } {
  const uid = process.getuid?.() ?? -1;
  let name = '';
  try {
    name = userInfo().username;
  } catch {}
  return { label: name && name !== 'unknown' ? `${name}, uid ${uid}` : `uid ${uid}`, uid };
}

function ownerOf(path: string): number | null {
  try {
    return statSync(path).uid;
  } catch {
    return null;
  }
}
