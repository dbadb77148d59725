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

/** The S3 or connection code that makes `error` the store's fault, not the request's; null otherwise. */
function storeFaultCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    // A DbError's cause may carry ECONNREFUSED too: that one is the database's (src/db/errors.ts).
    if (name === 'DbError') return null;
    if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || MISCONFIGURED_CODES.has(code))) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export function isStoreUnavailable(error: unknown): boolean {
  return storeFaultCode(error) !== null;
}

/** The store's configuration code (`NoSuchBucket`, `InvalidAccessKeyId`) in `error`, or null. */
export function storeMisconfiguration(error: unknown): string | null {
  const code = storeFaultCode(error);
  return code !== null && MISCONFIGURED_CODES.has(code) ? code : null;
}
