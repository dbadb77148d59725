import { existsSync, statSync } from 'node:fs';
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
  if (!existsSync(config.dataDir)) {
    throw new ConfigError(`DATA_DIR ${config.dataDir} does not exist: is DATA_DIR right? ${NEW_INSTALL}`);
  }
  requireFolder(config.dataDir);
}

/** The embedded setup's check: DATA_DIR is a folder holding the SQLite database. */
export function requireDataDirDatabase(dir: string, hint = NEW_INSTALL): void {
  if (!existsSync(dir)) {
    throw new ConfigError(`DATA_DIR ${dir} does not exist: is DATA_DIR right? ${hint}`);
  }
  requireFolder(dir);
  const file = join(dir, DATABASE_FILE);
  // A zero-length file is what `touch` leaves, not a database: SQLite would take it as a new, empty one.
  if (!existsSync(file) || statSync(file).size === 0) {
    throw new ConfigError(
      `DATA_DIR ${dir} holds no invoice-service database (${DATABASE_FILE}): is DATA_DIR right? ${hint}`,
    );
  }
}

/** A DATA_DIR naming a file, in one line rather than mkdir's EEXIST. */
export function requireFolder(dir: string): void {
  if (!statSync(dir).isDirectory()) throw new ConfigError(`DATA_DIR ${dir} is a file, not a folder`);
}
