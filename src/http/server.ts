// The front door around the Elysia app: request ids, bodies read under their caps, NULs and lone surrogates
// refused, the last-resort 500.
import type { Server } from 'bun';
import { isStorageFull } from '../db/errors';
import { DomainError, notFound, validationError } from '../shared/errors';
import { withinList } from '../shared/pagination';
import { authenticate, type Principal, rememberPrincipal } from './auth';
import { BAD_TEXT_MESSAGES, type BadText, MAX_JSON_DEPTH, prepareBody } from './body';
import { domainErrorResponse, errorResponse } from './envelope';
import {
  outageResponse,
  refusedForRequest,
  refusedValueResponse,
  storageFullResponse,
} from './error-handler';
import { IdempotencyStore } from './idempotency';
import { type HttpApp, type IdempotentDeps, idempotentHandler } from './idempotent-request';
import './email-format'; // the `email` format with internationalized domains (before any request is checked)
import './date-format'; // the `date` format: a day of the calendar
import { assignRequestMeta, carryRequestMeta } from './request-context';

export interface ServerDeps extends IdempotentDeps {
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

/** `path` or `query.<name>` when the URL carries an encoded NUL (`%00`), else null. */
/**
 * A path whose percent-encoding cannot be decoded (`/customers/%ZZ`, a lone `%`, `%C3` cut short): the
 * router could not read its parameters and answered a 422 "params.id Expected string" for a request that
 * is malformed (SPEC 7's 400).
 */
function malformedPath(url: string): boolean {
  // Every request passes here: the URL is parsed only when it holds an escape at all.
  if (!url.includes('%')) return false;
  const path = new URL(url).pathname;
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

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

/** The request's headers without those that announce a body. */
function withoutBody(request: Request): Headers {
  const headers = new Headers(request.headers);
  for (const name of ['content-length', 'content-type', 'transfer-encoding']) headers.delete(name);
  return headers;
}

/**
 * The server's front door, around the Elysia app: gives every request its id, refuses oversized bodies
 * before reading them, replays `Idempotency-Key` writes, stamps `X-Trace-Id`, and turns anything that
 * still escapes into the 500 envelope.
 */
export async function createFetchHandler(app: HttpApp, deps: ServerDeps) {
  const idempotency = new IdempotencyStore(deps.db, deps.clock, deps.signingSecret);
  const isPublicWrite = publicWriteMatcher(deps.publicWrites);
  const sealed = await idempotency.sealStoredAnswers();
  if (sealed > 0) deps.logger.info('sealed stored idempotent answers', { count: sealed });
  const idempotent = idempotentHandler(app, deps, idempotency);

  async function route(original: Request, requestId: string): Promise<Response> {
    if (malformedPath(original.url)) {
      return errorResponse('bad_request', 'The path holds a malformed percent-encoding', requestId);
    }
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
    if (prepared.kind === 'nul_character' || prepared.kind === 'not_unicode') {
      return badTextResponse(prepared.kind, prepared.loc, requestId);
    }
    const nulInUrl = nulCharacterInUrl(original.url);
    if (nulInUrl !== null) return badTextResponse('nul_character', nulInUrl, requestId);
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

  function badTextResponse(kind: BadText, loc: string, requestId: string): Response {
    if (loc === 'path') return domainErrorResponse(notFound('Resource'), requestId);
    const field = { loc, msg: BAD_TEXT_MESSAGES[kind], type: 'value_error' };
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
      } else if (refusedForRequest(error, request)) {
        response = refusedValueResponse(deps.logger, meta.id, error);
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
