import type { Config } from '../config';
import type { ParsedArgs } from './args';
import { openDataDir, openInstallation } from './runtime';

/**
 * `migrate [--create]`: brings the database to this version's schema (`serve` does the same at start). It
 * refuses a DATA_DIR that does not exist, as the other admin commands do: a deploy step pointed at a
 * mistyped one must not report success over a new, empty installation. `--create` makes the folder too (a
 * deploy that migrates before the first `serve`).
 */
export async function migrateCommand(
  config: Config,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<number> {
  const handle = args.switches.has('create') ? await openDataDir(config) : await openInstallation(config);
  await handle.close();
  out('Database is up to date.');
  return 0;
}
