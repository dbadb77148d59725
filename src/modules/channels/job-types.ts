// The channels' job payloads (job.ts enqueues them, background.ts binds their handlers).
import { type Static, Type } from '@sinclair/typebox';

export const NetworkSendPayload = Type.Object({ deliveryId: Type.String() });
export type NetworkSendPayload = Static<typeof NetworkSendPayload>;

export const ChannelPollPayload = Type.Object({ connectionId: Type.String() });
export type ChannelPollPayload = Static<typeof ChannelPollPayload>;

export const NETWORK_SEND = 'channels.send';
export const CHANNEL_POLL = 'channels.poll';
/**
 * A provider away for a while delays a send, which goes once it answers: 5 s doubling to 5 minutes, or the
 * provider's Retry-After when longer (up to an hour), twelve tries (about half an hour without Retry-After)
 * before the delivery is `failed`.
 */
export const SEND_ATTEMPTS = 12;
