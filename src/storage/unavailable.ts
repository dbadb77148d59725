/**
 * The object store could not be reached or asked to be called again later: a transient fault, answered
 * 503 with Retry-After (src/http/error-handler.ts) and retried by background work, never a lasting failure.
 * Read from the error's `code` (Bun's S3 client: the connection's outcome, or the S3 error code of a 5xx
 * answer), never from message text.
 */
const TRANSIENT_CODES = new Set([
  // Bun's S3 client when the connection fails.
  'ConnectionRefused',
  'ConnectionClosed',
  'ConnectionReset',
  'ConnectionResetByPeer',
  'ConnectionTimeout',
  'Timeout',
  'TimedOut',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  // An answer that is no S3 answer: a gateway's error page in front of the store (s3-blob-store.ts).
  'UnreadableAnswer',
  // S3's own "try again": 500, 503 and throttling.
  'InternalError',
  'ServiceUnavailable',
  'SlowDown',
  'RequestTimeout',
]);

/**
 * The store refuses the service itself: wrong credentials, a bucket that does not exist. Not the
 * request's fault and not lasting once the operator fixes S3_*: answered 503 naming the configuration,
 * and background work waits for it like for an outage (a job failed for good would lose its work). Not
 * `AccessDenied`: S3 says that of one object too (a bucket policy that keeps files from being deleted),
 * which waiting would never mend.
 */
const MISCONFIGURED_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'NoSuchBucket',
  'InvalidBucketName',
  'AuthorizationHeaderMalformed',
]);

/**
 * The store refuses what the service's key asks: `AccessDenied` (a key without the permissions storage.md
 * lists, a bucket policy, an object lock), a disabled account or an expired token. Neither the request's
 * fault nor, unlike a missing bucket, sure to be the whole store's: a request is answered 503 naming the
 * reason (before, a 500 "unexpected error" that told neither client nor operator anything), but background
 * work counts it as a failure of its attempt, since an object's lock is never mended by waiting.
 */
const REFUSED_CODES = new Set([
  'AccessDenied',
  'AllAccessDisabled',
  'AccountProblem',
  'InvalidToken',
  'ExpiredToken',
  'InvalidSecurity',
]);

/** The S3 or connection code that makes `error` the store's fault, not the request's; null otherwise. */
function storeFaultCode(error: unknown, codes: (code: string) => boolean = isStoreFault): string | null {
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    // A DbError's cause may carry ECONNREFUSED too: that one is the database's (src/db/errors.ts).
    if (name === 'DbError') return null;
    if (typeof code === 'string' && codes(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const isStoreFault = (code: string) =>
  TRANSIENT_CODES.has(code) || MISCONFIGURED_CODES.has(code) || REFUSED_CODES.has(code);
const isStoreOutageCode = (code: string) => TRANSIENT_CODES.has(code) || MISCONFIGURED_CODES.has(code);

/** A request meeting this is answered 503 `unavailable: storage` (src/http/error-handler.ts). */
export function isStoreUnavailable(error: unknown): boolean {
  return storeFaultCode(error) !== null;
}

/**
 * The store away or misconfigured as a whole, which passes once it is back or S3_* is fixed: what
 * background work waits for without counting an attempt (src/jobs/transient.ts). Not a refusal.
 */
export function isStoreOutage(error: unknown): boolean {
  return storeFaultCode(error, isStoreOutageCode) !== null;
}

/** The store's configuration or refusal code (`NoSuchBucket`, `InvalidAccessKeyId`, `AccessDenied`), or null. */
export function storeMisconfiguration(error: unknown): string | null {
  const code = storeFaultCode(error);
  return code !== null && !TRANSIENT_CODES.has(code) ? code : null;
}
