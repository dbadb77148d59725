import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, timestamp, updatedAt } from '../../db/columns';
import type { ChannelReason, DeliveryState } from '../../delivery-channel';
import { accounts } from '../accounts/schema';

/**
 * An account's connection to a channel (docs/channels.md): opt-in, its settings, and its secrets sealed
 * (AES-256-GCM under CREDENTIALS_KEY: never echoed, never in logs, never in a backup in clear).
 */
export const channelConnections = sqliteTable(
  'channel_connections',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    channel: text('channel').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    /** The provider's API; null: the channel's own (a sandbox or a mock names another). */
    baseUrl: text('base_url'),
    settings: text('settings', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** The secrets as one sealed JSON object (base64url of nonce, tag and ciphertext); null: none yet. */
    sealedSecrets: text('sealed_secrets'),
    /** The names of the secrets set, for the API's `secrets: {api_key: true}` (never their values). */
    secretNames: text('secret_names', { mode: 'json' }).$type<string[]>().notNull(),
    /** SHA-256 of the webhook path's token (the provider's callbacks); null until one is made. */
    webhookTokenHash: text('webhook_token_hash'),
    /** Where the last poll stopped (the adapter's own cursor). */
    pollCursor: text('poll_cursor'),
    lastPolledAt: timestamp('last_polled_at'),
    lastPollError: text('last_poll_error'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('channel_connections_uq').on(t.accountId, t.channel),
    uniqueIndex('channel_connections_webhook_uq').on(t.webhookTokenHash),
  ],
);

/** One document sent over a channel: its state now; its history is network_delivery_events. */
export const networkDeliveries = sqliteTable(
  'network_deliveries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    documentId: text('document_id').notNull(),
    channel: text('channel').notNull(),
    network: text('network').notNull(),
    profile: text('profile').notNull(),
    receiverScheme: text('receiver_scheme').notNull(),
    receiverValue: text('receiver_value').notNull(),
    state: text('state').$type<DeliveryState>().notNull(),
    /** The provider's id of the transmission, once it took it. */
    providerRef: text('provider_ref'),
    /** Handed to the provider as its idempotency key: one per delivery, whatever the attempt. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The buyer's or the network's reason of a rejection or failure. */
    reason: text('reason'),
    /** What `reason` is (delivery-channel.ts CHANNEL_REASONS), for a console to say; null when unknown. */
    reasonCode: text('reason_code').$type<ChannelReason>(),
    /**
     * Why the last attempt did not go through while the delivery waits to be tried again (the provider
     * away, rate limited, slow); null once it went through, or before any attempt failed.
     */
    lastError: text('last_error'),
    /** What `last_error` is, as `reason_code`. */
    lastErrorCode: text('last_error_code').$type<ChannelReason>(),
    /**
     * Sent although another delivery of the document was live (`resend: true`), or a failed one the
     * network later reported delivered while another was live: outside the one-live-delivery rule below.
     */
    resend: integer('resend', { mode: 'boolean' }).notNull().default(false),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('network_deliveries_document_idx').on(t.accountId, t.documentId),
    uniqueIndex('network_deliveries_provider_uq').on(t.accountId, t.channel, t.providerRef),
    // One live delivery of a document (neither failed nor rejected) unless sent again on purpose: two
    // requests at once cannot both queue one, whatever the engine (the buyer would get the invoice twice).
    uniqueIndex('network_deliveries_live_uq')
      .on(t.accountId, t.documentId)
      .where(sql`${t.state} NOT IN ('failed', 'rejected') AND ${t.resend} = 0`),
  ],
);

/** A delivery's transitions, each with its time and the channel's raw receipt, stored unchanged. */
export const networkDeliveryEvents = sqliteTable(
  'network_delivery_events',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => networkDeliveries.id),
    state: text('state').$type<DeliveryState>().notNull(),
    /** When the channel says it happened (else when we learnt it). */
    at: text('at').notNull(),
    /** The provider's or buyer's words; for an entry the service writes itself (receiver_found) its detail. */
    reason: text('reason'),
    reasonCode: text('reason_code').$type<ChannelReason>(),
    receiptContentType: text('receipt_content_type'),
    /** The channel's receipt as it came, its first RECEIPT_KEPT_BYTES when it was larger (truncated). */
    receipt: text('receipt'),
    receiptTruncated: integer('receipt_truncated', { mode: 'boolean' }).notNull().default(false),
    /** SHA-256 of state and receipt: the same report twice (a replayed webhook, a re-poll) is kept once. */
    digest: text('digest').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('network_delivery_events_delivery_idx').on(t.deliveryId, t.id),
    uniqueIndex('network_delivery_events_digest_uq').on(t.deliveryId, t.digest),
  ],
);

/** A received document that came over a channel: its transport identifiers, and the answer sent back. */
export const networkReceived = sqliteTable(
  'network_received',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    receivedId: text('received_id').notNull(),
    channel: text('channel').notNull(),
    providerRef: text('provider_ref').notNull(),
    senderScheme: text('sender_scheme'),
    senderValue: text('sender_value'),
    transport: text('transport', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    receiptContentType: text('receipt_content_type'),
    receipt: text('receipt'),
    /** The answer sent to the seller (accepted, rejected, paid), its reason and the channel's receipt. */
    response: text('response'),
    responseReason: text('response_reason'),
    respondedAt: timestamp('responded_at'),
    responseReceipt: text('response_receipt'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('network_received_provider_uq').on(t.accountId, t.channel, t.providerRef),
    index('network_received_received_idx').on(t.accountId, t.receivedId),
  ],
);

export type ChannelConnectionRow = typeof channelConnections.$inferSelect;
export type NetworkDeliveryRow = typeof networkDeliveries.$inferSelect;
export type NetworkDeliveryEventRow = typeof networkDeliveryEvents.$inferSelect;
export type NetworkReceivedRow = typeof networkReceived.$inferSelect;
