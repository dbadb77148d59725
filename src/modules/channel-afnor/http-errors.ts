// How a PA's answers become ChannelErrors: 408, 429 and 5xx (and no answer at all) are transient, with the
// platform's Retry-After; any other refusal is permanent and says the platform's errorCode and errorMessage
// (XP Z12-013's Error object).
import type { ChannelConnection } from '../../delivery-channel';
import { ChannelError } from '../../delivery-channel';
import type { OutboundInit } from '../../outbound';

/**
 * The platform's Error body, as far as it is one: XP Z12-013's `errorCode`/`errorMessage`/`details`, and the
 * shapes the gateways and identity servers in front of a platform answer with: an RFC 9457 problem
 * (`title`, `detail`), a plain `message`, and an OAuth2 token error (RFC 6749 section 5.2: `error`,
 * `error_description`).
 */
export interface PaError {
  errorCode?: string;
  errorMessage?: string;
  details?: string;
}

/** What the body says, for people: `code: message`, or '' when it says nothing readable. */
export function statedOf(error: PaError | null): string {
  return [error?.errorCode, error?.errorMessage ?? error?.details].filter(Boolean).join(': ');
}

/** `conn.fetch`, with a network failure (an adapter's own fetch in tests) made a transient ChannelError. */
export async function reach(conn: ChannelConnection, url: string, init: OutboundInit): Promise<Response> {
  try {
    return await conn.fetch(url, init);
  } catch (error) {
    if (error instanceof ChannelError) throw error;
    throw new ChannelError(`${hostOf(url)} did not answer: ${(error as Error).message}`, true);
  }
}

/**
 * The answer's body as text. Reading it may fail (the connection dropped, the answer larger than the
 * connection reads: src/outbound.ts): that is the platform's passing trouble, a transient ChannelError.
 */
export async function bodyText(response: Response, what: string): Promise<string> {
  return new TextDecoder().decode(await bodyBytes(response, what));
}

export async function bodyBytes(response: Response, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof ChannelError) throw error;
    throw new ChannelError(`${what}'s answer could not be read: ${(error as Error).message}`, true, {
      status: response.status,
    });
  }
}

/** The answer's JSON; an answer that cannot be read or is no JSON is transient (asked again later). */
export async function bodyJson(response: Response, what: string): Promise<unknown> {
  const text = await bodyText(response, what);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ChannelError(`${what} answered ${response.status} with no JSON it could read`, true, {
      status: response.status,
      raw: { contentType: response.headers.get('content-type') ?? 'text/plain', body: text },
    });
  }
}

export async function errorOf(response: Response, what: string): Promise<ChannelError> {
  const body = await bodyText(response, what).catch(() => '');
  const transient = response.status === 408 || response.status === 429 || response.status >= 500;
  const said = paErrorOf(body);
  const stated = statedOf(said);
  // A refused key (401, 403) is the account's to fix, said as such, not only as a status.
  const refused = response.status === 401 || response.status === 403;
  const message = `${what} answered ${response.status}${stated ? ` (${stated})` : ''}${
    refused
      ? ': the platform refused the credentials; check the client ID and client secret (or the API token) and that they may act for this company'
      : ''
  }`;
  return new ChannelError(message, transient, {
    status: response.status,
    retryAfterSeconds: retryAfterOf(response.headers.get('retry-after'), Date.now()),
    raw: { contentType: response.headers.get('content-type') ?? 'text/plain', body },
  });
}

export function paErrorOf(body: string): PaError | null {
  try {
    const value = JSON.parse(body) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      const str = (...keys: string[]) => {
        for (const key of keys) if (typeof v[key] === 'string' && v[key] !== '') return v[key] as string;
        return undefined;
      };
      return {
        errorCode: str('errorCode', 'error', 'title'),
        errorMessage: str('errorMessage', 'error_description', 'message', 'detail'),
        details: str('details'),
      };
    }
  } catch {}
  return null;
}

/** Retry-After in seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterOf(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
