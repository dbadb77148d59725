import type { ErrorCode } from '../shared/errors';

/** Complete by construction: adding an ErrorCode without a status does not compile. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_entity: 422,
  invalid_base_template: 422,
  compliance_failed: 422,
  rate_limited: 429,
  quota_exceeded: 429,
  internal_error: 500,
  not_configured: 501,
  /** The payment provider failed or refused a call this request depended on. */
  provider_error: 502,
  /** The disk (or quota) is full or read-only: nothing was written, the request can be retried later. */
  insufficient_storage: 507,
  /** The database or the object store cannot be reached just now: retry after the Retry-After seconds. */
  service_unavailable: 503,
};
