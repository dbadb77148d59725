import type { Config, ImapSettings } from '../../config';
import { ping } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { AttachmentLimits } from '../../workers/mail-attachments';
import { readMessageInProcess } from '../../workers/receive-pool';
import { findAccountWithPlan, onlyAccountId } from '../accounts';
import { recordLateBounce } from '../deliveries';
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
 * The attachment caps of one message (docs/limits.md), from the HTTP body limit B (MAX_BODY_BYTES): a file
 * as large as a request body may be (B, a ZIP entry by the bytes it really inflates to); a message of at
 * most 3 B (an attachment grows by a third in base64); at most 20 files tried; one ZIP inflating to at
 * most 2 B in all (two of the largest files, or twenty of a tenth of that), so one ZIP leaves room for
 * the rest of the message; and all the message's files, decoded and inflated, at most 3 B, what the message
 * itself may weigh. Every byte inflated counts, taken or not: a ZIP bomb costs at most 3 B of inflating.
 */
export function mailLimitsOf(maxBodyBytes: number): AttachmentLimits & { maxMessageBytes: number } {
  return {
    maxFileBytes: maxBodyBytes,
    maxFiles: MAX_FILES_PER_MESSAGE,
    maxArchiveBytes: 2 * maxBodyBytes,
    maxMessageFileBytes: 3 * maxBodyBytes,
    maxMessageBytes: 3 * maxBodyBytes,
  };
}

/** The mailbox IMAP_URL names, feeding IMAP_ACCOUNT's inbox (or the only account's); not started. */
export function createMailIntake(
  deps: AppDeps,
  settings: ImapSettings,
  config: Pick<Config, 'maxBodyBytes'>,
): MailIntake {
  const receiving = receivingDepsOf(deps);
  const limits = mailLimitsOf(config.maxBodyBytes);
  // Messages are taken apart in the receive workers, as received files are read there.
  const readMessage = deps.receivePool?.readMessage ?? readMessageInProcess;
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
        deps: {
          ...receiving,
          blobs: deps.blobs,
          readMessage,
          recordBounce: (ctx, report) => recordLateBounce({ ctx, smtpUrl: deps.smtpUrl, input: report }),
        },
        input: { raw, limits },
      }),
    partsAnswer: async () => {
      try {
        await ping(deps.db);
        await deps.blobs.check();
        return true;
      } catch {
        return false;
      }
    },
    logger: deps.logger,
    limits,
  });
  return new MailboxWatcher(settings, run, deps.logger, deps.leases.lease(MAILBOX_LEASE));
}
