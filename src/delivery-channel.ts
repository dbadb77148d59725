// A delivery channel (docs/channels.md): how e-invoices reach the networks buyers use — Peppol through an
// access point's published API, a French approved platform (PA) through the XP Z12-013 API — behind one
// interface. Each channel is a module of its own (src/modules/channel-<name>/) that declares its adapter
// in its module.ts (`channels: [adapter]`); the channels module (src/modules/channels) keeps the accounts'
// connections, the deliveries and their receipts and runs the sends and polls as jobs. Adding a channel
// touches its folder and its line in the module list.
import type { TSchema } from '@sinclair/typebox';

/** The networks a channel reaches. */
export type Network = 'peppol' | 'fr-pa';

/** A participant on a network: a Peppol identifier (`0088`, `9930`, …) or a French SIREN/SIRET/routing code. */
export interface ParticipantId {
  /** Peppol: the ICD (`0088`, `0204`, `9930`, …); France: `0002` SIREN, `0009` SIRET, `0224` routing code. */
  scheme: string;
  value: string;
}

/** A delivery's states (docs/channels.md): each transition stored with its time and raw receipt. */
export const DELIVERY_STATES = [
  'queued',
  'submitted',
  'delivered',
  'accepted',
  'rejected',
  'paid',
  'failed',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What a channel answered, kept unchanged beside the state it led to (an MLS, an Invoice Response, a CDAR). */
export interface RawReceipt {
  contentType: string;
  body: string;
}

/** How a channel is reached for one account: the provider's base URL, its settings and its secrets. */
export interface ChannelConnection {
  baseUrl: string;
  /** The account's settings for this channel, as its `settings` schema declares them (no secrets). */
  settings: Record<string, unknown>;
  /** The account's secrets for this channel (API keys, client secrets), opened for this call only. */
  secrets: Record<string, string>;
  /**
   * The only way an adapter reaches the network: `fetch`, refused (ChannelError, not transient) for a host
   * outside OUTBOUND_HOSTS, with a time limit.
   */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  now: () => Date;
  /**
   * On a poll: the settings of this channel's other enabled connections on this installation (other
   * accounts') that share this one's provider queue (same base URL and secrets), for a provider whose one
   * API key may serve several of them: what to leave for those.
   */
  peers?: readonly Record<string, unknown>[];
}

/** One e-invoice to send. */
export interface OutgoingMessage {
  /** Our delivery's id (`ndl_…`). */
  deliveryId: string;
  /**
   * Stable for the delivery whatever the attempt: the adapter hands it to the provider's idempotency
   * (Storecove's idempotencyGuid) or its own correlation (trackingId), so a retry never sends twice.
   */
  idempotencyKey: string;
  /** A UUID derived from the idempotency key, for providers that want one. */
  idempotencyUuid: string;
  documentType: 'invoice' | 'credit_note';
  number: string;
  /** The e-invoice XML (UBL or CII) in the profile the channel takes. */
  xml: Uint8Array;
  syntax: 'ubl' | 'cii';
  /** `peppol-bis-3`, `xrechnung-ubl`, `xrechnung-cii`, `en16931-cii`, `factur-x`, … */
  profile: string;
  /** The PDF (a Factur-X PDF/A-3 for `factur-x`), for channels that take one. */
  pdf: Uint8Array | null;
  sender: ParticipantId | null;
  receiver: ParticipantId;
}

/** What the provider answered to a send. */
export interface SendReceipt {
  /** The provider's id of the transmission (a guid, a flowId): later statuses name it. */
  providerRef: string;
  /** `submitted` for most; `delivered` when the provider delivers within the request. */
  state: DeliveryState;
  raw: RawReceipt;
}

/** Whether a participant can receive the document types we send, on this channel's network. */
export interface LookupAnswer {
  reachable: boolean;
  invoice: boolean;
  creditNote: boolean;
  /** Where the answer came from (the SMP's URL, the platform's directory line). */
  detail: string | null;
  raw: RawReceipt | null;
  /**
   * The Peppol document type identifiers the receiver's SMP lists, when the channel sends the document as
   * written and so the receiver must take its very type (Recommand); absent when the channel does not say
   * them or converts the document for the receiver itself (Storecove). The core then sends a profile the
   * receiver takes, or refuses before sending (channels/use-cases/receiver-profiles.ts).
   */
  documentTypes?: readonly string[];
}

/** What a channel reports when polled or called back. */
export type ChannelEvent =
  | {
      kind: 'status';
      providerRef: string;
      state: DeliveryState;
      /** The provider's time of the transition (ISO 8601), or null for "now". */
      at: string | null;
      /** The buyer's reason (a rejection), as the receipt states it. */
      reason: string | null;
      /** What kind of reason it is, when the channel knows (a network's rejection: network_rejected). */
      reasonCode?: ChannelReason;
      raw: RawReceipt;
    }
  | {
      kind: 'received';
      /** The provider's id of the received document: it is taken once. */
      providerRef: string;
      bytes: Uint8Array;
      contentType: string;
      fileName: string | null;
      sender: ParticipantId | null;
      /** The transport's own identifiers (message id, SBDH instance id, flowId), kept with the document. */
      transport: Record<string, string>;
      raw: RawReceipt;
    }
  | {
      /**
       * A report that is not this connection's (Storecove: for another legal entity under the same API
       * key): neither applied nor acknowledged, left for the connection it is for; the core logs it.
       */
      kind: 'left';
      providerRef: string;
      why: string;
      raw: RawReceipt;
      /**
       * Acknowledged at the provider without being kept: for no connection on this installation (another
       * firm's under a shared key, or one switched off): kept here, another firm's invoice would be in this
       * account; left, it would block the queue. The core logs it as a warning.
       */
      acknowledged?: true;
    };

/** The answer a buyer gives to a received invoice, sent back to its seller over the channel it came by. */
export interface InvoiceResponse {
  state: 'accepted' | 'rejected' | 'paid';
  reason: string | null;
  /** The received invoice's number and issue date, as its own document states them. */
  invoiceNumber: string | null;
  issueDate: string | null;
  documentType: 'invoice' | 'credit_note';
  /** Who answers: us, the buyer (null: the connection's own identity at the provider). */
  sender: ParticipantId | null;
  /** Who gets the answer: the invoice's seller (its transport sender, else its BT-34), null if unknown. */
  receiver: ParticipantId | null;
}

/**
 * Why something a provider did went wrong (or what an entry of a delivery's history is), for the console
 * to say in its language: the provider's own words stay beside it as the detail (docs/channels.md).
 */
export const CHANNEL_REASONS = [
  /** The provider refused the credentials (401, 403). */
  'credentials_refused',
  /** What the connection names (a company, a legal entity) is unknown to the provider for these credentials. */
  'not_found',
  /** The provider is away, slow or failing (5xx, a timeout, unreachable): tried again. */
  'provider_unavailable',
  /** The base URL answers, but not as the provider's API does (a web page, `{}`). */
  'not_provider_api',
  /** The provider asks us to slow down (429). */
  'rate_limited',
  /** The provider refused the document or request itself (its validation, a receiver it cannot reach). */
  'refused',
  /** The network's receiving access point refused the message (a Peppol Message Level Response RE). */
  'network_rejected',
  /** The connection is incomplete or switched off (no secrets, no company, not enabled). */
  'connection_incomplete',
  /** The queued entry: the receiver was found in the channel's directory (its detail: where). */
  'receiver_found',
] as const;
export type ChannelReason = (typeof CHANNEL_REASONS)[number];

/** What a provider's HTTP status says, when it says something a person can act on. */
export function reasonOfStatus(status: number | undefined): ChannelReason | undefined {
  if (status === undefined) return undefined;
  if (status === 401 || status === 403) return 'credentials_refused';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'provider_unavailable';
  if (status >= 400) return 'refused';
  return undefined;
}

/** A ChannelError's reason: the one it states, else its status's, else unreachable when transient. */
export function reasonOfError(error: ChannelError): ChannelReason | undefined {
  return (
    error.details.reason ??
    reasonOfStatus(error.details.status) ??
    (error.transient ? 'provider_unavailable' : undefined)
  );
}

/**
 * A provider's refusal or failure. `transient` (the provider down, rate limited, 5xx, a timeout): the job
 * tries again later (`retryAfterSeconds` when the provider said); otherwise the delivery fails with
 * `message`.
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly details: {
      status?: number;
      retryAfterSeconds?: number;
      raw?: RawReceipt;
      /** Why, when the status alone does not say it (reasonOfError). */
      reason?: ChannelReason;
    } = {},
  ) {
    super(message);
  }
}

/** What "test connection" found: whether it works, the provider's words, and why not when known. */
export interface ConnectionDiagnosis {
  ok: boolean;
  message: string;
  reason?: ChannelReason;
}

/** testConnection from diagnoseConnection: its ok and message alone. */
export const testedBy =
  (diagnose: (conn: ChannelConnection) => Promise<ConnectionDiagnosis>) =>
  async (conn: ChannelConnection): Promise<{ ok: boolean; message: string }> => {
    const { ok, message } = await diagnose(conn);
    return { ok, message };
  };

export interface ChannelAdapter {
  /** Unique, URL-safe: `storecove`, `recommand`, `afnor-pa`. */
  id: string;
  network: Network;
  /** For people: "Storecove (Peppol access point)". */
  name: string;
  /** The provider's production API, used unless the account names another (its sandbox, a mock). */
  defaultBaseUrl: string;
  /** The account's non-secret settings (a legal entity id, a company id, a routing code). */
  settings: TSchema;
  /** The names of its secrets (`api_key`, `client_secret`): never echoed, sealed at rest. */
  secrets: readonly string[];
  /** The profiles it sends, in preference order; the first the buyer's profile matches is used. */
  profiles: readonly string[];
  /** Whether it takes a PDF beside the XML. */
  takesPdf: boolean;
  /** Receiving: by polling (needs only outbound connections), by webhook, or not at all. */
  receive: 'poll' | 'webhook' | 'both' | 'none';
  /** A cheap authenticated call: the credentials work and the host answers. */
  testConnection(conn: ChannelConnection): Promise<{ ok: boolean; message: string }>;
  /**
   * The same test, saying why it failed as a ChannelReason beside the message (the console says it in its
   * language); the core asks this one when the channel has it. testConnection answers its ok and message.
   */
  diagnoseConnection?(conn: ChannelConnection): Promise<ConnectionDiagnosis>;
  /** Whether `receiver` can receive on this channel (the provider's directory or discovery). */
  lookup?(conn: ChannelConnection, receiver: ParticipantId): Promise<LookupAnswer>;
  send(conn: ChannelConnection, message: OutgoingMessage): Promise<SendReceipt>;
  /**
   * One provider queue may serve several connections here (Storecove: one API key, several legal
   * entities): a poll is told the others' settings (`ChannelConnection.peers`). Others are never read.
   */
  sharedQueue?: true;
  /** New statuses and received documents since `cursor` (null: from the start); answers the next cursor. */
  poll?(
    conn: ChannelConnection,
    cursor: string | null,
  ): Promise<{ events: ChannelEvent[]; cursor: string | null }>;
  /** A callback the provider made (its headers and raw body): the events it carries, after checking it. */
  webhook?(conn: ChannelConnection, request: { headers: Headers; body: Uint8Array }): Promise<ChannelEvent[]>;
  /** Answers a received document (accept, reject with reason, paid) over this channel. */
  respond?(
    conn: ChannelConnection,
    received: { providerRef: string; transport: Record<string, string> },
    response: InvoiceResponse,
  ): Promise<RawReceipt>;
}
