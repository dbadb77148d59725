import { createHash } from 'node:crypto';
import {
  ChannelError,
  type ChannelReason,
  type OutgoingMessage,
  reasonOfError,
} from '../../../delivery-channel';
import type { ComplianceProfile } from '../../../einvoicing/profiles';
import { PROFILES } from '../../../einvoicing/profiles';
import { type JobContext, JobError, type JobScope } from '../../../jobs/definition';
import { isoNow } from '../../../shared/clock';
import { DomainError } from '../../../shared/errors';
import { findAccountWithPlan } from '../../accounts';
import { findBusinessProfile } from '../../business-profiles';
import { findDocument } from '../../documents';
import { issuedPdfBytes, issuedXmlBytes } from '../../exports';
import type { NetworkSendPayload } from '../job-types';
import { keptReason } from '../receipts';
import { findConnection, findDeliveryById, updateDelivery } from '../repo';
import { adapterOf, boundBy, connectionOf, type SendDeps } from '../runtime';
import type { NetworkDeliveryRow } from '../schema';
import { recordTransition } from './events';

/** Refusals that pass (the render quota, the database or bucket away): the job tries again later. */
// insufficient_storage: the issued XML or PDF could not be written (a full disk): tried again, not failed.
const TRANSIENT_CODES = new Set([
  'rate_limited',
  'service_unavailable',
  'quota_exceeded',
  'insufficient_storage',
]);

/** A UUID (version 4 layout) that is the same for the same key: for providers that want a uuid as their key. */
export function uuidOf(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function messageOf(
  job: JobScope,
  deps: SendDeps,
  delivery: NetworkDeliveryRow,
  takesPdf: boolean,
): Promise<OutgoingMessage> {
  const ctx = job.forAccount(delivery.accountId, { memberId: delivery.createdBy });
  const row = await findDocument(ctx.db, ctx.accountId, delivery.documentId);
  if (!row) throw JobError.permanent('the document is gone');
  // Refused when asked for (check-before-sending.ts); a delivery queued before that was is failed here, not sent.
  if (row.documentType !== 'invoice' && row.documentType !== 'credit_note')
    throw new DomainError('conflict', `a ${row.documentType} is no e-invoice: nothing was sent`);
  // Cancelled while the send waited (a provider that refused for a while): the buyer gets nothing.
  if (row.voidedAt !== null || row.status === 'void' || row.status === 'draft') {
    throw new DomainError(
      'conflict',
      `the document was ${row.status === 'draft' ? 'made a draft' : 'cancelled'} before it was sent: nothing was sent`,
    );
  }
  const profile = delivery.profile as ComplianceProfile;
  const xml = await issuedXmlBytes(ctx, deps.services, row, profile, 'send');
  if (!xml) throw JobError.permanent(`no ${profile} e-invoice for the document`);
  let pdf: Uint8Array | null = null;
  if (takesPdf) {
    const account = await findAccountWithPlan(ctx.db, ctx.accountId);
    if (!account) throw JobError.permanent('the account is gone');
    const plan = { monthlyQuota: account.monthlyRenderQuota, planId: account.account.planId };
    pdf = await issuedPdfBytes(ctx, deps.services, row, plan, profile, 'send');
  }
  const seller = await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  return {
    deliveryId: delivery.id,
    idempotencyKey: delivery.idempotencyKey,
    idempotencyUuid: uuidOf(delivery.idempotencyKey),
    documentType: row.documentType === 'credit_note' ? 'credit_note' : 'invoice',
    number: row.number ?? delivery.documentId,
    xml,
    syntax: PROFILES[profile]?.syntax ?? 'ubl',
    profile,
    pdf,
    sender: seller?.electronicAddress ?? null,
    receiver: { scheme: delivery.receiverScheme, value: delivery.receiverValue },
  };
}

/**
 * The `channels.send` job: the delivery's document to the provider, once. Only a queued delivery is sent
 * (a second run after a success finds it submitted and does nothing); the provider's idempotency (our key
 * on every attempt) covers a crash between its answer and our commit. A provider away or rate limited is
 * tried again after the job's backoff or its Retry-After, whichever is longer, the delivery saying why it
 * waits (`last_error`); a refusal fails the delivery with the provider's words and receipt.
 */
export async function sendNetworkDelivery(
  deps: SendDeps,
  payload: NetworkSendPayload,
  job: JobContext,
): Promise<void> {
  const delivery = await findDeliveryById(job.db, payload.deliveryId);
  if (delivery?.state !== 'queued') {
    await job.commit(() => undefined);
    return;
  }
  const ctx = job.forAccount(delivery.accountId, { memberId: delivery.createdBy });
  const adapter = adapterOf(deps, delivery.channel);
  const row = await findConnection(job.db, delivery.accountId, delivery.channel);
  if (!row?.enabled) {
    await recordTransition(ctx, delivery, {
      state: 'failed',
      at: null,
      reason: `the ${adapter.name} connection is not enabled any more`,
      reasonCode: 'connection_incomplete',
      receipt: null,
    });
    await job.commit(() => undefined);
    return;
  }
  try {
    const message = await messageOf(job, deps, delivery, adapter.takesPdf);
    const receipt = await adapter.send(boundBy(connectionOf(deps, adapter, row), job.signal), message);
    job.signal.throwIfAborted();
    await recordTransition(ctx, delivery, {
      state: receipt.state,
      at: null,
      reason: null,
      receipt: receipt.raw,
      providerRef: receipt.providerRef,
    });
  } catch (error) {
    // The document cannot be sent as it stands (its e-invoice cannot be written, say): retrying will not
    // help, the delivery fails now with why.
    if (error instanceof DomainError && !TRANSIENT_CODES.has(error.code)) {
      await recordTransition(ctx, delivery, {
        state: 'failed',
        at: null,
        reason: error.message,
        receipt: null,
      });
      await job.commit(() => undefined);
      return;
    }
    if (error instanceof DomainError) throw await waiting(job, delivery, error.message, undefined);
    if (!(error instanceof ChannelError)) throw error;
    const reasonCode = reasonOfError(error);
    if (error.transient) {
      const why = `${adapter.name}: ${error.message}`;
      throw await waiting(job, delivery, why, error.details.retryAfterSeconds, reasonCode);
    }
    await recordTransition(ctx, delivery, {
      state: 'failed',
      at: null,
      reason: error.message,
      ...(reasonCode === undefined ? {} : { reasonCode }),
      receipt: error.details.raw ?? null,
    });
  }
  await job.commit(() => undefined);
}

/**
 * A try that did not go through and will be made again: why is kept on the delivery (`last_error`, shown
 * while it waits, cleared when it goes forward), in a transaction only this claim may commit; the answer is
 * the retryable error for the runner, asking for the provider's Retry-After when it said one (the runner
 * waits that instead of its backoff when longer, an hour at most).
 */
async function waiting(
  job: JobContext,
  delivery: NetworkDeliveryRow,
  why: string,
  retryAfterSeconds: number | undefined,
  reasonCode?: ChannelReason,
): Promise<JobError> {
  await job.transaction(async (tx) => {
    await updateDelivery(tx, delivery.id, {
      lastError: keptReason(why),
      lastErrorCode: reasonCode ?? null,
      updatedAt: isoNow(job.clock),
    });
  });
  return JobError.retryable(
    why,
    retryAfterSeconds === undefined ? {} : { afterMs: retryAfterSeconds * 1000 },
  );
}

/** onLastFailure: a delivery still queued after every try is `failed`, with why. */
export async function giveUpNetworkDelivery(
  payload: NetworkSendPayload,
  job: JobScope,
  error: Error,
): Promise<void> {
  const delivery = await findDeliveryById(job.db, payload.deliveryId);
  if (delivery?.state !== 'queued') return;
  // The last attempt's reason (the provider away, rate limited) is why it failed for good.
  const code = delivery.lastErrorCode ?? undefined;
  await recordTransition(job.forAccount(delivery.accountId), delivery, {
    state: 'failed',
    at: null,
    reason: error.message,
    ...(code === undefined ? {} : { reasonCode: code }),
    receipt: null,
  });
}
