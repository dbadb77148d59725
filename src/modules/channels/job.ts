import type { DbOrTx } from '../../db/client';
import { jobKind } from '../../jobs/definition';
import { enqueueJob } from '../../jobs/queue';
import type { Clock } from '../../shared/clock';
import {
  CHANNEL_POLL,
  ChannelPollPayload,
  NETWORK_SEND,
  NetworkSendPayload,
  SEND_ATTEMPTS,
} from './job-types';

export const networkSendKind = jobKind(NETWORK_SEND, NetworkSendPayload, SEND_ATTEMPTS);
export const channelPollKind = jobKind(CHANNEL_POLL, ChannelPollPayload, 3);

/** In the caller's transaction, with the delivery row: both commit or neither; a second enqueue is a no-op. */
export async function enqueueNetworkSend(
  db: DbOrTx,
  clock: Clock,
  payload: NetworkSendPayload,
): Promise<void> {
  await enqueueJob(db, clock, networkSendKind, payload, { runKey: `channels.send:${payload.deliveryId}` });
}

/** One poll of a connection per period: the run key makes every instance's source enqueue it once. */
export async function enqueueChannelPoll(
  db: DbOrTx,
  clock: Clock,
  connectionId: string,
  periodSeconds: number,
): Promise<void> {
  const bucket = Math.floor(clock.now().getTime() / (periodSeconds * 1000));
  await enqueueJob(
    db,
    clock,
    channelPollKind,
    { connectionId },
    { runKey: `channels.poll:${connectionId}:${bucket}` },
  );
}
