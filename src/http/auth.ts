import { Elysia } from 'elysia';
import type { DbOrTx } from '../db/client';
import type { Role } from '../domain/roles';
import type { Clock } from '../shared/clock';
import type { AccountCtx, SystemCtx } from '../shared/context';
import { DomainError } from '../shared/errors';
import type { AccessRules, RouteAccess } from './access';
import { presentedApiKey, presentedSessionToken, requireOwnOrigin } from './credentials';
import type { RateLimiter } from './rate-limit';

/** A workspace member acting through their key or session, with the role they hold now. */
export interface ActingMember {
  id: string;
  workspaceId: string;
  role: Role;
  /** A signed-in user's session acts for them (refusals then name the user, not a key). */
  viaSession?: boolean;
}

export interface Principal {
  accountId: string;
  /** The API key presented; null when a session cookie authenticated the request. */
  keyId: string | null;
  /** The signed-in user's session (cookie) and who they are; null for an API key. */
  session: { id: string; userId: string; email: string; name: string } | null;
  /** Whether the account is an office (docs/office.md): its owners and admins create client accounts. */
  office: boolean;
  planId: string;
  requestsPerSecond: number;
  monthlyRenderQuota: number;
  /** The workspace member the key or user acts for, with its current role; null = account-level key. */
  member: ActingMember | null;
}

export const MISSING_CREDENTIALS =
  'Missing API key or token: send Authorization: Bearer <API_KEY> or X-API-Key';

/**
 * How a presented key or session cookie becomes a principal, and what the principal may do on a route:
 * implemented by modules/auth (API keys, users' sessions, accounts, workspace roles) and handed in by the
 * composition root.
 */
export interface Credentials {
  /**
   * The key's principal; throws 401 (unknown key) or 403 (disabled account, or `account` naming another
   * account than the key's: a key acts in its own account only).
   */
  identify(ctx: SystemCtx, presented: string, account: string | null): Promise<Principal>;
  /**
   * The session's principal in `account` (the request's `Account` header) or else the session's current
   * account; 401 when unknown, expired or ended, 403 when the user does not reach `account`.
   */
  identifySession(ctx: SystemCtx, token: string, account: string | null): Promise<Principal>;
  /** Throws 403 when the key's role may not do this on the route (`access`: the route's rule, if any). */
  enforce(db: DbOrTx, principal: Principal, request: AccessRequest): Promise<void>;
}

export interface AccessRequest {
  method: string;
  /** The route's pattern as the router names it (`/api/v1/documents/:document_id`). */
  route: string;
  params: Record<string, string | undefined>;
  /** The module's rule for this route; undefined on reads (and, fail-closed, on an unruled write). */
  access: RouteAccess | undefined;
}

/**
 * Who a request's key, or else its session cookie, belongs to; throws 401/403 in the spec's words. A key
 * wins over a cookie: a program's request is never taken for the browser's.
 */
export async function authenticate(
  credentials: Credentials,
  ctx: SystemCtx,
  headers: Headers,
): Promise<Principal> {
  // `Account: acc_…` names the account a request acts in (docs/office.md); a key's own account or none.
  const account = headers.get('account')?.trim() || null;
  const presented = presentedApiKey(headers);
  if (presented !== null) return await credentials.identify(ctx, presented, account);
  const session = presentedSessionToken(headers);
  if (session !== null) return await credentials.identifySession(ctx, session, account);
  throw new DomainError('unauthorized', MISSING_CREDENTIALS);
}

// Keyed by the Request object, as request-context.ts keys its ids: the front door authenticates a write
// that carries an Idempotency-Key (its answers are stored per account and member) before the app runs.
const authenticatedAtTheDoor = new WeakMap<Request, AtTheDoor>();

/** What the front door found for a request: its principal, and its rate-limit headers when it counted it. */
export interface AtTheDoor {
  principal: Principal;
  /** The request was counted against the rate limit at the door (an Idempotency-Key): not again. */
  rateHeaders?: Record<string, string>;
}

/**
 * The front door found `request`'s principal (server.ts, for an Idempotency-Key's scope): the `auth`
 * macro takes it instead of looking the key up again. The origin check and the role's access rule still
 * run there, once; so does the rate limit, unless the door counted the request (`rateHeaders`).
 */
export function rememberPrincipal(
  request: Request,
  principal: Principal,
  rateHeaders?: Record<string, string>,
): void {
  authenticatedAtTheDoor.set(request, rateHeaders === undefined ? { principal } : { principal, rateHeaders });
}

/**
 * Counts a request of `principal`'s account against its plan's rate (per account, not per key: keys are
 * free to create, and ten keys must not get ten times the plan's rate). The 429 (`rate_limited`, with
 * Retry-After) is thrown; else the answer's `X-RateLimit-*` headers.
 */
export async function takeRateLimit(
  rateLimiter: RateLimiter,
  principal: Principal,
): Promise<Record<string, string>> {
  const decision = await rateLimiter.take(`account:${principal.accountId}`, principal.requestsPerSecond);
  if (!decision.allowed) {
    throw new DomainError(
      'rate_limited',
      `Rate limit of ${principal.requestsPerSecond} requests per second exceeded`,
      { requests_per_second: principal.requestsPerSecond, retry_after_seconds: decision.retryAfterSeconds },
      {
        'Retry-After': String(decision.retryAfterSeconds),
        'X-RateLimit-Limit': String(principal.requestsPerSecond),
        'X-RateLimit-Remaining': '0',
      },
    );
  }
  return {
    'x-ratelimit-limit': String(principal.requestsPerSecond),
    'x-ratelimit-remaining': String(decision.remaining),
  };
}

/** Account-scoped use-case context for an authenticated request. */
export function accountCtx(base: SystemCtx, principal: Principal): AccountCtx {
  return {
    ...base,
    accountId: principal.accountId,
    actor: principal.session
      ? {
          kind: 'session',
          sessionId: principal.session.id,
          userId: principal.session.userId,
          memberId: principal.member?.id ?? null,
        }
      : { kind: 'api_key', keyId: principal.keyId ?? '', memberId: principal.member?.id ?? null },
  };
}

export interface AuthDeps {
  db: SystemCtx['db'];
  clock: Clock;
  rateLimiter: RateLimiter;
  credentials: Credentials;
  /** PUBLIC_BASE_URL: an origin a cookie-authenticated write may come from besides the request's own. */
  publicBaseUrl?: string | null;
}

/**
 * Authenticates a request and applies its account's rate limit; sets the rate-limit headers on success.
 * Shared by the `auth` macro and routes that accept another credential too (signed downloads). `known`:
 * the principal the front door already found for this request (`rememberPrincipal`).
 */
export async function authorize(
  deps: AuthDeps,
  headers: Headers,
  responseHeaders: Record<string, string | number>,
  known?: AtTheDoor,
) {
  const base: SystemCtx = { db: deps.db, clock: deps.clock };
  const principal = known?.principal ?? (await authenticate(deps.credentials, base, headers));
  const rate = known?.rateHeaders ?? (await takeRateLimit(deps.rateLimiter, principal));
  Object.assign(responseHeaders, rate);
  return { principal, ctx: accountCtx(base, principal) };
}

/**
 * `{ auth: true }` on a route: authenticate, apply the key's rate limit, check what the key's workspace
 * role allows on this route (the module's rule in <module>/access.ts, merged in src/access-rules.ts;
 * docs/roles.md),
 * and put `principal` and an account-scoped `ctx` in the handler's context.
 */
export function authPlugin(deps: AuthDeps, rules: AccessRules) {
  // Authentication runs in `transform`, before body and query validation: a request without a valid key
  // is a 401 (or 429) whatever its body, never a 422 that tells an anonymous caller about the schema.
  const authenticated = new WeakMap<Request, Awaited<ReturnType<typeof authorize>>>();
  return new Elysia({ name: 'auth' }).macro({
    auth: {
      async transform({ request, set }) {
        const authorized = await authorize(
          deps,
          request.headers,
          set.headers as Record<string, string | number>,
          authenticatedAtTheDoor.get(request),
        );
        // A cookie travels with every request the browser makes; a write it authenticates must come from
        // the console's own pages (keys are never sent by a browser on its own: no check for them).
        if (authorized.principal.session !== null) requireOwnOrigin(request, deps.publicBaseUrl ?? null);
        authenticated.set(request, authorized);
      },
      async resolve({ request, set, route, params }) {
        let authorized = authenticated.get(request);
        if (!authorized) {
          const headers = set.headers as Record<string, string | number>;
          authorized = await authorize(deps, request.headers, headers, authenticatedAtTheDoor.get(request));
          if (authorized.principal.session !== null) requireOwnOrigin(request, deps.publicBaseUrl ?? null);
        }
        await deps.credentials.enforce(deps.db, authorized.principal, {
          method: request.method,
          route,
          params: params as Record<string, string | undefined>,
          access: rules[`${request.method} ${route}`],
        });
        return authorized;
      },
    },
  });
}

/** The `{ auth: true }` plugin every route factory takes first. */
export type Auth = ReturnType<typeof authPlugin>;
