// One request to Storecove's API and the one reading of its failures: what the core retries (the provider
// down, rate limited, 5xx, unreachable) and what it does not (a refused key, a refused document).
import { type ChannelConnection, ChannelError, type RawReceipt } from '../../delivery-channel';
import type { OutboundInit } from '../../outbound';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The answer unchanged, for the receipt it may become. */
  raw: RawReceipt;
}

export interface Credentials {
  apiKey: string;
  legalEntityId: number;
  schemeOverrides: Record<string, string>;
}

/** The account's key and settings; a missing one is the account's to fix, never retried. */
export function credentials(conn: ChannelConnection): Credentials {
  const apiKey = conn.secrets.api_key?.trim();
  if (!apiKey)
    throw new ChannelError('Storecove: the connection has no api_key', false, {
      reason: 'connection_incomplete',
    });
  const id = conn.settings.legal_entity_id;
  const legalEntityId = typeof id === 'string' && /^[0-9]+$/.test(id) ? Number(id) : id;
  if (typeof legalEntityId !== 'number' || !Number.isSafeInteger(legalEntityId) || legalEntityId < 1)
    throw new ChannelError('Storecove: the connection has no legal_entity_id (a positive integer)', false, {
      reason: 'connection_incomplete',
    });
  const overrides = conn.settings.scheme_overrides;
  const schemeOverrides: Record<string, string> = {};
  if (overrides && typeof overrides === 'object')
    for (const [icd, name] of Object.entries(overrides))
      if (typeof name === 'string') schemeOverrides[icd] = name;
  return { apiKey, legalEntityId, schemeOverrides };
}

/**
 * Calls `path` (below the base URL) with the bearer key; a network failure is a transient ChannelError, as
 * is an answer larger than the connection reads (`maxAnswerBytes`: the received documents' reads say more).
 */
export async function request(
  conn: ChannelConnection,
  method: string,
  path: string,
  body?: unknown,
  options: { maxAnswerBytes?: number } = {},
): Promise<Answer> {
  const apiKey = conn.secrets.api_key?.trim() ?? '';
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const url = `${conn.baseUrl.replace(/\/+$/, '')}${path}`;
  try {
    const init: OutboundInit = {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      ...options,
    };
    const response = await conn.fetch(url, init);
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    return { status: response.status, headers: response.headers, text, raw: { contentType, body: text } };
  } catch (error) {
    // The connection's own refusals (a host outside OUTBOUND_HOSTS) are already ChannelErrors.
    if (error instanceof ChannelError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new ChannelError(`Storecove could not be reached (${method} ${path}): ${why}`, true);
  }
}

/** The answer's JSON, or null when it has none. */
export function json(answer: Answer): unknown {
  try {
    return answer.text ? JSON.parse(answer.text) : null;
  } catch {
    return null;
  }
}

/** A failed answer as the error the core acts on; `what` says what we were doing, for people. */
export function failure(answer: Answer, what: string, now: Date): ChannelError {
  const { status, raw } = answer;
  if (status === 408 || status === 429 || status >= 500) {
    const retryAfterSeconds = retryAfter(answer.headers.get('retry-after'), now);
    return new ChannelError(`${what}: Storecove answered ${status}, to be tried again`, true, {
      status,
      raw,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (status === 401 || status === 403)
    return new ChannelError(
      `${what}: Storecove refused the API key (${status}); check the key and that it may act for the legal entity`,
      false,
      { status, raw },
    );
  return new ChannelError(`${what}: Storecove answered ${status}: ${providerMessage(answer.text)}`, false, {
    status,
    raw,
  });
}

/** Storecove's words: its 422 is a list of `{source, details}`; anything else is shown as sent, shortened. */
export function providerMessage(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.trim().slice(0, 500) || 'no details';
  }
  const items = Array.isArray(body) ? body : [body];
  const parts = items.map((item) => {
    if (!item || typeof item !== 'object') return String(item);
    const { source, details, message, error } = item as Record<string, unknown>;
    const said = [details, message, error].find((value) => typeof value === 'string');
    if (typeof said === 'string') return typeof source === 'string' && source ? `${source}: ${said}` : said;
    return writtenBack(item);
  });
  return parts.join('; ').slice(0, 500) || 'no details';
}

/**
 * A part of an answer as JSON text again. JSON.parse reads nesting far deeper than JSON.stringify can write
 * back (its stack ends first: a RangeError, which would be no ChannelError and a 500): such a part is named,
 * not written.
 */
export function writtenBack(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return '(a part nested too deep to show)';
  }
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfter(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^[0-9]+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
