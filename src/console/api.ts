// The console's only way to the service: the public /api/v1, same-origin. Signed in with email and password,
// the browser sends the service's HttpOnly session cookie (and Origin on writes); signed in with an API key,
// the key goes in a header (never in a URL, so it stays out of logs, history and referrers) and no cookie.
import type { ApiPaths } from './api-paths';
import type { Pagination } from './api-types';
import { currentKey } from './session';

export type Method = keyof ApiPaths;
/** A path the API serves for `M` (from its OpenAPI document), with a query string or without. */
export type PathFor<M extends Method> = ApiPaths[M] | `${ApiPaths[M]}?${string}`;

export interface FieldProblem {
  loc: string;
  msg: string;
}

/** An error answer of the API, in its envelope: status, code, message and any field problems. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldProblem[] = [],
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The problems of one field, by its path below `body.` (`name`, `data.line_items.0.quantity`). */
  fieldMessage(path: string): string | undefined {
    const found = this.fields.filter((f) => f.loc === `body.${path}` || f.loc === path);
    return found.length > 0 ? found.map((f) => f.msg).join('; ') : undefined;
  }
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

type Query = Record<string, string | number | undefined | null>;

export function withQuery<P extends string>(path: P, query: Query = {}): P | `${P}?${string}` {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

interface RequestOptions {
  key?: string;
  accept?: string;
  body?: unknown;
  raw?: BodyInit;
  contentType?: string;
  /** The name of the file sent as `raw` (Content-Disposition), for a service that keeps it. */
  fileName?: string;
  /** Never wait and retry a 429 (a sign-in locked after wrong passwords says how long itself). */
  once?: boolean;
  /** Acts in this account (another the user reaches) for this request only; the tab's own stays as it is. */
  account?: string;
}

/**
 * Paces requests under the account's rate limit (X-RateLimit-Limit, per second): a screen that loads several
 * lists at once waits a moment instead of being refused. A token bucket slower and smaller than the
 * service's, kept no fuller than the service says it is (X-RateLimit-Remaining: other clients of the account
 * use the same allowance) and carried across page loads, so a reload does not start with a full bucket the
 * service has already spent.
 */
const PACE = 'invoice-console.pace';

const pacer = {
  perSecond: 5,
  tokens: 1,
  updated: Date.now(),
  rate() {
    return Math.max(1, this.perSecond * 0.8);
  },
  capacity() {
    return Math.max(1, this.perSecond - 2);
  },
  restore(): void {
    try {
      const kept = JSON.parse(sessionStorage.getItem(PACE) ?? 'null') as {
        perSecond: number;
        tokens: number;
        at: number;
      } | null;
      if (kept) Object.assign(this, { perSecond: kept.perSecond, tokens: kept.tokens, updated: kept.at });
    } catch {
      // nothing kept: start with one request's worth
    }
  },
  refill(): void {
    const now = Date.now();
    this.tokens = Math.min(this.capacity(), this.tokens + ((now - this.updated) / 1000) * this.rate());
    this.updated = now;
  },
  keep(): void {
    sessionStorage.setItem(
      PACE,
      JSON.stringify({ perSecond: this.perSecond, tokens: this.tokens, at: this.updated }),
    );
  },
  async slot(): Promise<void> {
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        this.keep();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, ((1 - this.tokens) / this.rate()) * 1000 + 5));
    }
  },
  learn(response: Response): void {
    const limit = Number(response.headers.get('x-ratelimit-limit'));
    if (Number.isInteger(limit) && limit > 0) this.perSecond = limit;
    const remaining = Number(response.headers.get('x-ratelimit-remaining') ?? Number.NaN);
    if (Number.isFinite(remaining)) {
      this.refill();
      this.tokens = Math.min(this.tokens, Math.max(0, remaining - 1));
      this.keep();
    }
  },
};
pacer.restore();

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * The account this tab shows (from /auth/me), sent as `Account` on every request: a tab showing one client
 * never writes into another after a second tab switched the session's account (docs/office.md). Kept in
 * memory only, per tab; a fresh load asks /auth/me without it and shows the session's account.
 */
let actingAccount: string | null = null;
let accountLost: (() => void) | null = null;

export function actInAccount(accountId: string | null): void {
  actingAccount = accountId;
}

/** Called when the service says the user no longer reaches the account this tab shows (left, removed). */
export function onAccountLost(listener: (() => void) | null): void {
  accountLost = listener;
}

const NOT_REACHED = /not a member of account/i;

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  const key = options.key ?? currentKey();
  if (key) headers.authorization = `Bearer ${key}`;
  const account = options.account ?? actingAccount;
  if (account) headers.account = account;
  let body: BodyInit | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType) headers['content-type'] = options.contentType;
    if (options.fileName)
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(options.fileName)}`;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  for (let attempt = 1; ; attempt++) {
    await pacer.slot();
    let response: Response;
    try {
      response = await fetch(`/api/v1${path}`, {
        method,
        headers,
        body,
        credentials: key ? 'omit' : 'same-origin',
        cache: 'no-store',
      });
    } catch {
      throw new ApiError(0, 'network', 'The service cannot be reached. Is it running?');
    }
    pacer.learn(response);
    // Refused for the rate (another client of the account used the allowance): wait as told, try again.
    const retryAfter = Number(response.headers.get('retry-after') ?? '1');
    if (response.status === 429 && attempt < 4 && !options.once) {
      const error = await errorOf(response.clone());
      if (error.code === 'rate_limited') {
        await wait(Math.min(5, retryAfter || 1));
        continue;
      }
    }
    if (!response.ok) {
      const error = await errorOf(response);
      // Only for the account this tab shows (a switch to another one the user lost says so for that one).
      const named = error.details.account_id ?? account;
      if (
        account &&
        account === actingAccount &&
        error.status === 403 &&
        NOT_REACHED.test(error.message) &&
        named === account
      )
        accountLost?.();
      throw error;
    }
    return response;
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; details?: Record<string, unknown> };
    };
    const error = body.error ?? {};
    const details = error.details ?? {};
    const fields = Array.isArray(details.fields) ? (details.fields as FieldProblem[]) : [];
    return new ApiError(
      response.status,
      error.code ?? 'error',
      error.message ?? response.statusText,
      fields,
      details,
    );
  } catch {
    return new ApiError(response.status, 'error', response.statusText || `HTTP ${response.status}`);
  }
}

/** A JSON call; answers the whole body (`{data, pagination?}`), or null for a 204. */
export async function call<T = unknown, M extends Method = Method>(
  method: M,
  path: PathFor<M>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}

/**
 * A JSON call that also answers the response's status, for a route whose 2xx codes differ in meaning (an
 * upload answers 201 for a new document, 200 for the one it had of the same bytes).
 */
export async function callWithStatus<T = unknown, M extends Method = Method>(
  method: M,
  path: PathFor<M>,
  options: RequestOptions = {},
): Promise<{ status: number; body: T }> {
  const response = await send(method, path, options);
  return {
    status: response.status,
    body: response.status === 204 ? (null as T) : ((await response.json()) as T),
  };
}

export const get = async <T>(path: ApiPaths['GET'], query?: Query, key?: string) =>
  (await call<{ data: T }, 'GET'>('GET', withQuery(path, query), { key })).data;
export const list = <T>(path: ApiPaths['GET'], query?: Query) =>
  call<Page<T>, 'GET'>('GET', withQuery(path, query));
/** A read in another account the user reaches (by its `Account` header), the tab acting where it acts. */
export const getIn = async <T>(account: string, path: ApiPaths['GET'], query?: Query) =>
  (await call<{ data: T }, 'GET'>('GET', withQuery(path, query), { account })).data;
export const listIn = <T>(account: string, path: ApiPaths['GET'], query?: Query) =>
  call<Page<T>, 'GET'>('GET', withQuery(path, query), { account });
export const post = async <T>(path: ApiPaths['POST'], body?: unknown) =>
  (await call<{ data: T }, 'POST'>('POST', path, { body: body ?? {} })).data;
export const put = async <T>(path: ApiPaths['PUT'], body: unknown) =>
  (await call<{ data: T }, 'PUT'>('PUT', path, { body })).data;
export const patch = async <T>(path: ApiPaths['PATCH'], body: unknown) =>
  (await call<{ data: T }, 'PATCH'>('PATCH', path, { body })).data;
export const remove = (path: ApiPaths['DELETE']) => call<unknown, 'DELETE'>('DELETE', path);

/** A binary answer (a PDF, XML, a ZIP) as a Blob. */
export async function blob<M extends Method>(
  method: M,
  path: PathFor<M>,
  options: RequestOptions = {},
): Promise<Blob> {
  return (await blobWithHeaders(method, path, options)).blob;
}

/** A file and the answer's headers (a DATEV file says how many bookings it left out: X-Datev-Left-Out). */
export async function blobWithHeaders<M extends Method>(
  method: M,
  path: PathFor<M>,
  options: RequestOptions = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(method, path, options);
  return { blob: await response.blob(), headers: response.headers };
}

/** Uploads one file as multipart `file`. */
export async function upload<T>(path: ApiPaths['POST'], file: File): Promise<T> {
  const form = new FormData();
  form.set('file', file);
  return (await call<{ data: T }>('POST', path, { raw: form })).data;
}
