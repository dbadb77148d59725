// One sweep of the mailbox's folder: every message in it is taken, in the order it arrived, and moved on.
import type { ImapFlow } from 'imapflow';
import { isOutage } from '../../jobs/transient';
import type { AccountCtx } from '../../shared/context';
import type { Logger } from '../../shared/logger';
import type { AttachmentLimits, SkippedPart } from '../../workers/mail-attachments';
import { bounceNote, failureNote } from './note';
import type { MessageOutcome } from './use-cases/receive-message';

/** Where a message goes once taken: created at the first connection when missing. */
export const PROCESSED = 'Processed';
export const FAILED = 'Failed';

export interface MessageRun {
  /** Takes every message of the open folder; answers why none could be taken (no account), else null. */
  sweep(client: ImapFlow): Promise<string | null>;
}

export interface MessageRunDeps {
  /** The account the mailbox feeds, or why there is none (the message then waits in the folder). */
  account(): Promise<{ ctx: AccountCtx } | { error: string }>;
  receive(ctx: AccountCtx, raw: Uint8Array): Promise<MessageOutcome>;
  /**
   * Whether the store and the database answer now: an outage error from a message they answer for is the
   * message's own (a proxy refusing its size, an upload that always runs out of time), counted as a try.
   */
  partsAnswer(): Promise<boolean>;
  logger: Logger;
  limits: AttachmentLimits & { maxMessageBytes: number };
}

/**
 * A message the service itself failed on is tried this often before going to Failed. Not for the store or
 * the database being away (`isOutage`): the message then waits in the folder however long that lasts.
 */
const MAX_TRIES = 5;

/** What a sweep that met an outage answers (the mailbox's status `error`, logged once). */
export const OUTAGE = 'the file store or the database is unavailable; messages wait in the folder';

/** A flagged copy into Failed; the message itself keeps the flags it had. */
async function copyToFailed(client: ImapFlow, uid: number, flagged: boolean): Promise<void> {
  if (!flagged) await client.messageFlagsAdd(String(uid), ['\\Flagged'], { uid: true });
  await client.messageCopy(String(uid), FAILED, { uid: true });
  if (!flagged) await client.messageFlagsRemove(String(uid), ['\\Flagged'], { uid: true });
}

export function messageRun(deps: MessageRunDeps): MessageRun {
  const tries = new Map<string, number>();
  const fail = async (
    client: ImapFlow,
    uid: number,
    subject: string | null,
    messageId: string | null,
    reasons: SkippedPart[],
  ) => {
    await client.messageFlagsAdd(String(uid), ['\\Flagged'], { uid: true });
    await client.messageMove(String(uid), FAILED, { uid: true });
    await client.append(FAILED, await failureNote({ subject, messageId, reasons }), [], new Date());
  };
  return {
    async sweep(client) {
      const account = await deps.account();
      if ('error' in account) return account.error;
      const uids = (await client.search({ deleted: false }, { uid: true })) || [];
      const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
      for (const uid of [...uids].sort((a, b) => a - b)) {
        // Logged out (the service stops) or dropped: the rest wait for the next connection.
        if (!client.usable) break;
        const head = await client.fetchOne(
          String(uid),
          { size: true, envelope: true, flags: true },
          { uid: true },
        );
        if (!head) continue;
        const subject = head.envelope?.subject ?? null;
        const messageId = head.envelope?.messageId ?? null;
        if ((head.size ?? 0) > deps.limits.maxMessageBytes) {
          const reason = `the message is larger than ${deps.limits.maxMessageBytes} bytes: not read`;
          await fail(client, uid, subject, messageId, [{ name: 'the message', reason }]);
          deps.logger.warn('mail message refused', { message_id: messageId, reason });
          continue;
        }
        const full = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (full === false || !full.source) continue;
        let outcome: MessageOutcome;
        try {
          outcome = await deps.receive(account.ctx, new Uint8Array(full.source));
        } catch (error) {
          // The store or the database away is no fault of the message, nor of the service's handling of it:
          // it waits in the folder, uncounted, and so do the ones after it (they would meet the same).
          // Counted, an outage of a few sweeps moved every message that arrived meanwhile to Failed.
          // Asked of the store and the database themselves: one that answers while this message keeps
          // failing would otherwise hold it, and every message behind it, in the folder for ever.
          if (isOutage(error) && !(await deps.partsAnswer())) return `${OUTAGE}: ${String(error)}`;
          const key = `${validity}:${uid}`;
          const n = (tries.get(key) ?? 0) + 1;
          tries.set(key, n);
          deps.logger.error('mail message could not be taken', {
            message_id: messageId,
            attempt: n,
            error: String(error),
          });
          if (n < MAX_TRIES) continue;
          tries.delete(key);
          const reason = `the service failed ${n} times taking it (its log says why); move it back to try again`;
          await fail(client, uid, subject, messageId, [{ name: 'the message', reason }]);
          continue;
        }
        if (outcome.bounces && outcome.bounces.length > 0) {
          // A bounce of the account's own mail: recorded on its delivery (which the firm sees), done with.
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          await client.messageMove(String(uid), PROCESSED, { uid: true });
          const note = await bounceNote({
            subject: outcome.email.subject ?? subject,
            messageId: outcome.email.message_id ?? messageId,
            bounces: outcome.bounces,
          });
          await client.append(PROCESSED, note, [], new Date());
          deps.logger.warn('mail bounce of a delivery', {
            message_id: outcome.email.message_id ?? messageId,
            deliveries: outcome.bounces.map((b) => ({
              id: b.deliveryId,
              outcome: b.outcome,
              status: b.status,
            })),
          });
          continue;
        }
        if (outcome.kept.length > 0) {
          // A part that may be an e-invoice and was not taken must reach the bookkeeper, who looks at Failed:
          // a copy goes there first (a crash before the move below takes the message again, and may leave a
          // second copy, never none).
          const copied = outcome.refused.some((r) => !r.passedOver);
          if (copied) {
            await copyToFailed(client, uid, head.flags?.has('\\Flagged') ?? false);
            const note = await failureNote({
              subject: outcome.email.subject ?? subject,
              messageId: outcome.email.message_id ?? messageId,
              reasons: outcome.refused,
              kept: outcome.kept,
            });
            await client.append(FAILED, note, [], new Date());
          }
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          await client.messageMove(String(uid), PROCESSED, { uid: true });
          deps.logger.info('mail message received', {
            message_id: outcome.email.message_id,
            received: outcome.kept.map((k) => k.id),
            ...(outcome.refused.length > 0 && { not_taken: outcome.refused }),
            ...(copied && { copied_to: FAILED }),
          });
        } else {
          // Every attachment is named with why it was not taken: none named, none there.
          const reasons =
            outcome.refused.length > 0
              ? outcome.refused
              : [{ name: 'the message', reason: 'it has no attachments' }];
          // A message the worker could not read has no headers of its own: the server's envelope names it.
          await fail(
            client,
            uid,
            outcome.email.subject ?? subject,
            outcome.email.message_id ?? messageId,
            reasons,
          );
          deps.logger.warn('mail message without an e-invoice', {
            message_id: outcome.email.message_id ?? messageId,
            not_taken: reasons,
          });
        }
      }
      return null;
    },
  };
}
