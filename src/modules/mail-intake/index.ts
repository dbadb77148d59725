import type { Config, ImapSettings } from '../../config';
import type { AppDeps } from '../../deps';
import { findAccountWithPlan, onlyAccountId } from '../accounts';
import { receivingDepsOf } from '../receiving';
import { MailboxWatcher, type MailIntake } from './mailbox';
import { messageRun } from './take-message';
import { receiveMessage } from './use-cases/receive-message';

export type { MailboxStatus, MailIntake } from './mailbox';

/** The lease whose holder reads the mailbox (docs/instances.md). */
export const MAILBOX_LEASE = 'intake.mailbox';

/** Files tried per message, ZIP entries included. */
const MAX_FILES_PER_MESSAGE = 20;

/**
 * The mailbox IMAP_URL names, feeding IMAP_ACCOUNT's inbox (or the only account's); not started. Limits
 * follow the HTTP body limit: a file as large as a request body may be, a message three times that (an
 * attachment grows by a third in base64).
 */
export function createMailIntake(
  deps: AppDeps,
  settings: ImapSettings,
  config: Pick<Config, 'maxBodyBytes'>,
): MailIntake {
  const receiving = receivingDepsOf(deps);
  const limits = {
    maxFileBytes: config.maxBodyBytes,
    maxFiles: MAX_FILES_PER_MESSAGE,
    maxMessageBytes: 3 * config.maxBodyBytes,
  };
  const run = messageRun({
    account: async () => {
      const accountId = settings.accountId ?? (await onlyAccountId(deps.db));
      if (!accountId)
        return { error: 'IMAP_ACCOUNT is not set and the data dir has not exactly one account' };
      if (!(await findAccountWithPlan(deps.db, accountId)))
        return { error: `IMAP_ACCOUNT ${accountId} is no account` };
      return {
        ctx: {
          db: deps.db,
          clock: deps.clock,
          accountId,
          actor: { kind: 'job' as const, jobId: 'mailbox' },
        },
      };
    },
    receive: (ctx, raw) =>
      receiveMessage({
        ctx,
        deps: { ...receiving, blobs: deps.blobs },
        input: { raw, limits },
      }),
    logger: deps.logger,
    limits,
  });
  return new MailboxWatcher(settings, run, deps.logger, deps.leases.lease(MAILBOX_LEASE));
}
