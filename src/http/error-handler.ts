import { Elysia } from 'elysia';
import { dbErrorOf, dbErrorText, isDatabaseUnavailable, isRefusedValue, isStorageFull } from '../db/errors';
import { isReadOnlyRefusal, sqlStateOf } from '../db/postgres-errors';
import { DomainError, type FieldError } from '../shared/errors';
import type { Logger } from '../shared/logger';
import { isStoreUnavailable, storeMisconfiguration } from '../storage/unavailable';
import { BAD_TEXT_MESSAGES, type BadText, badTextAt } from './body';
import { errorResponse } from './envelope';
import type { MethodMatcher } from './method-matcher';
import { requestIdOf } from './request-context';
import { toFieldErrors } from './validation';

interface ElysiaValidationError {
  type: string;
  all: { path: string; type: number; message: string }[];
}

function isJsonRequest(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return type.includes('json') || type.includes('multipart/form-data');
}

function validationFields(request: Request, error: ElysiaValidationError): FieldError[] | 'bad_content_type' {
  if (error.type === 'body') {
    if (request.headers.get('content-length') === '0' || request.body === null) {
      return [{ loc: 'body', msg: 'Request body is required', type: 'missing' }];
    }
    if (!isJsonRequest(request)) return 'bad_content_type';
  }
  const fields = toFieldErrors(error.type, error.all);
  return fields.length > 0 ? fields : [{ loc: error.type, msg: 'Invalid value', type: 'invalid' }];
}

export const STORAGE_FULL_MESSAGE =
  'The change could not be stored: the database or its disk is full; nothing was written, retry once space is freed';

/**
 * A write that met a full database or disk, from any route or the front door around them (an
 * Idempotency-Key claim): SQLite rolled the statement's transaction back, so nothing half-written stays.
 */
export function storageFullResponse(logger: Logger, requestId: string): Response {
  logger.warn('storage full: a write was refused (SQLITE_FULL, ENOSPC or EDQUOT)', { request_id: requestId });
  return errorResponse('insufficient_storage', STORAGE_FULL_MESSAGE, requestId);
}

/** Seconds a client waits before trying again while the database or the store is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Why the database answered nothing useful, when it says: it takes no writes, or it cut a statement off. */
type DatabaseReason = 'read_only' | 'timeout';

const DATABASE_MESSAGES: Record<DatabaseReason | 'unreachable', string> = {
  read_only:
    'The database takes no writes just now (it is read-only, or a standby after a failover); nothing was written, retry in a few seconds',
  timeout:
    'The database cut the statement off (it ran past its time limit, statement_timeout); nothing was written, retry in a few seconds',
  unreachable: 'The database cannot be reached just now; retry in a few seconds',
};

/**
 * `read_only`: PostgreSQL refused a write of a read-only session (25006) or is a hot standby (0A000 from
 * its serializable snapshot); `timeout`: it gave up on the statement (57014, the port's `timeout`); null
 * when it could not be reached (or the engine did not say).
 */
function databaseReason(error: unknown): DatabaseReason | null {
  if (dbErrorOf(error)?.code === 'timeout') return 'timeout';
  if (isReadOnlyRefusal(error)) return 'read_only';
  return null;
}

/**
 * The database or the object store could not be reached (restarting, stopped, out of connection slots), or
 * the database answers but takes no writes or cut the statement off: a 503 with Retry-After, as a load
 * balancer and any client understand; /ready says which part is down. `details.reason` says which of those
 * when it is not plain unreachability (`read_only`, `timeout`; a store's refusal its S3 code). Whatever the
 * request wrote in a transaction was rolled back with it.
 */
export function unavailableResponse(
  logger: Logger,
  requestId: string,
  part: 'database' | 'storage',
  error: unknown,
): Response {
  const misconfigured = part === 'storage' ? storeMisconfiguration(error) : null;
  const dbReason = part === 'database' ? databaseReason(error) : null;
  const reason = dbReason ?? misconfigured;
  logger.warn(`${part} unavailable: a request was answered 503`, {
    request_id: requestId,
    // The database's own words and code (drizzle's message is "Failed query: <SQL>", no reason).
    error: dbErrorText(error) ?? (error instanceof Error ? error.message : String(error)),
  });
  const message =
    part === 'database'
      ? DATABASE_MESSAGES[dbReason ?? 'unreachable']
      : misconfigured
        ? `The file store refuses this service (${misconfigured}): its S3_* settings need the operator`
        : 'The file store cannot be reached just now; retry in a few seconds';
  return errorResponse(
    'service_unavailable',
    message,
    requestId,
    reason ? { unavailable: part, reason } : { unavailable: part },
    { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  );
}

/** `error`'s answer when the database or the store is away, else null (the caller answers it otherwise). */
export function outageResponse(logger: Logger, requestId: string, error: unknown): Response | null {
  if (isDatabaseUnavailable(error)) return unavailableResponse(logger, requestId, 'database', error);
  if (isStoreUnavailable(error)) return unavailableResponse(logger, requestId, 'storage', error);
  return null;
}

/** What the database's refusal of a value says, by PostgreSQL's SQLSTATE. */
const REFUSED_MESSAGES: Record<string, string> = {
  '22021': BAD_TEXT_MESSAGES.nul_character,
  '22P05': 'Text holds a character the database cannot keep (an escaped U+0000, or a lone surrogate)',
  '22003': 'A number is too large for the database to keep (past the range of its type)',
  '22P02': 'A value is not of the kind the database keeps there (a number or JSON it cannot read)',
  '22007': 'A date or time is not one the database can read',
  '22008': 'A date or time is outside the range the database keeps',
  '22001': 'A text is longer than the database keeps for its field',
  '54000':
    'A value is too long for the database to keep (an indexed field takes at most about 2,700 bytes): shorten it',
};
const REFUSED_DEFAULT = 'A value is too large or malformed for the database to keep';

/**
 * The first text of a failed statement's parameters that no database keeps (U+0000, a lone surrogate), and
 * where: a parameter holding JSON (a draft's content, `{"line_items":[...]}`) is read, and the place named
 * as the document's field (`line_items.0.taxes.0.name`); plain text has no place. drizzle's query error
 * carries the parameters (`params`) above the port's DbError.
 */
export function badTextInStatement(error: unknown): { loc: string | null; kind: BadText } | null {
  for (const param of failedStatement(error)?.params ?? []) {
    if (typeof param !== 'string') continue;
    let value: unknown = param;
    if (/^\s*[[{]/.test(param)) {
      try {
        value = JSON.parse(param);
      } catch {
        // not JSON: the text as it is
      }
    }
    const found = badTextAt(value, '$');
    if (found !== null) {
      const loc = found.loc.replace(/^\$\.?/, '');
      return { loc: loc === '' ? null : loc, kind: found.kind };
    }
  }
  return null;
}

/**
 * The failed statement drizzle's query error carries above the port's DbError: its SQL and its parameters,
 * from the first error of the cause chain that has them.
 */
function failedStatement(error: unknown): { query: unknown; params: unknown[] } | null {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const { query, params } = current as { query?: unknown; params?: unknown };
    if (Array.isArray(params)) return { query, params };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A value the database refused for its type or size (SQLSTATE 22003, 22P02, 22007, 22008, 22001, 54000,
 * 22021, 22P05; SQLite's SQLITE_TOOBIG): the spec's 422. The request's input is the usual cause (a file's
 * amount past any bigint, a received document's currency of thousands of characters, a draft kept with a
 * lone surrogate before 2026-12-07), but not always: a value the service computed itself is a defect, so
 * every one is logged as an error, with the engine's words and the statement (not its values).
 */
export function refusedValueResponse(logger: Logger, requestId: string, error: unknown): Response {
  const sqlState = sqlStateOf(error);
  const bad = badTextInStatement(error);
  const statement = statementOf(error);
  logger.error('the database refused a value: answered 422 (a defect unless the request brought it)', {
    request_id: requestId,
    ...(sqlState === undefined ? {} : { sqlstate: sqlState }),
    error: dbErrorText(error) ?? (error instanceof Error ? error.message : String(error)),
    ...(statement === undefined ? {} : { statement }),
    ...(bad?.loc ? { loc: bad.loc } : {}),
  });
  if (bad !== null) {
    const msg = BAD_TEXT_MESSAGES[bad.kind];
    return errorResponse(
      'unprocessable_entity',
      bad.loc === null
        ? msg
        : `${msg}: ${bad.loc} holds it (kept before such text was refused); send that field again and retry`,
      requestId,
      bad.loc === null ? undefined : { fields: [{ loc: bad.loc, msg, type: 'value_error' }] },
    );
  }
  const message =
    (sqlState === undefined ? undefined : REFUSED_MESSAGES[sqlState]) ??
    (dbErrorOf(error)?.code === 'invalid_text' ? BAD_TEXT_MESSAGES.nul_character : REFUSED_DEFAULT);
  return errorResponse('unprocessable_entity', message, requestId);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a value the database refused came with the request: a write brings a body (or acts on what an
 * earlier one kept), a read only its URL, so a read's refusal is the request's only when the failed
 * statement holds a value the URL holds (a query's number past a column). Otherwise it is the service's own
 * value (a sum past its type, a computed date), a fault answered 500 and logged as one.
 */
export function refusedForRequest(error: unknown, request: Request): boolean {
  if (!isRefusedValue(error)) return false;
  if (WRITES.has(request.method)) return true;
  let url: string;
  try {
    url = decodeURIComponent(request.url);
  } catch {
    url = request.url;
  }
  return (failedStatement(error)?.params ?? []).some(
    (param) =>
      (typeof param === 'string' || typeof param === 'number' || typeof param === 'bigint') &&
      String(param) !== '' &&
      url.includes(String(param)),
  );
}

/** The SQL of the failed statement, cut at 2,000 characters, if known. */
function statementOf(error: unknown): string | undefined {
  const query = failedStatement(error)?.query;
  if (typeof query !== 'string') return undefined;
  return query.length > 2_000 ? `${query.slice(0, 2_000)}…` : query;
}

/**
 * The one place that turns anything thrown during a request into the spec's error envelope.
 * `methods` tells a wrong method on a known path (405) apart from an unknown path (404).
 */
export function errorHandler(logger: Logger, methods: () => MethodMatcher) {
  return new Elysia({ name: 'error-handler' }).onError({ as: 'global' }, ({ code, error, request }) => {
    const requestId = requestIdOf(request);
    if (error instanceof DomainError) {
      return errorResponse(error.code, error.message, requestId, error.details, error.headers);
    }
    if (isStorageFull(error)) return storageFullResponse(logger, requestId);
    const outage = outageResponse(logger, requestId, error);
    if (outage) return outage;
    // Requests are refused at the door for NUL and lone surrogates in JSON or the URL (body.ts), and each
    // route's schema bounds its fields; a value from inside a file (an import's CSV, a received document)
    // or kept before a check existed that the database still refuses is the request's 422, never a 500.
    if (refusedForRequest(error, request)) return refusedValueResponse(logger, requestId, error);
    switch (code) {
      case 'VALIDATION': {
        const validation = error as unknown as ElysiaValidationError;
        if (validation.type === 'response') break;
        const fields = validationFields(request, validation);
        if (fields === 'bad_content_type') {
          return errorResponse(
            'bad_request',
            'Content-Type must be application/json (multipart/form-data for file uploads)',
            requestId,
          );
        }
        return errorResponse('unprocessable_entity', 'Request validation failed', requestId, { fields });
      }
      case 'PARSE': {
        // A multipart upload whose body is no multipart form (boundary missing or broken) is said as such,
        // not as JSON it never claimed to be.
        const type = request.headers.get('content-type') ?? '';
        const message = /^multipart\/form-data/i.test(type)
          ? 'Malformed multipart/form-data request body: send the file as a form field named file, with its boundary'
          : 'Malformed JSON in request body';
        return errorResponse('bad_request', message, requestId);
      }
      case 'NOT_FOUND': {
        const path = new URL(request.url).pathname;
        const allowed = methods().allowedMethods(path);
        if (allowed.length > 0 && !allowed.includes(request.method)) {
          return errorResponse(
            'method_not_allowed',
            `Method ${request.method} is not allowed on ${path}`,
            requestId,
            { allowed },
            { Allow: allowed.join(', ') },
          );
        }
        return errorResponse('not_found', `No route for ${request.method} ${path}`, requestId);
      }
    }
    logger.error('unhandled error', {
      request_id: requestId,
      code,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      ...(dbErrorText(error) === undefined ? {} : { database: dbErrorText(error) }),
    });
    return errorResponse('internal_error', 'An unexpected error occurred', requestId);
  });
}
