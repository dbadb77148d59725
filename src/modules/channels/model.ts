import { t } from 'elysia';
import { CHANNEL_REASONS, DELIVERY_STATES } from '../../delivery-channel';
import { closed } from '../../domain/schema-parts';
import { ParticipantReachabilitySchema } from '../peppol-directory';

const State = t.Union(
  [
    t.Literal('queued'),
    t.Literal('submitted'),
    t.Literal('delivered'),
    t.Literal('accepted'),
    t.Literal('rejected'),
    t.Literal('paid'),
    t.Literal('failed'),
  ],
  { description: `${DELIVERY_STATES.join(', ')} (docs/channels.md)` },
);

/** A machine-readable reason (docs/channels.md), for a console to say in its language. */
// Spelled out so the type is the union (a mapped list is not, to the routes' response types).
export const ReasonCode = t.Union(
  [
    t.Literal('credentials_refused'),
    t.Literal('not_found'),
    t.Literal('provider_unavailable'),
    t.Literal('not_provider_api'),
    t.Literal('rate_limited'),
    t.Literal('refused'),
    t.Literal('network_rejected'),
    t.Literal('connection_incomplete'),
    t.Literal('receiver_found'),
  ],
  {
    description: `What the reason is, beside the provider's own words: ${CHANNEL_REASONS.join(', ')} (docs/channels.md); present only when known`,
  },
);

export const ChannelTestAnswer = t.Object({
  channel: t.String(),
  ok: t.Boolean(),
  message: t.String({ description: "The provider's answer in its (English) words, the detail of `reason`" }),
  reason: t.Optional(ReasonCode),
});

export const Channel = t.Object({
  channel: t.String({ description: 'The channel id: storecove, recommand, afnor-pa, …' }),
  name: t.String(),
  network: t.Union([t.Literal('peppol'), t.Literal('fr-pa')]),
  receive: t.Union([t.Literal('poll'), t.Literal('webhook'), t.Literal('both'), t.Literal('none')]),
  profiles: t.Array(t.String(), { description: 'The e-invoice profiles it sends, preferred first' }),
  secret_names: t.Array(t.String()),
  connected: t.Boolean({ description: 'The account has a connection (enabled or not)' }),
  enabled: t.Boolean(),
  base_url: t.String({ description: "The provider's API used: the account's, else the channel's own" }),
  settings: t.Record(t.String(), t.Unknown()),
  secrets: t.Record(t.String(), t.Boolean(), {
    description: 'Which secrets are set (never their values)',
  }),
  webhook: t.Boolean({ description: 'A webhook URL was made (shown once when made)' }),
  last_polled_at: t.Union([t.String(), t.Null()]),
  last_poll_error: t.Union([t.String(), t.Null()]),
});
export type Channel = typeof Channel.static;

export const PutChannelBody = t.Object(
  {
    enabled: t.Boolean(),
    base_url: t.Optional(
      t.Union([t.String({ format: 'uri', maxLength: 500 }), t.Null()], {
        description: "The provider's API (its sandbox, a relay); null: the channel's own",
      }),
    ),
    settings: t.Optional(t.Record(t.String(), t.Unknown())),
    secrets: t.Optional(
      t.Record(t.String(), t.Union([t.String({ minLength: 1, maxLength: 4096 }), t.Null()]), {
        description: 'Secrets to set (a value) or remove (null); those left out stay as they are',
      }),
    ),
  },
  closed,
);
export type PutChannelBody = typeof PutChannelBody.static;

export const Participant = t.Object(
  {
    scheme: t.String({
      minLength: 1,
      maxLength: 20,
      description: 'Peppol ICD / EAS code (0088, 9930, 0204) or 0002 SIREN, 0009 SIRET',
    }),
    value: t.String({ minLength: 1, maxLength: 200 }),
  },
  closed,
);

export const Lookup = t.Object({
  channel: t.String(),
  scheme: t.String(),
  value: t.String(),
  reachable: t.Boolean(),
  invoice: t.Boolean(),
  credit_note: t.Boolean(),
  detail: t.Union([t.String(), t.Null()]),
  checked_at: t.String({ format: 'date-time' }),
});

export const DeliveryEvent = t.Object({
  state: State,
  at: t.String({ format: 'date-time' }),
  reason: t.Union([t.String(), t.Null()]),
  reason_code: t.Optional(ReasonCode),
  detail: t.Optional(
    t.String({ description: 'Where the entry comes from, beside `reason` (the lookup: an SMP URL)' }),
  ),
  receipt: t.Union([
    t.Object({
      content_type: t.String(),
      body: t.String({
        description: "The channel's receipt, unchanged: all of it, or its first 64 KiB when `truncated`",
      }),
      truncated: t.Boolean({ description: 'The receipt was larger than 64 KiB: the rest was not kept' }),
    }),
    t.Null(),
  ]),
});

export const NetworkDelivery = t.Object({
  id: t.String({ description: '`ndl_` id' }),
  document_id: t.String(),
  channel: t.String(),
  network: t.String(),
  profile: t.String(),
  receiver: t.Object({ scheme: t.String(), value: t.String() }),
  state: State,
  reason: t.Union([t.String(), t.Null()]),
  reason_code: t.Optional(ReasonCode),
  last_error: t.Union([t.String(), t.Null()], {
    description:
      'While queued: why the last attempt did not go through (the provider away, rate limited, slow) and it waits for the next; null once it went through',
  }),
  last_error_code: t.Optional(ReasonCode),
  provider_ref: t.Union([t.String(), t.Null()]),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
  events: t.Array(DeliveryEvent, { description: 'Every transition, oldest first, with its receipt' }),
});

export const CreateDeliveryBody = t.Object(
  {
    channel: t.Optional(
      t.String({ description: 'A connected channel; left out: chosen for the buyer (docs/channels.md)' }),
    ),
    resend: t.Optional(
      t.Boolean({
        description:
          'Send it again although a delivery of it is queued, submitted or delivered (the buyer gets it twice); without it that is a 409',
      }),
    ),
  },
  closed,
);

export const RespondBody = t.Object(
  {
    state: t.Union([t.Literal('accepted'), t.Literal('rejected'), t.Literal('paid')]),
    reason: t.Optional(t.String({ minLength: 1, maxLength: 1000, description: 'Required to reject' })),
  },
  closed,
);

export const Transport = t.Object({
  received_id: t.String(),
  channel: t.String(),
  provider_ref: t.String(),
  sender: t.Union([t.Object({ scheme: t.String(), value: t.String() }), t.Null()]),
  transport: t.Record(t.String(), t.String()),
  response: t.Union([
    t.Object({
      state: t.String(),
      reason: t.Union([t.String(), t.Null()]),
      at: t.String(),
      receipt: t.Union([t.String(), t.Null()]),
    }),
    t.Null(),
  ]),
});

const ChannelReach = t.Object({
  channel: t.String(),
  name: t.String(),
  network: t.String(),
  reachable: t.Boolean(),
  invoice: t.Boolean(),
  credit_note: t.Boolean(),
  detail: t.Union([t.String(), t.Null()]),
  checked_at: t.String({ format: 'date-time' }),
  error: t.Union([t.String(), t.Null()], { description: "Why the channel's lookup failed, if it did" }),
});

export const CustomerNetworks = t.Object({
  electronic_address: t.Union([t.Object({ scheme: t.String(), value: t.String() }), t.Null()]),
  must_use_peppol: t.Boolean({
    description:
      'Its e-invoice profile (Peppol BIS, XRechnung) and Peppol address say it takes invoices over Peppol',
  }),
  peppol: t.Union([ParticipantReachabilitySchema, t.Null()], {
    description: "The service's own Peppol lookup (null: no Peppol address, or the lookup failed)",
  }),
  peppol_error: t.Union([t.String(), t.Null()]),
  channels: t.Array(ChannelReach, { description: "Each enabled channel's own directory" }),
});

export const NetworkCheck = t.Object({
  must_use_peppol: t.Boolean(),
  peppol: t.Union([ParticipantReachabilitySchema, t.Null()]),
  warnings: t.Array(t.String()),
});
