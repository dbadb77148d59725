// A write carrying an Idempotency-Key: counted, claimed under a renewed lease, answered once and replayed after.
import type { Db } from '../db/client';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { authenticate, type Credentials, type Principal, rememberPrincipal, takeRateLimit } from './auth';
import { errorResponse } from './envelope';
import {
  IDEMPOTENCY_LEASE_MS,
  type IdempotencyScope,
  type IdempotencyStore,
  requestFingerprint,
} from './idempotency';
import type { RateLimiter } from './rate-limit';

export interface HttpApp {
  handle(request: Request): Promise<Response>;
}

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

export interface IdempotentDeps {
  db: Db;
  /** Whose Idempotency-Key a request presents: answers are stored per account and member. */
  credentials: Credentials;
  /** The accounts' rate limit: a write with an Idempotency-Key is counted at the door, its replay too. */
  rateLimiter: RateLimiter;
  clock: Clock;
  logger: Logger;
}

/** The front door's handler of a write with an `Idempotency-Key`, over `idempotency`'s stored claims and answers. */
export function idempotentHandler(app: HttpApp, deps: IdempotentDeps, idempotency: IdempotencyStore) {
  return async function idempotent(
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
  };
}
