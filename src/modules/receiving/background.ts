import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../../deps';
import { type Background, defineJob } from '../../jobs/definition';
import { leased } from '../../jobs/lease';
import { enqueueJob } from '../../jobs/queue';
import { onlyAccountId } from '../accounts';
import { receivingDepsOf } from './use-cases/parse-received';
import {
  assertInboxFolders,
  DEFAULT_FOLDER_MAX_BYTES,
  receiveFromFolder,
  waitingFiles,
} from './use-cases/receive-from-folder';

const InboxFile = Type.Object({ name: Type.String() });

/** The lease whose holder watches INBOX_DIR (docs/instances.md). */
export const INBOX_LEASE = 'intake.inbox';

/**
 * INBOX_DIR: before each claim round, every file waiting in the folder gets one job (its run key is the
 * name, size and modification time, so a file is taken once, and a new file of the same name again). The
 * job keeps it in INBOX_ACCOUNT's inbox (or the only account's) and moves it to processed/ or failed/.
 * With several instances, only the one holding the `intake.inbox` lease looks at the folder.
 */
export function inboxBackground(deps: AppDeps): Background {
  const inbox = deps.inbox;
  if (!inbox) return { definitions: [] };
  // A link as processed/ or failed/ would carry what the folder writes elsewhere: refuse to start.
  assertInboxFolders(inbox.dir);
  const receiving = receivingDepsOf(deps);
  const kind = defineJob({
    kind: 'inbox.receive',
    payload: InboxFile,
    maxAttempts: 3,
    handler: async ({ name }, job) => {
      const accountId = inbox.accountId ?? (await onlyAccountId(deps.db));
      if (!accountId) throw new Error('INBOX_ACCOUNT is not set and the data dir has more than one account');
      const outcome = await receiveFromFolder({
        ctx: job.forAccount(accountId),
        deps: { ...receiving, blobs: deps.blobs },
        input: { dir: inbox.dir, name, maxBytes: inbox.maxBytes ?? DEFAULT_FOLDER_MAX_BYTES },
      });
      if (outcome && !outcome.ok)
        deps.logger.warn('inbox file refused', { file: name, reason: outcome.message });
    },
  });
  const source = async () => {
    for (const name of waitingFiles(inbox.dir)) {
      const stat = lstatSync(join(inbox.dir, name), { throwIfNoEntry: false });
      if (!stat) continue;
      await enqueueJob(
        deps.db,
        deps.clock,
        kind,
        { name },
        { runKey: `inbox:${name}:${stat.size}:${stat.mtimeMs}` },
      );
    }
  };
  // One instance at a time looks at the folder (a shared folder when several instances set INBOX_DIR):
  // the run keys already keep a file to one job, the lease keeps the others from listing it meanwhile.
  return { definitions: [kind], sources: [leased(deps.leases.lease(INBOX_LEASE), source)] };
}
