// What the console knows of delivery over networks (docs/channels.md): the channels an account connected,
// the states of a network delivery in words, and a customer's reachability, asked in one place.
import { get } from './api';
import type { Channel, ChannelTest, CustomerNetworks, ElectronicAddress, NetworkDelivery } from './api-types';
import { t } from './i18n';

export type DeliveryState = NetworkDelivery['state'];

/** A delivery's state as the console says it, and the badge's colour. */
export const DELIVERY_STATES: Record<DeliveryState, { label: string; tone: string }> = {
  queued: { label: 'Queued', tone: 'queued' },
  submitted: { label: 'Handed to the network', tone: 'sent' },
  delivered: { label: 'Delivered', tone: 'ok' },
  accepted: { label: 'Accepted by the buyer', tone: 'approved' },
  rejected: { label: 'Rejected by the buyer', tone: 'rejected' },
  paid: { label: 'Paid', tone: 'paid' },
  failed: { label: 'Failed', tone: 'failed' },
};

/**
 * Where nothing more is coming soon: the send is over and the buyer has answered (or failed). Delivered
 * and accepted may still move on (an answer, a payment), but only when the buyer acts.
 */
const SETTLED: readonly DeliveryState[] = ['delivered', 'accepted', 'rejected', 'paid', 'failed'];
const FINAL: readonly DeliveryState[] = ['rejected', 'paid', 'failed'];

/** How long to wait before asking again: soon while the send is under way, then rarely, then not at all. */
export function refreshAfterMs(states: DeliveryState[]): number | null {
  if (states.some((state) => !SETTLED.includes(state))) return 2_000;
  if (states.some((state) => !FINAL.includes(state))) return 10_000;
  return null;
}

/** The e-invoice profiles channels name, by the names people know (the adapters spell ids their own way). */
const PROFILE_NAMES: Record<string, string> = {
  peppol_bis_billing_3: 'Peppol BIS Billing 3',
  'peppol-bis-3': 'Peppol BIS Billing 3',
  xrechnung_ubl: 'XRechnung (UBL)',
  'xrechnung-ubl': 'XRechnung (UBL)',
  xrechnung_cii: 'XRechnung (CII)',
  'xrechnung-cii': 'XRechnung (CII)',
  factur_x_en16931: 'Factur-X (EN 16931)',
  'factur-x': 'Factur-X',
  'en16931-cii': 'EN 16931 (CII)',
  'en16931-ubl': 'EN 16931 (UBL)',
};

export const profileName = (id: string) => PROFILE_NAMES[id] ?? id;

/** A receipt's kind from its content type: `application/json;charset=utf-8` is JSON. */
export function receiptKind(contentType: string): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (/[/+]json$/.test(type)) return 'JSON';
  if (/[/+]xml$/.test(type)) return 'XML';
  return type || contentType;
}

/**
 * The channels the service has, by the names the console gives them in its language (the service names
 * them in English: "Storecove (Peppol access point)"); the French platform keeps its proper name, said
 * what it is. A channel the console does not know by its id keeps the service's name.
 */
const channelNames = (): Record<string, string> => ({
  storecove: t('Storecove (Peppol access point)'),
  recommand: t('Recommand (Peppol access point)'),
  'afnor-pa': t('Plateforme agréée (French platform, XP Z12-013)'),
});

export const channelName = (channel: { channel: string; name: string }) =>
  channelNames()[channel.channel] ?? channel.name;

/** A channel named by its id alone (a delivery's, a received document's transport): its name as above. */
export const channelNameOf = (id: string, channels: readonly { channel: string; name: string }[] = []) =>
  channelName(channels.find((channel) => channel.channel === id) ?? { channel: id, name: id });

export const networkLabel = (network: string) =>
  network === 'peppol' ? t('Peppol') : network === 'fr-pa' ? t('French platform') : network;

/** `0088:4035811991021`, as Peppol writes a participant. */
export const participant = (address: ElectronicAddress | null | undefined) =>
  address ? `${address.scheme}:${address.value}` : '';

export const loadChannels = () => get<Channel[]>('/channels');

/** The channels a document can be sent over now: connected and enabled. */
export const usableChannels = (channels: Channel[]) =>
  channels.filter((channel) => channel.connected && channel.enabled);

/**
 * GET /customers/{id}/networks: whether the customer's electronic address receives invoices and credit
 * notes over Peppol (the service's own SML/SMP lookup, kept a day; `refresh` asks again) and over each
 * connected channel, each with when it was checked. Asked here and nowhere else.
 */
export const customerNetworks = (customerId: string, refresh: boolean) =>
  get<CustomerNetworks>(`/customers/${encodeURIComponent(customerId)}/networks`, {
    refresh: String(refresh),
  });

/** The machine-readable reasons the service gives beside a provider's (English) words. */
export type ChannelReason = NonNullable<ChannelTest['reason']>;

/**
 * Each reason as the console says it (t() gives the German): the provider's own words stay beside it as
 * the detail, in the provider's language.
 */
const REASON_TEXTS: Record<ChannelReason, string> = {
  credentials_refused: 'The provider refused the API key or secret.',
  not_found:
    'The provider does not know the company or legal entity named in the settings for these credentials.',
  provider_unavailable: 'The provider cannot be reached or is failing just now; it is tried again.',
  not_provider_api: 'The base URL answers, but not as the provider’s API does: check the base URL.',
  rate_limited: 'The provider is asking for fewer requests just now; it is tried again.',
  refused: 'The provider refused the document or the request.',
  network_rejected: 'The receiving access point rejected the message.',
  connection_incomplete: 'The connection is incomplete or switched off: check its settings and secrets.',
  receiver_found: 'The receiver was found in the provider’s directory.',
};

/** A reason in the console's language; null for one it does not know (a newer service's). */
export const reasonText = (code: string | undefined): string | null => {
  const text = code === undefined ? undefined : REASON_TEXTS[code as ChannelReason];
  return text === undefined ? null : t(text);
};
