import { DomainError, type ErrorCode, type ErrorDetails } from '../shared/errors';
import { STATUS_BY_CODE } from './errors';

export interface ErrorBody {
  error: { status: number; code: ErrorCode; message: string; request_id: string; details?: ErrorDetails };
}

export function errorBody(
  code: ErrorCode,
  message: string,
  requestId: string,
  details?: ErrorDetails,
): ErrorBody {
  const status = STATUS_BY_CODE[code];
  const hasDetails = details !== undefined && Object.keys(details).length > 0;
  return {
    error: { status, code, message, request_id: requestId, ...(hasDetails ? { details } : {}) },
  };
}

export function errorResponse(
  code: ErrorCode,
  message: string,
  requestId: string,
  details?: ErrorDetails,
  headers: Record<string, string> = {},
): Response {
  return Response.json(errorBody(code, message, requestId, details), {
    status: STATUS_BY_CODE[code],
    headers: { 'X-Trace-Id': requestId, ...headers },
  });
}

export function domainErrorResponse(error: DomainError, requestId: string): Response {
  return errorResponse(error.code, error.message, requestId, error.details, error.headers);
}

export { DomainError };
