import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createBackup } from '../backup/create-backup';
import { RestoreError, restoreBackup } from '../backup/restore-backup';
import type { Config } from '../config';
import { type ParsedArgs, requireFlag, UsageError } from './args';
import { requireDataDirDatabase, requireFolder } from './installation';

/**
 * With DATABASE_URL or S3_BUCKET the data is not in the data dir: a backup of it would look complete and
 * hold none of it, and a restore would bring back a database whose files are elsewhere. Both refuse (exit 1).
 */
function refuseWithBucket(config: Config, command: 'backup' | 'restore'): void {
  if (config.databaseUrl !== null) {
    throw new Error(
      `${command} is for the embedded setup (SQLite and files in DATA_DIR); with DATABASE_URL set back up the database with pg_dump (restore with pg_restore) and the files with a bucket copy, as docs/instances.md says`,
    );
  }
  if (config.s3 === null) return;
  throw new Error(
    `${command} is for the embedded setup (SQLite and files in DATA_DIR); with S3_BUCKET set the files live in the bucket "${config.s3.bucket}": back it up with a bucket copy (for example \`aws s3 sync\`, \`mc mirror\` or \`rclone sync\` to another bucket), as docs/storage.md says`,
  );
}

/** `backup --out FILE`: a consistent snapshot of a data dir, also while the server runs on it. */
export async function backupCommand(
  config: Config,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<void> {
  refuseWithBucket(config, 'backup');
  const file = resolve(requireFlag(args, 'out'));
  // A wrong DATA_DIR is a configuration error (exit 2), as for every admin command.
  requireDataDirDatabase(config.dataDir, 'Nothing to back up.');
  const summary = await createBackup(config, file);
  out(`Backed up ${config.dataDir} to ${summary.file} (${summary.files} files, ${summary.bytes} bytes).`);
}

/** `restore FILE`: into an empty data dir; a non-empty one is refused, never overwritten. */
export async function restoreCommand(
  config: Config,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<number> {
  refuseWithBucket(config, 'restore');
  const file = args.positionals[1];
  if (!file) throw new UsageError('restore needs the backup file: invoice-service restore FILE');
  if (existsSync(config.dataDir)) requireFolder(config.dataDir);
  try {
    const summary = await restoreBackup(config, resolve(file));
    out(`Restored the backup of ${summary.createdAt} into ${summary.dataDir} (${summary.files} files).`);
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error;
    console.error(`invoice-service: ${error.message}`);
    return 1;
  }
}
