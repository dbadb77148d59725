// The bearer token of a PA's API: the `api_token` secret as it is, or an OAuth2 client-credentials token
// (the only OAuth2 flow XP Z12-013 names), fetched from `token_url` and kept until shortly before it
// expires. The cache lives in the adapter (one per process), keyed by the credentials themselves, so two
// connections never share a token and a changed secret fetches a new one.
import { createHash } from 'node:crypto';
import type { ChannelConnection } from '../../delivery-channel';
import { ChannelError } from '../../delivery-channel';
import { bodyText, errorOf, reach } from './http-errors';
import { settingsOf } from './settings';

/** A token is renewed this long before the expiry its issuer stated. */
const MARGIN_MS = 60_000;
/** When the issuer states no `expires_in`: a cautious lifetime. */
const DEFAULT_LIFETIME_S = 300;
/** Bounds the cache: past this many connections the oldest entries go (a token is only ever refetched). */
const MAX_ENTRIES = 500;

interface Cached {
  token: string;
  expiresAt: number;
}

export class TokenCache {
  private readonly tokens = new Map<string, Cached>();
  private readonly pending = new Map<string, Promise<Cached>>();

  /** The Authorization header's value for this connection. */
  async bearer(conn: ChannelConnection): Promise<{ header: string; fromCache: boolean }> {
    const staticToken = conn.secrets.api_token;
    const oauth = oauthOf(conn);
    if (!oauth) {
      if (staticToken) return { header: `Bearer ${staticToken}`, fromCache: false };
      throw new ChannelError(
        'No credentials: set the api_token secret, or token_url and client_id with the client_secret secret',
        false,
      );
    }
    const key = keyOf(oauth);
    const now = conn.now().getTime();
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - MARGIN_MS > now)
      return { header: `Bearer ${cached.token}`, fromCache: true };
    let request = this.pending.get(key);
    if (!request) {
      request = fetchToken(conn, oauth).finally(() => this.pending.delete(key));
      this.pending.set(key, request);
    }
    const fresh = await request;
    this.tokens.delete(key);
    this.tokens.set(key, fresh);
    if (this.tokens.size > MAX_ENTRIES) this.tokens.delete(this.tokens.keys().next().value as string);
    return { header: `Bearer ${fresh.token}`, fromCache: false };
  }

  /** Forgets the connection's token (the API answered 401 to it: revoked or expired early). */
  forget(conn: ChannelConnection): void {
    const oauth = oauthOf(conn);
    if (oauth) this.tokens.delete(keyOf(oauth));
  }
}

interface OAuth {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

function oauthOf(conn: ChannelConnection): OAuth | null {
  const { token_url, client_id } = settingsOf(conn);
  const clientSecret = conn.secrets.client_secret;
  if (!token_url || !client_id || !clientSecret) return null;
  return { tokenUrl: token_url, clientId: client_id, clientSecret };
}

const keyOf = (o: OAuth) =>
  createHash('sha256').update(`${o.tokenUrl}\n${o.clientId}\n${o.clientSecret}`).digest('base64url');

/**
 * RFC 6749 section 4.4 with the client's credentials in the form body (client_secret_post), which the
 * identity servers PAs run (Keycloak, API gateways) take.
 */
async function fetchToken(conn: ChannelConnection, o: OAuth): Promise<Cached> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: o.clientId,
    client_secret: o.clientSecret,
  });
  const issuedAt = conn.now().getTime();
  const response = await reach(conn, o.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: body.toString(),
  });
  if (!response.ok) throw await errorOf(response, 'the token endpoint');
  const text = await bodyText(response, 'the token endpoint');
  let answer: { access_token?: unknown; expires_in?: unknown } | null;
  try {
    answer = JSON.parse(text) as { access_token?: unknown; expires_in?: unknown } | null;
  } catch {
    answer = null;
  }
  if (typeof answer?.access_token !== 'string' || answer.access_token === '')
    throw new ChannelError('The token endpoint answered no access_token', false);
  const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in : Number(answer.expires_in);
  const seconds = Number.isFinite(lifetime) && lifetime > 0 ? lifetime : DEFAULT_LIFETIME_S;
  return { token: answer.access_token, expiresAt: issuedAt + seconds * 1000 };
}
