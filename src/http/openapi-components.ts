// The OpenAPI document's words and shared components: what each status means, the headers taken and answered.
/**
 * What each error status means, in place of the generator's "Response for status 4xx"; the codes and when
 * they come are docs/api-conventions.md's. 503 and 507 are listed on every operation (see refinePaths).
 */
export const STATUS_DESCRIPTIONS: Record<string, string> = {
  '400':
    'bad_request: malformed JSON, a body that is not application/json (multipart/form-data for uploads), or an invalid Idempotency-Key',
  '401': 'unauthorized: no API key or session, or one that is unknown, revoked or of a disabled account',
  '403':
    "forbidden: the caller's role may not do this (docs/roles.md), an `Account` header naming an account the caller does not reach, or a cookie write without the service's own Origin",
  '404': 'not_found: no such resource in the account acted in',
  '409':
    'conflict: the resource is not in a state that allows this (the message says why), or the Idempotency-Key was used with another request or its first request is still running',
  '413': 'payload_too_large: the body is larger than MAX_BODY_BYTES (details.max_bytes)',
  '415':
    'unsupported_media_type: a Content-Type the route does not read (it reads application/xml, application/pdf or JSON)',
  '422':
    'unprocessable_entity: the request is not valid, details.fields lists each problem as {loc, msg, type} (also compliance_failed, invalid_base_template where the operation says so)',
  '429':
    "rate_limited: over the account's requests per second (Retry-After says when to try again; details.requests_per_second), or quota_exceeded: the plan's renders of the month are used up",
  '500': 'internal_error: an unexpected failure, logged with the request_id',
  '501': 'not_configured: the service is not set up for this (SMTP_URL, STRIPE_SECRET_KEY, a channel)',
  '502': 'provider_error: the provider answered an error or could not be reached',
  '503':
    'service_unavailable: the database or the file store cannot be reached just now (restarting, stopped, out of connections); nothing was done, retry after the Retry-After seconds',
  '507':
    'insufficient_storage: the database or disk is full (or a file write met a full or read-only disk); nothing was written, retry once space is freed',
};

/** A success's status, said in words where the route's schema has no description of its own. */
export const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the work goes on in the background; the answer says where to follow it',
  '204': 'Done; no content',
};

/** Headers every authenticated operation (Account) or write (Idempotency-Key) takes, defined once. */
export const PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the write safe to retry: the same key with the same request within 24 hours replays the first answer (with `Idempotent-Replayed: true`), except a 429 or 5xx, which are not kept (the retry runs); with another request, or while the first still runs, it is a 409 (docs/api-conventions.md#idempotency)',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
  },
  Account: {
    name: 'Account',
    in: 'header',
    required: false,
    description:
      "For a signed-in person in several accounts: the account (`acc_…`) this request acts in, instead of the session's; an API key acts in its own account only (another is a 403). docs/office.md",
    schema: { type: 'string', examples: ['acc_01jd0000000000000000000000'] },
  },
};
/** Response headers an integrator acts on. */
export const HEADERS = {
  RetryAfter: {
    description:
      'Whole seconds to wait before trying again: on rate_limited and service_unavailable (a quota_exceeded 429 has none: the renders come back with the next month)',
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitLimit: {
    description: "The account's requests per second (its plan's), on an answer the rate limit counted",
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitRemaining: {
    description:
      'Requests left in the current second, on an answer the rate limit counted (docs/api-conventions.md#rate-limits)',
    schema: { type: 'integer', minimum: 0 },
  },
  IdempotentReplayed: {
    description:
      '`true` on an answer replayed for an Idempotency-Key (the first answer, stored; nothing ran again); absent otherwise',
    schema: { type: 'string', enum: ['true'] },
  },
  TraceId: {
    description: "The request's id (`req_…`), as an error's `request_id` and the server log name it",
    schema: { type: 'string' },
  },
};
export const RETRY_AFTER = { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
/** What a success of an authenticated operation carries; a write's may be a replay. */
export const SUCCESS_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'X-Trace-Id': { $ref: '#/components/headers/TraceId' },
};
export const WRITE_SUCCESS_HEADERS = {
  ...SUCCESS_HEADERS,
  'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
};
export const IDEMPOTENCY_KEY = { $ref: '#/components/parameters/IdempotencyKey' };
export const ACCOUNT = { $ref: '#/components/parameters/Account' };
