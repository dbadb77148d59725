// The `delivery.send` job's payload and what running it needs (job.ts defines the job, use-cases run it).
import { type Static, Type } from '@sinclair/typebox';
import type { Db, DbOrTx } from '../../db/client';
import { jobKind } from '../../jobs/definition';
import { enqueueJob } from '../../jobs/queue';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BlobStore } from '../../storage/blob-store';
import type { DownloadSigner } from '../renders';
import { SEND_ATTEMPTS } from './lifecycle';

export const DeliverySendPayload = Type.Object({
  accountId: Type.String(),
  deliveryId: Type.String(),
  /** Signed when the delivery was created: a job has no request to take the origin from. */
  downloadUrl: Type.String(),
});
export type DeliverySendPayload = Static<typeof DeliverySendPayload>;

export const DELIVERY_SEND = 'delivery.send';

// Here rather than in job.ts, which runs the use-cases: a use-case that queues a delivery (a send, a
// follow-up to recipients a server refused for now) enqueues its job without importing the job's handler.
export const deliverySend = jobKind(DELIVERY_SEND, DeliverySendPayload, SEND_ATTEMPTS);

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

export interface DeliveryJobDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  logger: Logger;
  smtpUrl: string | null;
  /** Signs a follow-up's link again for the render's new end (use-cases/queue-follow-up.ts). */
  signer: DownloadSigner;
}
