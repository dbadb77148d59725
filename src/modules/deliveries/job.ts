import type { DbOrTx } from '../../db/client';
import { defineJob, exponentialBackoff, type JobDefinition, jobKind } from '../../jobs/definition';
import { enqueueJob } from '../../jobs/queue';
import type { Clock } from '../../shared/clock';
import { type DeliveryJobDeps, DeliverySendPayload } from './job-types';
import { SEND_ATTEMPTS } from './lifecycle';
import { deliverEmail, giveUpDelivery } from './use-cases/deliver-email';

export { type DeliveryJobDeps, DeliverySendPayload } from './job-types';

export const DELIVERY_SEND = 'delivery.send';

// One claim per SMTP attempt; a job that fails for good (its worker died during the last attempt, say) makes
// the delivery `failed` through onLastFailure instead of leaving it `queued` for ever.
const deliverySend = jobKind(DELIVERY_SEND, DeliverySendPayload, SEND_ATTEMPTS);

export function deliverySendJob(deps: DeliveryJobDeps): JobDefinition<typeof DeliverySendPayload> {
  return defineJob({
    ...deliverySend,
    concurrency: 2,
    // 1, 2, 4, 8 minutes: a mail server down for about a quarter of an hour is ridden out.
    backoffMs: exponentialBackoff(60_000, 30 * 60_000),
    handler: (payload, job) => deliverEmail({ deps, payload, job }),
    onLastFailure: (payload, job, error) => giveUpDelivery({ payload, job, error }),
  });
}

/**
 * In the caller's transaction, with the delivery row: both commit or neither. The run key makes a second
 * enqueue for the same delivery a no-op.
 */
export async function enqueueDeliverySend(
  db: DbOrTx,
  clock: Clock,
  payload: DeliverySendPayload,
): Promise<void> {
  await enqueueJob(db, clock, deliverySend, payload, { runKey: `delivery:${payload.deliveryId}` });
}
