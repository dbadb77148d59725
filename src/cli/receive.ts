import { join, resolve } from 'node:path';
import type { Config } from '../config';
import { activeRulePack } from '../einvoicing/rule-pack-store';
import { countAccounts, onlyAccountId } from '../modules/accounts';
import { AccountGate, complianceDepsOf } from '../modules/compliance';
import { receivePath } from '../modules/receiving';
import { blobStoreOf } from '../service';
import { systemClock } from '../shared/clock';
import { readReceivedInProcess } from '../workers/receive-pool';
import { runProfileInProcess } from '../workers/rules-pool';
import { type ParsedArgs, UsageError } from './args';
import { openInstallation } from './runtime';

/**
 * `receive FILE... [--account ID] [--json]`: e-invoices from a shell into an account's inbox, as the
 * HTTP inbox and INBOX_DIR keep them. Exit 1 when any file was refused (each one says why).
 */
export async function receiveCommand(
  config: Config,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<number> {
  const files = args.positionals.slice(1);
  if (files.length === 0) throw new UsageError('receive needs at least one FILE');
  const handle = await openInstallation(config);
  try {
    const accountId = args.flags.account ?? config.inboxAccount ?? (await onlyAccountId(handle.db));
    if (!accountId) {
      // A usage error only when --account would help: a data dir with no account has nobody to receive for.
      if ((await countAccounts(handle.db)) === 0) {
        throw new Error(
          'the data dir has no account yet to receive for: start `serve` once (it makes the first) or run `accounts create`',
        );
      }
      throw new UsageError('receive needs --account ID: the data dir has more than one account', false);
    }
    const ctx = { db: handle.db, clock: systemClock, accountId, actor: { kind: 'cli' as const } };
    const blobs = blobStoreOf(config);
    const compliance = complianceDepsOf({
      rulePack: activeRulePack(config).pack,
      sefCacheDir: join(config.dataDir, 'cache', 'sef'),
      runProfile: runProfileInProcess,
      complianceGate: new AccountGate(1),
      blobs,
    });
    // Its own process, one file at a time: reading in-process holds nobody else up.
    const deps = { compliance, blobs, read: readReceivedInProcess };
    let refused = 0;
    for (const file of files) {
      const outcome = await receivePath({
        ctx,
        deps,
        input: { path: resolve(file), maxBytes: config.maxBodyBytes },
      });
      if (!outcome.ok) refused++;
      if (args.switches.has('json')) {
        out(
          JSON.stringify(
            outcome.ok
              ? {
                  file,
                  id: outcome.row.id,
                  created: outcome.created,
                  valid: outcome.row.valid,
                  duplicate_of: outcome.row.duplicateOf,
                }
              : { file, error: outcome.message },
          ),
        );
      } else if (outcome.ok) {
        const { row } = outcome;
        const verdict = row.valid === null ? 'not checked' : row.valid ? 'valid' : 'NOT valid';
        const duplicate = row.duplicateOf ? `, duplicate of ${row.duplicateOf}` : '';
        out(
          `${file}: ${outcome.created ? 'received' : 'already received'} as ${row.id} (${row.invoiceNumber ?? 'no number'}, ${verdict}${duplicate})`,
        );
      } else {
        out(`${file}: refused: ${outcome.message}`);
      }
    }
    return refused > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}
