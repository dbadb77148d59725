import { defineJob, exponentialBackoff, type JobDefinition } from '../../jobs/definition';
import { type DeliveryJobDeps, type DeliverySendPayload, deliverySend } from './job-types';
import { deliverEmail, giveUpDelivery } from './use-cases/deliver-email';

export {
  DELIVERY_SEND,
  type DeliveryJobDeps,
  DeliverySendPayload,
  enqueueDeliverySend,
} from './job-types';

// One claim per SMTP attempt (deliverySend, job-types.ts); a job that fails for good (its worker died during
// the last attempt, say) makes the delivery `failed` through onLastFailure instead of leaving it `queued`.
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
