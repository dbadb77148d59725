// A channel connection's form and its PUT body (docs/channels.md): the settings the console knows by name
// with their labels, any other setting as a key and a JSON-ish value, the secrets that are only ever
// written (the service says whether each is set, never its value).
import type { Channel } from '../../api-types';

export interface SettingSpec {
  label: string;
  hint?: string;
  /** Sent as a whole number when digits are typed (anything else goes as typed, for the API to name). */
  integer?: boolean;
  type?: string;
}

/** The settings of the channels this service ships, by name. */
export const KNOWN_SETTINGS: Record<string, SettingSpec> = {
  legal_entity_id: {
    label: 'Legal entity ID',
    hint: 'The provider’s number of your company (a whole number)',
    integer: true,
  },
  company_id: { label: 'Company ID', hint: 'The company that sends and receives, e.g. c_…' },
  client_id: { label: 'Client ID', hint: 'OAuth2 client credentials: with the client secret' },
  token_url: {
    label: 'Token URL',
    hint: 'OAuth2 token endpoint; empty: the API token is used as it is',
    type: 'url',
  },
  organization_id: {
    label: 'Organization ID',
    hint: 'Sent as Organization-Id where the platform asks for it',
  },
  directory_base_url: {
    label: 'Directory URL',
    hint: 'The Directory Service; empty: beside the Flow Service',
    type: 'url',
  },
};

/** Which known settings each shipped channel takes (a channel the console does not know: its stored keys). */
const CHANNEL_SETTINGS: Record<string, string[]> = {
  storecove: ['legal_entity_id'],
  recommand: ['company_id'],
  'afnor-pa': ['client_id', 'token_url', 'organization_id', 'directory_base_url'],
};

export const SECRET_LABELS: Record<string, string> = {
  api_key: 'API key',
  api_secret: 'API secret',
  api_token: 'API token',
  client_secret: 'Client secret',
  webhook_secret: 'Webhook secret',
};

/** A setting without a field of its own: its name and its value as typed. */
export interface ExtraSetting {
  key: string;
  value: string;
  /** As stored: sent back unchanged while the text still shows it. */
  original?: unknown;
}

export interface ChannelForm {
  enabled: boolean;
  baseUrl: string;
  known: Record<string, string>;
  extra: ExtraSetting[];
  /** Typed secrets (empty: keep what is set) and those to remove. */
  secrets: Record<string, string>;
  forget: Record<string, boolean>;
}

export const shownValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Text as typed; a number, true/false, a quoted string, a list or an object as JSON. */
export function parsedValue(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{"]|^(true|false|null)$|^-?\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  try {
    return JSON.parse(trimmed);
  } catch {
    return trimmed;
  }
}

export const knownKeys = (channel: Channel) => [
  ...new Set([
    ...(CHANNEL_SETTINGS[channel.channel] ?? []),
    ...Object.keys(channel.settings).filter((key) => key in KNOWN_SETTINGS),
  ]),
];

export function formOf(channel: Channel): ChannelForm {
  const known = Object.fromEntries(
    knownKeys(channel).map((key) => [
      key,
      channel.settings[key] === undefined ? '' : shownValue(channel.settings[key]),
    ]),
  );
  const extra = Object.entries(channel.settings)
    .filter(([key]) => !(key in known))
    .map(([key, value]) => ({ key, value: shownValue(value), original: value }));
  return {
    // Saving a channel not yet connected is opting in: enabled unless unticked.
    enabled: channel.connected ? channel.enabled : true,
    baseUrl: channel.base_url,
    known,
    extra,
    secrets: {},
    forget: {},
  };
}

/** PUT /channels/{channel}: the whole settings object, the base URL and secrets only where changed. */
export function bodyOf(channel: Channel, form: ChannelForm): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(form.known)) {
    const value = text.trim();
    if (value === '') continue;
    settings[key] = KNOWN_SETTINGS[key]?.integer && /^\d{1,15}$/.test(value) ? Number(value) : value;
  }
  for (const entry of form.extra) {
    const key = entry.key.trim();
    if (key === '' || entry.value.trim() === '') continue;
    settings[key] =
      'original' in entry && entry.value === shownValue(entry.original)
        ? entry.original
        : parsedValue(entry.value);
  }
  const secrets: Record<string, string | null> = {};
  for (const name of channel.secret_names) {
    if (form.forget[name]) secrets[name] = null;
    else if (form.secrets[name]) secrets[name] = form.secrets[name];
  }
  const baseUrl = form.baseUrl.trim();
  return {
    enabled: form.enabled,
    ...(baseUrl === channel.base_url ? {} : { base_url: baseUrl === '' ? null : baseUrl }),
    settings,
    ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
  };
}
