import type { Server } from 'bun';
import type { Db } from '../db/client';
import { isStorageFull } from '../db/errors';
import type { Clock } from '../shared/clock';
import { within } from '../shared/deadline';
import { DomainError, notFound, validationError } from '../shared/errors';
import type { Logger } from '../shared/logger';
import { withinList } from '../shared/pagination';
import { authenticate, type Credentials, type Principal, rememberPrincipal, takeRateLimit } from './auth';
import { MAX_JSON_DEPTH, prepareBody } from './body';
import { domainErrorResponse, errorResponse } from './envelope';
import { outageResponse, storageFullResponse } from './error-handler';
import {
  IDEMPOTENCY_LEASE_MS,
  type IdempotencyScope,
  IdempotencyStore,
  requestFingerprint,
} from './idempotency';
import './email-format'; // the `email` format with internationalized domains (before any request is checked)
import './date-format'; // the `date` format: a day of the calendar
import type { RateLimiter } from './rate-limit';
import { assignRequestMeta, carryRequestMeta } from './request-context';

export interface HttpApp {
  handle(request: Request): Promise<Response>;
}

export interface ServerDeps {
  db: Db;
  /** Whose Idempotency-Key a request presents: answers are stored per account and member. */
  credentials: Credentials;
  /** The accounts' rate limit: a write with an Idempotency-Key is counted at the door, its replay too. */
  rateLimiter: RateLimiter;
  clock: Clock;
  logger: Logger;
  maxBodyBytes: number;
  /** Seals stored Idempotency-Key answers (the signing secret: it is never in the database). */
  signingSecret: string;
  /** The write routes open to anyone (`METHOD /path/:param`, access rule `public`): read before authenticating. */
  publicWrites: readonly string[];
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every answer's own headers: its trace id, and `nosniff`, so no browser takes an answer (an error quoting
 * a caller's text, an uploaded file's name, a received XML) for another type than it declares.
 */
function stamp(headers: Headers, requestId: string): void {
  headers.set('X-Trace-Id', requestId);
  if (!headers.has('X-Content-Type-Options')) headers.set('X-Content-Type-Options', 'nosniff');
}

function withTraceId(response: Response, requestId: string): Response {
  try {
    stamp(response.headers, requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    stamp(copy.headers, requestId);
    return copy;
  }
}

/**
 * The server's front door, around the Elysia app: gives every request its id, refuses oversized bodies
 * before reading them, replays `Idempotency-Key` writes, stamps `X-Trace-Id`, and turns anything that
 * still escapes into the 500 envelope.
 */
/** `path` or `query.<name>` when the URL carries an encoded NUL (`%00`), else null. */
function nulCharacterInUrl(url: string): string | null {
  if (!/%00/i.test(url)) return null;
  const parsed = new URL(url);
  if (/%00/i.test(parsed.pathname)) return 'path';
  for (const [name, value] of parsed.searchParams) {
    if (name.includes('\u0000') || value.includes('\u0000')) return `query.${name.replaceAll('\u0000', '')}`;
  }
  return null;
}

/**
 * The writes anyone may send without a key or a session cookie: the routes whose access rule is `public`
 * (signing in and out, accepting a one-time link, the providers' webhooks: a token in the path, a
 * signature), given as `METHOD /path/:param`. Any number of slashes and any case, as the router might take
 * them; every other write is authenticated before its body is read (a form not matched only refuses it).
 */
function publicWriteMatcher(routes: readonly string[]): (method: string, url: string) => boolean {
  const patterns = routes.map((route) => {
    const [method = '', path = ''] = route.split(' ');
    const segments = path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return { method, regex: new RegExp(`^/+${segments.join('/+')}/*$`, 'i') };
  });
  return (method, url) => {
    const path = new URL(url).pathname;
    return patterns.some((p) => p.method === method && p.regex.test(path));
  };
}

/**
 * The most a public write's body may hold: sign-in, a link's acceptance and the providers' callbacks are a
 * few hundred bytes (a Stripe event a few KiB); past it a 413, before more is read.
 */
export const PUBLIC_BODY_BYTES = 1024 * 1024;

/**
 * The Retry-After of a 409 `in_progress` (the key's first request still running): a retry after it finds
 * the answer stored, or the request still running (or, had its process died, the key free after the
 * lease, IDEMPOTENCY_LEASE_MS).
 */
export const IN_PROGRESS_RETRY_SECONDS = 1;

/** `response` with `headers` added (a stored answer's headers are its own copy). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** The request's headers without those that announce a body. */
function withoutBody(request: Request): Headers {
  const headers = new Headers(request.headers);
  for (const name of ['content-length', 'content-type', 'transfer-encoding']) headers.delete(name);
  return headers;
}

export async function createFetchHandler(app: HttpApp, deps: ServerDeps) {
  const idempotency = new IdempotencyStore(deps.db, deps.clock, deps.signingSecret);
  const isPublicWrite = publicWriteMatcher(deps.publicWrites);
  const sealed = await idempotency.sealStoredAnswers();
  if (sealed > 0) deps.logger.info('sealed stored idempotent answers', { count: sealed });

  async function idempotent(
    request: Request,
    requestBody: string,
    key: string,
    requestId: string,
    known: Principal | null,
  ): Promise<Response> {
    if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
      return errorResponse(
        'bad_request',
        'Idempotency-Key must be 1-255 visible ASCII characters',
        requestId,
      );
    }
    let scope: IdempotencyScope;
    let principal: Principal;
    try {
      principal =
        known ?? (await authenticate(deps.credentials, { db: deps.db, clock: deps.clock }, request.headers));
      scope = { accountId: principal.accountId, memberId: principal.member?.id ?? null };
    } catch {
      return app.handle(request); // the app answers 401/403 in its own words
    }
    // Counted here, before the key is looked at: a replay or a 409 counts against the rate as any request
    // does (a 429 over it, thrown to the envelope with Retry-After) and carries its X-RateLimit-* headers.
    // The app's auth takes this principal and this count: one key lookup and one count per request.
    const rateHeaders = await takeRateLimit(deps.rateLimiter, principal);
    rememberPrincipal(request, principal, rateHeaders);
    const fingerprint = requestFingerprint(request.method, request.url, requestBody);
    const outcome = await idempotency.claim(scope, key, fingerprint);
    if (outcome.kind === 'replay') return withHeaders(outcome.response, rateHeaders);
    if (outcome.kind === 'mismatch') {
      return errorResponse(
        'conflict',
        'Idempotency-Key was already used with a different request',
        requestId,
        { reason: 'key_reused' },
        rateHeaders,
      );
    }
    if (outcome.kind === 'unreadable') {
      const message =
        'The answer stored for this Idempotency-Key can no longer be read (the signing secret changed); retry with a new key';
      return errorResponse('conflict', message, requestId, { reason: 'answer_unreadable' }, rateHeaders);
    }
    if (outcome.kind === 'in_progress') {
      return errorResponse(
        'conflict',
        'A request with this Idempotency-Key is still in progress; retry after Retry-After seconds',
        requestId,
        { reason: 'in_progress', retry_after_seconds: IN_PROGRESS_RETRY_SECONDS },
        { ...rateHeaders, 'Retry-After': String(IN_PROGRESS_RETRY_SECONDS) },
      );
    }
    // The claim is a lease, renewed while this request runs: a process that dies mid-request stops
    // renewing, and a retry after the lease takes the key over instead of a 409 for 24 hours.
    // A renewal that fails (a full disk) is logged, never left unhandled; the lease may then lapse.
    const renewal = setInterval(() => {
      idempotency.renew(scope, key).catch((error) =>
        deps.logger.error('idempotency lease renewal failed', {
          request_id: requestId,
          error: String(error),
        }),
      );
    }, IDEMPOTENCY_LEASE_MS / 3);
    try {
      // A release that fails (the database went away with the request) leaves the claim to lapse with
      // its lease: the request's own answer (a 503) is the one to give, not the release's error.
      const release = () =>
        idempotency.release(scope, key).catch((error) =>
          deps.logger.warn('idempotency key not released; it lapses with its lease', {
            request_id: requestId,
            error: String(error),
          }),
        );
      let response: Response;
      try {
        response = await app.handle(request);
      } catch (error) {
        await release();
        throw error;
      }
      if (response.status >= 500) {
        await release();
        return response;
      }
      const body = new Uint8Array(await response.arrayBuffer());
      try {
        await idempotency.complete(scope, key, response.status, response.headers, body);
      } catch (error) {
        // The work is done and committed: its answer goes to the client, who then has no reason to
        // retry. Answering an error here would invite a retry that, once the claim lapses, does it twice.
        deps.logger.error('idempotency answer not stored; the request was done and is answered', {
          request_id: requestId,
          error: String(error),
        });
      }
      return new Response(body, { status: response.status, headers: response.headers });
    } finally {
      clearInterval(renewal);
    }
  }

  async function route(original: Request, requestId: string): Promise<Response> {
    // Who sends a body is known before it is read: an anonymous caller (or a wrong key) cannot make the
    // service hold MAX_BODY_BYTES per connection. The app then answers the bodiless request in its own
    // words (401, 403, or 404 for no such route).
    let principal: Principal | null = null;
    const open = isPublicWrite(original.method, original.url);
    // No route reads the body of a GET, HEAD, OPTIONS or any other method: it is never read (whoever sends
    // it), the request goes on without it.
    if (!WRITE_METHODS.has(original.method) && original.body !== null) {
      const bodiless = new Request(original.url, { method: original.method, headers: withoutBody(original) });
      carryRequestMeta(original, bodiless);
      return route(bodiless, requestId);
    }
    if (original.body !== null && !open) {
      try {
        principal = await authenticate(
          deps.credentials,
          { db: deps.db, clock: deps.clock },
          original.headers,
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const bodiless = new Request(original.url, {
          method: original.method,
          headers: withoutBody(original),
        });
        carryRequestMeta(original, bodiless);
        return app.handle(bodiless);
      }
    }
    // What anyone may send without a credential is small (an email and a password, a provider's event):
    // no anonymous caller makes the service hold more than PUBLIC_BODY_BYTES per connection.
    const maxBytes = open ? Math.min(PUBLIC_BODY_BYTES, deps.maxBodyBytes) : deps.maxBodyBytes;
    const prepared = await prepareBody(original, maxBytes);
    if (prepared.kind === 'too_large') {
      const message = `Request body exceeds ${maxBytes} bytes`;
      return errorResponse('payload_too_large', message, requestId, { max_bytes: maxBytes });
    }
    if (prepared.kind === 'malformed_json') {
      return errorResponse('bad_request', 'Malformed JSON in request body', requestId);
    }
    if (prepared.kind === 'not_text') return errorResponse('bad_request', prepared.message, requestId);
    if (prepared.kind === 'too_deep') {
      const message = `JSON in the request body is nested deeper than ${MAX_JSON_DEPTH} levels`;
      return errorResponse('bad_request', message, requestId);
    }
    if (prepared.kind === 'nul_character') return nulCharacterResponse(prepared.loc, requestId);
    const nulInUrl = nulCharacterInUrl(original.url);
    if (nulInUrl !== null) return nulCharacterResponse(nulInUrl, requestId);
    const request = prepared.request;
    carryRequestMeta(original, request);
    // The app's auth takes the principal found above: one key lookup per request.
    if (principal !== null) rememberPrincipal(request, principal);
    const key = request.headers.get('idempotency-key');
    if (key !== null && WRITE_METHODS.has(request.method)) {
      return idempotent(request, prepared.identity, key, requestId, principal);
    }
    return app.handle(request);
  }

  function nulCharacterResponse(loc: string, requestId: string): Response {
    if (loc === 'path') return domainErrorResponse(notFound('Resource'), requestId);
    const field = { loc, msg: 'Text must not contain the NUL character (U+0000)', type: 'value_error' };
    return domainErrorResponse(validationError([field]), requestId);
  }

  return async function fetch(request: Request, server?: Server<undefined>): Promise<Response> {
    const meta = assignRequestMeta(request, server?.requestIP(request)?.address ?? null);
    let response: Response;
    try {
      // The list a GET reads names the cursors it issues, and refuses another list's (shared/pagination.ts).
      response = await withinList(request.url, () => route(request, meta.id));
    } catch (error) {
      // The database or store gone away outside a route (the Idempotency-Key's own bookkeeping): a 503.
      const outage = outageResponse(deps.logger, meta.id, error);
      if (outage) {
        response = outage;
      } else if (error instanceof DomainError) {
        response = domainErrorResponse(error, meta.id);
      } else if (isStorageFull(error)) {
        response = storageFullResponse(deps.logger, meta.id);
      } else {
        deps.logger.error('unhandled error', {
          request_id: meta.id,
          error: String((error as Error)?.stack ?? error),
        });
        response = errorResponse('internal_error', 'An unexpected error occurred', meta.id);
      }
    }
    deps.logger.debug('request', {
      request_id: meta.id,
      method: request.method,
      path: loggedPath(request.url),
      status: response.status,
      ms: Math.round((performance.now() - meta.startedAt) * 10) / 10,
    });
    return withTraceId(response, meta.id);
  };
}

/**
 * Paths carrying a secret as a segment: a one-time link's token (`/invitations/{token}` and its `/accept`;
 * an owner's set-up link is valid 7 days) and a channel's webhook token. Any number of slashes and any
 * case: whatever the router might take, the log hides.
 */
const SECRET_IN_PATH = /^(\/+api\/+v1\/+(?:invitations|channels\/+webhooks)\/+)[^/]+/i;

/**
 * The request log's path: the route with its secret replaced by `[token]`. The query string is never
 * logged (a signed download link's `token` rides there).
 */
export function loggedPath(url: string): string {
  return new URL(url).pathname.replace(SECRET_IN_PATH, '$1[token]');
}

export interface RunningServer {
  server: Server<undefined>;
  url: string;
  stop(): Promise<void>;
}

/** How long a stop waits for the requests in progress before it closes their connections (STOP_GRACE_SECONDS). */
const STOP_GRACE_MS = 8_000;

/** How long a request may take before Bun drops its connection (Bun's most; its own limits answer well before). */
const REQUEST_SECONDS = 255;

/**
 * A download (`Content-Disposition: attachment`: an archive, a DATEV file, a batch's ZIP) streams for as long
 * as the client reads it: a year's archive of 20,000 invoices takes minutes, and Bun's limit counts the
 * whole request, so it cut such a download off mid-file at REQUEST_SECONDS (a broken ZIP). Bun's limit is
 * lifted once its answer begins, and a limit of our own counts from the last chunk instead: a download
 * whose client stops reading, or whose making stalls, is closed REQUEST_SECONDS after its last chunk (the
 * stream is errored, which ends the work that fills it).
 */
function streamsAsLongAsRead(response: Response): boolean {
  return (
    response.headers.get('content-disposition')?.trimStart().toLowerCase().startsWith('attachment') ?? false
  );
}

function closedWhenStalled(response: Response, seconds: number): Response {
  if (response.body === null) return response;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (controller: TransformStreamDefaultController<Uint8Array>) => {
    clearTimeout(timer);
    timer = setTimeout(
      () => controller.error(new Error(`no part of the download for ${seconds} s`)),
      seconds * 1000,
    );
    timer.unref?.();
  };
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start: arm,
      transform(chunk, controller) {
        arm(controller);
        controller.enqueue(chunk);
      },
      flush: () => clearTimeout(timer),
      cancel: () => clearTimeout(timer),
    } as Transformer<Uint8Array, Uint8Array>),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export function listen(
  fetch: (request: Request, server?: Server<undefined>) => Promise<Response>,
  options: { port: number; host: string; logger: Logger; requestSeconds?: number; stopGraceMs?: number },
): RunningServer {
  const requestSeconds = options.requestSeconds ?? REQUEST_SECONDS;
  const server = Bun.serve({
    port: options.port,
    hostname: options.host,
    // The front door enforces the real limit with an answer in the envelope; Bun's own limit would
    // answer a bare 413 first, so it is set out of the way.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    // Bun closes a connection idle for 10 s, and a request whose answer is still being computed counts
    // as idle: a first official-rules check on a busy host, or a large one, lost its answer to a reset.
    // Idle keep-alive sockets keep the 10 s; a request in progress gets REQUEST_SECONDS.
    fetch: async (request, running) => {
      running.timeout(request, requestSeconds);
      const response = await fetch(request, running);
      if (!streamsAsLongAsRead(response)) return response;
      running.timeout(request, 0);
      return closedWhenStalled(response, requestSeconds);
    },
    error(error) {
      options.logger.error('server error', { error: String(error.stack ?? error) });
      return errorResponse('internal_error', 'An unexpected error occurred', 'req_unknown');
    },
  });
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${server.port}`;
  return {
    server,
    url,
    // New connections are refused at once; requests in progress get up to the stop's grace to answer (a PDF,
    // a check) before the rest are cut, so a SIGTERM under load drops no answer the service could give.
    stop: async () => {
      await within(server.stop(false), options.stopGraceMs ?? STOP_GRACE_MS, () => undefined);
      await server.stop(true);
    },
  };
}
