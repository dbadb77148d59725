// The account's settings for a French approved platform (PA), and the two services' base URLs. Each PA
// publishes its own host (XP Z12-013 defines the paths, not a server), so no default URL exists.
import { Type } from '@sinclair/typebox';
import type { ChannelConnection } from '../../delivery-channel';
import { ChannelError } from '../../delivery-channel';

export const PROCESSING_RULES = [
  'B2B',
  'B2BInt',
  'B2C',
  'B2G',
  'B2GInt',
  'OutOfScope',
  'B2GOutOfScope',
  'ArchiveOnly',
  'NotApplicable',
] as const;
export type ProcessingRule = (typeof PROCESSING_RULES)[number];

export const FLOW_PROFILES = ['Basic', 'CIUS', 'Extended-CTC-FR'] as const;
export type FlowProfile = (typeof FLOW_PROFILES)[number];

export const AfnorSettings = Type.Object(
  {
    /** The Directory Service; absent: the Flow Service's URL with `/flow-service` read as `/directory-service`. */
    directory_base_url: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 500 })),
    /** OAuth2 client-credentials token endpoint; absent: the `api_token` secret is the bearer token. */
    token_url: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 500 })),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** The `Organization-Id` header (a PA's multi-tenancy or an OD acting for several companies). */
    organization_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** Stated on every flow; absent: B2B (domestic, between taxable companies). */
    processing_rule: Type.Optional(Type.Union(PROCESSING_RULES.map((rule) => Type.Literal(rule)))),
    /** Overrides the flow profile stated for invoices (CIUS: an EN 16931 invoice; docs/channel-afnor.md). */
    flow_profile: Type.Optional(Type.Union(FLOW_PROFILES.map((profile) => Type.Literal(profile)))),
  },
  { additionalProperties: false },
);
export type AfnorSettings = typeof AfnorSettings.static;

export const SECRETS = ['client_secret', 'api_token', 'webhook_secret'] as const;

/** The settings as stored, read defensively: the core validated them, but an old row may predate a field. */
export function settingsOf(conn: ChannelConnection): AfnorSettings {
  const s = conn.settings;
  const text = (key: string) =>
    typeof s[key] === 'string' && s[key] !== '' ? (s[key] as string) : undefined;
  const rule = text('processing_rule');
  const profile = text('flow_profile');
  return {
    directory_base_url: text('directory_base_url'),
    token_url: text('token_url'),
    client_id: text('client_id'),
    organization_id: text('organization_id'),
    processing_rule: PROCESSING_RULES.find((r) => r === rule),
    flow_profile: FLOW_PROFILES.find((p) => p === profile),
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The Flow Service's base (`https://pa.example/flow-service`); refuses an empty one. */
export function flowBase(conn: ChannelConnection): string {
  const base = trimSlash(conn.baseUrl.trim());
  if (base === '') throw new ChannelError(NO_BASE_URL, false);
  return base;
}

/**
 * The Directory Service's base. XP Z12-013 serves both under one host, `/flow-service` and
 * `/directory-service`, so the Flow URL names the other unless the account gives it.
 */
export function directoryBase(conn: ChannelConnection): string {
  const own = settingsOf(conn).directory_base_url;
  if (own) return trimSlash(own);
  const flow = flowBase(conn);
  return flow.endsWith('/flow-service')
    ? `${flow.slice(0, -'/flow-service'.length)}/directory-service`
    : flow;
}

export const NO_BASE_URL =
  "No base URL: each approved platform publishes its own (its Flow Service, e.g. https://api.<platform>/flow-service); set the connection's base URL";
