import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { parseProviderEvent } from '../provider/events';
import { type SignatureCheck, verifyStripeSignature } from '../provider/signature';
import { claimWebhookEvent, recordWebhookOutcome } from '../repo';
import { applyProviderEvent } from './apply-provider-event';

export interface WebhookReceipt {
  eventId: string;
  /** `duplicate`: this event id was processed before; answered 200 so the provider stops resending it. */
  outcome: 'applied' | 'ignored' | 'duplicate';
}

const REFUSALS: Record<Exclude<SignatureCheck, { ok: true }>['reason'], string> = {
  missing: 'Missing Stripe-Signature header',
  malformed: 'Malformed Stripe-Signature header: expected t=<unix seconds>,v1=<hex HMAC-SHA256>',
  mismatch: 'Invalid webhook signature',
  outside_tolerance: 'Webhook timestamp is outside the 5-minute tolerance (replayed or clock skew)',
};

/**
 * One provider webhook delivery: the signature over the raw body is checked first (400 otherwise), then
 * the event's id is claimed (an insert that does nothing on a known id) and the event applied in one
 * transaction, so a redelivery, a replay inside the tolerance or the same event arriving at two instances
 * at once is applied once and answered `duplicate` otherwise.
 */
export async function receiveWebhook({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { rawBody: string; signature: string | null; secret: string };
}): Promise<WebhookReceipt> {
  const nowSeconds = Math.floor(ctx.clock.now().getTime() / 1000);
  const check = verifyStripeSignature(input.signature, input.rawBody, input.secret, nowSeconds);
  if (!check.ok) throw new DomainError('bad_request', REFUSALS[check.reason], { reason: check.reason });
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    throw new DomainError('bad_request', 'Webhook body is not JSON');
  }
  const event = parseProviderEvent(json);
  if (!event) throw new DomainError('bad_request', 'Webhook body is not an event (id, type and created)');
  return await inTransaction(ctx, async (tx) => {
    if (!(await claimWebhookEvent(tx.db, event, isoNow(tx.clock))))
      return { eventId: event.id, outcome: 'duplicate' as const };
    const result = await applyProviderEvent(tx, event);
    await recordWebhookOutcome(tx.db, event.id, { accountId: result.accountId, outcome: result.outcome });
    return { eventId: event.id, outcome: result.outcome };
  });
}
