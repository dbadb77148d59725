import type { DbOrTx } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { dec, isNegative, isZero } from '../../../domain/money';
import {
  type JobContext,
  JobError,
  type JobScope,
  LeaseLostError,
  WorkerLostError,
} from '../../../jobs/definition';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { findDocument, noteDocumentSent, paymentFigures } from '../../documents';
import { type SendResult, sendEmail } from '../email/mailer';
import { classifySmtpError } from '../email/smtp-outcome';
import { readSmtpUrl } from '../email/smtp-settings';
import type { DeliveryJobDeps, DeliverySendPayload } from '../job-types';
import { isPending, SEND_ATTEMPTS } from '../lifecycle';
import { type DeliveryOutcome, findDelivery, finishDelivery, noteAttemptError } from '../repo';
import { buildDeliveryEmail, deliveryMessageId } from './build-delivery-email';
import { followUpOf, queueFollowUp } from './queue-follow-up';

/**
 * The `delivery.send` job: one delivery, one SMTP exchange per attempt, and the outcome recorded in the
 * same transaction that completes the job (ctx.commit), so a run that finds the delivery no longer
 * `queued` knows an earlier run finished it and sends nothing. What remains at-least-once is SMTP's gap
 * from the end of the data to that commit: a worker dying there may leave the message delivered and the
 * delivery queued, and the next claim sends it again, with the same Message-ID (docs/deliveries.md).
 */
export async function deliverEmail({
  deps,
  payload,
  job,
}: {
  deps: DeliveryJobDeps;
  payload: DeliverySendPayload;
  job: JobContext;
}): Promise<void> {
  const ctx = job.forAccount(payload.accountId);
  // Fenced: a worker that lost its claim stops here instead of sending.
  const delivery = await job.transaction(
    async (tx) => await findDelivery(tx, ctx.accountId, payload.deliveryId),
  );
  if (!delivery) throw JobError.permanent(`delivery ${payload.deliveryId} not found`);
  if (!isPending(delivery.status)) return;

  const finish = async (outcome: DeliveryOutcome) =>
    await job.commit(
      async (tx) => await finishDelivery(tx, ctx.accountId, delivery.id, outcome, isoNow(ctx.clock)),
    );
  const settings = deps.smtpUrl ? readSmtpUrl(deps.smtpUrl) : null;
  if (!settings?.from) {
    await finish({ status: 'failed', errorMessage: 'email delivery is not configured: set SMTP_URL' });
    return;
  }
  // A reminder asks for money: one whose invoice was paid, settled by a credit note or cancelled since it
  // was made (a mail server that refused it for a while, a retry) is not sent (docs/dunning.md).
  if (delivery.letterBlobKey !== null) {
    const stale = await staleReminder(ctx, delivery.documentId);
    if (stale) {
      await finish({ status: 'failed', errorMessage: `reminder not sent: ${stale}` });
      return;
    }
  }
  const built = await buildDeliveryEmail({
    ctx,
    blobs: deps.blobs,
    input: { delivery, from: settings.from, downloadUrl: payload.downloadUrl },
  });
  if ('problem' in built) {
    await finish({ status: 'failed', errorMessage: built.problem });
    return;
  }

  let result: SendResult;
  try {
    result = await sendEmail(settings, built.email, job.signal);
  } catch (error) {
    const failure = classifySmtpError(error, settings.redact);
    if (failure.kind === 'retry' && job.attempt < SEND_ATTEMPTS) {
      await job.transaction(
        async (tx) =>
          await noteAttemptError(tx, ctx.accountId, delivery.id, failure.reason, isoNow(ctx.clock)),
      );
      throw JobError.retryable(failure.reason);
    }
    const errorMessage =
      failure.kind === 'retry'
        ? `${failure.reason} (gave up after ${SEND_ATTEMPTS} attempts)`
        : failure.reason;
    await finish({ status: failure.kind === 'retry' ? 'failed' : failure.kind, errorMessage });
    return;
  }

  // Every addressee (To) refused for good while a copy (Cc, Bcc: the firm's archive) was taken: the
  // customer has nothing, as when a bounce reports it later (record-late-bounce.ts): `bounced`, the document
  // not marked sent.
  const refused = new Set(result.refused.map((address) => address.toLowerCase()));
  const bounced =
    delivery.to.length > 0 && delivery.to.every((address) => refused.has(address.toLowerCase()));
  const finished = async (tx: DbOrTx) => {
    const txCtx = { ...ctx, db: tx };
    // Recipients refused for now (4xx) while others took the message get it by a delivery of their own,
    // queued with this one's outcome (sent, or bounced when only a copy was taken): this one cannot try
    // again (the others have it). The note names the follow-up only when one is queued.
    const followUp = result.deferred.length > 0 ? await followUpOf(txCtx, delivery, result.deferred) : null;
    const again = followUp
      ? `; sent to ${[...followUp.to, ...followUp.cc, ...followUp.bcc].join(', ')} again as ${followUp.id}`
      : '';
    const note = result.partlyRejected ? `not accepted for: ${result.partlyRejected}${again}` : null;
    const outcome: DeliveryOutcome = bounced
      ? { status: 'bounced', errorMessage: note ?? 'not accepted for: every addressee' }
      : {
          status: 'sent',
          sentAt: isoNow(ctx.clock),
          messageId: deliveryMessageId(delivery.id, settings.from),
          errorMessage: note,
        };
    const moved = await finishDelivery(tx, ctx.accountId, delivery.id, outcome, isoNow(ctx.clock));
    if (!bounced) await noteDocumentSent(txCtx, delivery.documentId);
    if (moved && followUp) await queueFollowUp(txCtx, deps.signer, delivery, followUp, payload.downloadUrl);
  };
  try {
    await job.commit(finished);
  } catch (error) {
    if (!(error instanceof LeaseLostError)) throw error;
    // The claim went away while the server was taking the message (shutdown grace ran out, lease lost).
    // The email is out, so record it anyway: whichever run comes next must find it done, not send again.
    await inTransaction({ ...ctx, db: deps.db }, async (tx) => await finished(tx.db));
  }
  deps.logger.info(bounced ? 'delivery bounced' : 'delivery sent', {
    delivery_id: delivery.id,
    job_id: job.jobId,
    attempt: job.attempt,
  });
}

/**
 * The job's onLastFailure: a delivery still `queued` when its job fails for good (its worker died during
 * the last attempt, or the attempts ran out on an error the handler did not record) becomes `failed`, in
 * the transaction that fails the job, so it never stays queued with no job left to send it.
 */
export async function giveUpDelivery({
  payload,
  job,
  error,
}: {
  payload: DeliverySendPayload;
  job: JobScope;
  error: Error;
}): Promise<void> {
  const reason =
    error instanceof WorkerLostError
      ? 'the last one did not finish (the service stopped while sending)'
      : error.message;
  const outcome = {
    status: 'failed' as const,
    errorMessage: `gave up after ${SEND_ATTEMPTS} attempts; ${reason}`,
  };
  // Only a delivery still queued changes: one the handler recorded (sent, bounced, failed) stays as it is.
  await finishDelivery(job.db, payload.accountId, payload.deliveryId, outcome, isoNow(job.clock));
}

/** Why a reminder about this document may no longer go out, or null: what is due is still unpaid. */
async function staleReminder(ctx: AccountCtx, documentId: string): Promise<string | null> {
  const document = await findDocument(ctx.db, ctx.accountId, documentId);
  if (!document) return 'the invoice is gone';
  if (document.voidedAt !== null) return 'the invoice was cancelled';
  if (document.status !== 'finalized' && document.status !== 'sent')
    return `the invoice is ${document.status}`;
  const due = dec(paymentFigures(document).amount_due);
  return isZero(due) || isNegative(due) ? 'nothing is due on the invoice any more' : null;
}
