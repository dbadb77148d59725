import { resolve } from 'node:path';
import { createBackup } from '../backup/create-backup';
import { RestoreError, restoreBackup } from '../backup/restore-backup';
import type { Config } from '../config';
import { type ParsedArgs, requireFlag, UsageError } from './args';

/** `backup --out FILE`: a consistent snapshot of a data dir, also while the server runs on it. */
export async function backupCommand(
  config: Config,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<void> {
  const file = resolve(requireFlag(args, 'out'));
  const summary = await createBackup(config, file);
  out(`Backed up ${config.dataDir} to ${summary.file} (${summary.files} files, ${summary.bytes} bytes).`);
}

/** `restore FILE`: into an empty data dir; a non-empty one is refused, never overwritten. */
export async function restoreCommand(
  config: Config,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<number> {
  const file = args.positionals[1];
  if (!file) throw new UsageError('restore needs the backup file: invoice-service restore FILE');
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
