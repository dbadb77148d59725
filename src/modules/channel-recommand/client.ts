// One authenticated call to Recommand's API and what its answers mean (docs/channel-recommand.md).
// Recommand answers `{ success: true, ...fields }` or `{ success: false, errors: { field: [messages] } }`
// (its `actionSuccess`/`actionFailure`); a refusal's words are the errors' messages, kept for the person
// who reads the failed delivery.
import { type ChannelConnection, ChannelError, type RawReceipt } from '../../delivery-channel';
import { MAX_DOCUMENT_ANSWER_BYTES, type OutboundInit } from '../../outbound';

/** The provider's production API; the paths below are under it (`/v1/...`). */
export const RECOMMAND_BASE_URL = 'https://app.recommand.eu/api';

/** The reads whose answers carry documents (one with its XML, a page of them, the inbox): read further. */
export const PAGE = { maxAnswerBytes: MAX_DOCUMENT_ANSWER_BYTES };

export interface RecommandAnswer {
  status: number;
  /** The parsed JSON body, or null when it was none. */
  json: Record<string, unknown> | null;
  raw: RawReceipt;
  headers: Headers;
}

/** The company the account sends as: `settings.company_id`, required by the settings schema. */
export function companyOf(conn: ChannelConnection): string {
  const id = conn.settings.company_id;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new ChannelError('The Recommand connection names no company (settings.company_id)', false, {
      reason: 'connection_incomplete',
    });
  }
  return id.trim();
}

function authorization(conn: ChannelConnection): string {
  const key = conn.secrets.api_key;
  const secret = conn.secrets.api_secret;
  if (!key || !secret)
    throw new ChannelError('The Recommand connection lacks its API key or secret', false, {
      reason: 'connection_incomplete',
    });
  return `Basic ${Buffer.from(`${key}:${secret}`, 'utf8').toString('base64')}`;
}

/**
 * Calls `path` (`/v1/...`, with its query) and answers whatever status came back: the caller decides what
 * a 404 means. Only the network failing is thrown here, as transient (the provider down, a timeout); a
 * ChannelError from `conn.fetch` itself (a host outside OUTBOUND_HOSTS, an answer larger than it reads:
 * `maxAnswerBytes`, more for documents and pages of them) is passed on as it is.
 */
export async function call(
  conn: ChannelConnection,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: { maxAnswerBytes?: number } = {},
): Promise<RecommandAnswer> {
  const headers: Record<string, string> = { authorization: authorization(conn), accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    const init: OutboundInit = {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      ...options,
    };
    response = await conn.fetch(`${conn.baseUrl.replace(/\/+$/, '')}${path}`, init);
    text = await response.text();
  } catch (error) {
    if (error instanceof ChannelError) throw error;
    throw new ChannelError(`Recommand could not be reached: ${(error as Error).message}`, true);
  }
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      json = parsed as Record<string, unknown>;
  } catch {
    // A proxy's HTML error page: kept as the raw receipt, judged by its status alone.
  }
  return { status: response.status, json, raw: { contentType, body: text }, headers: response.headers };
}

/** Answers a 2xx's body; throws the ChannelError any other status stands for. */
export function expectOk(answer: RecommandAnswer, what: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300 && answer.json !== null) return answer.json;
  throw failure(answer, what);
}

/**
 * What a refusal means: 408, 429 and 5xx (and a 2xx without JSON, a proxy's page) are the provider's passing
 * trouble, tried again later (its Retry-After honoured); every other status is the request's own fault and
 * stays so however often it is repeated: 400 a document Recommand's validation refused, 422 a recipient
 * it could not reach over Peppol, 401/403 credentials refused.
 */
export function failure(answer: RecommandAnswer, what: string): ChannelError {
  const { status, raw } = answer;
  const said = messageOf(answer.json);
  // 408: the request took too long for Recommand's side (or a proxy's): as a timeout of ours, worth
  // another try (Storecove's and the French platforms' 408 are transient too).
  const transient = status === 408 || status === 429 || status >= 500 || (status >= 200 && status < 300);
  const retryAfterSeconds = retryAfter(answer.headers.get('retry-after'));
  let message: string;
  if (status === 401 || status === 403) message = `Recommand refused the API key and secret (${status})`;
  else if (status === 429) message = `Recommand is rate limiting ${what} (429)`;
  else if (status === 408) message = `Recommand timed out on ${what} (408), to be tried again`;
  else if (status >= 500) message = `Recommand failed on ${what} (${status})${said ? `: ${said}` : ''}`;
  else if (status >= 200 && status < 300) message = `Recommand answered ${what} without JSON (${status})`;
  else message = `Recommand refused ${what} (${status})${said ? `: ${said}` : ''}`;
  return new ChannelError(message, transient, {
    status,
    raw,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    // A 2xx that is no JSON is a web page or a proxy's: not (or not only) Recommand's API answering.
    ...(status >= 200 && status < 300 ? { reason: 'not_provider_api' as const } : {}),
  });
}

/** `errors: { root: ["..."], "cbc:ID": ["BR-02: ..."] }` as one line; a bare string too. */
function messageOf(json: Record<string, unknown> | null): string {
  const errors = json?.errors ?? json?.error ?? json?.message;
  if (typeof errors === 'string') return errors;
  if (errors === null || typeof errors !== 'object') return '';
  const parts: string[] = [];
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    for (const message of list) parts.push(field === 'root' ? message : `${field}: ${message}`);
  }
  return parts.join('; ').slice(0, 2000);
}

/** Retry-After as seconds: a number of seconds or an HTTP date (RFC 9110); undefined when absent or bad. */
export function retryAfter(header: string | null, now: Date = new Date()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** A Peppol address as Recommand writes it (`0208:0123456789`) and back. */
export const addressOf = (p: { scheme: string; value: string }): string => `${p.scheme}:${p.value}`;

export function participantOf(address: unknown): { scheme: string; value: string } | null {
  if (typeof address !== 'string') return null;
  const plain = address.startsWith('iso6523-actorid-upis::') ? address.slice(22) : address;
  const colon = plain.indexOf(':');
  if (colon <= 0 || colon === plain.length - 1) return null;
  return { scheme: plain.slice(0, colon), value: plain.slice(colon + 1) };
}

/** A query string of the defined values. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
