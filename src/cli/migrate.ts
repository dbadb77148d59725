import type { Config } from '../config';
import type { ParsedArgs } from './args';
import { openDataDir } from './runtime';

/**
 * `migrate`: brings the database to this version's schema (`serve` does the same at start), making the data
 * dir when missing as it always did (a deploy step that migrates before the first `serve`); `--create` is
 * accepted and changes nothing. It prints no key or link, so a mistyped DATA_DIR costs an empty folder only.
 */
export async function migrateCommand(
  config: Config,
  _args: ParsedArgs,
  out: (line: string) => void,
): Promise<number> {
  const handle = await openDataDir(config);
  await handle.close();
  // Say what changed: an operator upgrading reads here that the schema moved (and how far); a new database
  // (its first migration applied now) is just up to date.
  if (handle.applied.length > 0 && !handle.applied[0]?.startsWith('0000_')) {
    const count = handle.applied.length;
    out(`Applied ${count} migration${count === 1 ? '' : 's'}: ${handle.applied.join(', ')}.`);
  }
  out('Database is up to date.');
  return 0;
}
