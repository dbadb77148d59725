import type { FieldError } from '../domain/problem';
/** Every machine-readable error code of the API (SPEC 7). */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable_entity'
  | 'invalid_base_template'
  | 'compliance_failed'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'internal_error'
  | 'not_configured'
  | 'provider_error'
  | 'insufficient_storage'
  | 'service_unavailable';

export type { FieldError } from '../domain/problem';

export type ErrorDetails = Record<string, unknown>;

/** The one error family use-cases throw; the HTTP layer maps `code` to a status. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const conflict = (message: string, details?: ErrorDetails) =>
  new DomainError('conflict', message, details);
export const badRequest = (message: string) => new DomainError('bad_request', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);

/** A 422 naming the offending fields, with `loc` as a dotted path (`body.name`). */
export function validationError(fields: FieldError[], message = 'Request validation failed'): DomainError {
  return new DomainError('unprocessable_entity', message, { fields });
}

export function invalidTransition(action: string, from: string): DomainError {
  return new DomainError('conflict', `Cannot ${action} from status '${from}'`, { action, status: from });
}
