// The `delivery.send` job's payload and what running it needs (job.ts defines the job, use-cases run it).
import { type Static, Type } from '@sinclair/typebox';
import type { Db } from '../../db/client';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BlobStore } from '../../storage/blob-store';

export const DeliverySendPayload = Type.Object({
  accountId: Type.String(),
  deliveryId: Type.String(),
  /** Signed when the delivery was created: a job has no request to take the origin from. */
  downloadUrl: Type.String(),
});
export type DeliverySendPayload = Static<typeof DeliverySendPayload>;

export interface DeliveryJobDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  logger: Logger;
  smtpUrl: string | null;
}
