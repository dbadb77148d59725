import postgres from 'postgres';
import { DbError, type DbErrorCode } from './errors';

/** PostgreSQL's SQLSTATEs, typed as the port's codes (src/db/sqlite-errors.ts does the same for SQLite). */
const CODES: Record<string, DbErrorCode> = {
  '23505': 'unique_violation',
  '23503': 'foreign_key_violation',
  '23502': 'not_null_violation',
  '53100': 'storage_full', // disk_full
  '22021': 'invalid_text', // character_not_in_repertoire: a NUL in text
  '22P05': 'invalid_text', // untranslatable_character: `\u0000` in jsonb
  // A value the statement brought that the server refuses for its type or size: the request's, usually.
  '22003': 'invalid_value', // numeric_value_out_of_range: an amount's CAST to bigint
  '22P02': 'invalid_value', // invalid_text_representation: no number, or JSON with a lone surrogate's escape
  '22007': 'invalid_value', // invalid_datetime_format
  '22008': 'invalid_value', // datetime_field_overflow
  '22001': 'invalid_value', // string_data_right_truncation: past a varchar's length
  '54000': 'invalid_value', // program_limit_exceeded: an index row past its size (about 2,700 bytes)
  '40001': 'busy', // serialization_failure
  '40P01': 'busy', // deadlock_detected
  '55P03': 'busy', // lock_not_available
  '53300': 'unavailable', // too_many_connections: the server's slots are taken
  '53200': 'unavailable', // out_of_memory: the server's, for now
  // read_only_sql_transaction: the server takes no writes (a standby behind the name after a failover, or
  // default_transaction_read_only set by an operator); the service waits for a writable one, as for an outage.
  '25006': 'unavailable',
  '25P03': 'unavailable', // idle_in_transaction_session_timeout: the server ended the session
  '57P04': 'unavailable', // database_dropped
  '57014': 'timeout', // query_canceled: statement_timeout, or pg_cancel_backend
  '57P01': 'unavailable', // admin_shutdown: a fast shutdown or restart ended the session
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now: starting up or shutting down
  '57P05': 'unavailable', // idle_session_timeout
};

/**
 * What postgres.js and the socket under it say when the server cannot be reached or the connection broke:
 * not PostgresErrors but plain errors with a `code` (postgres.js's connection errors, the OS's errno).
 */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ConnectionRefused',
  'ConnectionClosed',
]);

interface PostgresErrorFields {
  code?: unknown;
  /** The server's C function that raised it: with the SQLSTATE, what tells one 0A000 from another. */
  routine?: string;
  detail?: string;
  table_name?: string;
  constraint_name?: string;
}

/**
 * A postgres.js error as a DbError. A unique violation names its columns as SQLite does
 * (`documents.account_id, documents.number`, read from the error's detail `Key (account_id, number)=...`),
 * so callers asking `isUniqueViolation(error, 'documents.number')` need not know the engine.
 */
export function fromPostgresError(error: unknown): unknown {
  // By class, never by `error.name`: the executable is minified, and postgres.js sets its errors' name from
  // `this.constructor.name`, which the build renames (no error was mapped there, only from source).
  if (!(error instanceof postgres.PostgresError)) {
    const connection = (error as { code?: unknown } | null)?.code;
    if (typeof connection === 'string' && CONNECTION_CODES.has(connection)) {
      return new DbError('unavailable', `The database cannot be reached (${connection})`, undefined, error);
    }
    return error;
  }
  const fields = error as Error & PostgresErrorFields;
  const sqlState = String(fields.code ?? '');
  // Class 08: connection exceptions. A hot standby: read-only, as 25006 says of a write.
  const code = isHotStandby(fields)
    ? 'unavailable'
    : (CODES[sqlState] ?? (sqlState.startsWith('08') ? 'unavailable' : 'other'));
  let constraint = fields.constraint_name;
  const keys = /^Key \(([^)]*)\)=/.exec(fields.detail ?? '')?.[1];
  if (code === 'unique_violation' && keys !== undefined && fields.table_name !== undefined) {
    constraint = keys
      .split(',')
      .map((column) => `${fields.table_name}.${column.trim().replace(/^"|"$/g, '')}`)
      .join(', ');
  }
  return new DbError(code, `${error.message} (SQLSTATE ${sqlState})`, constraint, error);
}

/** The SQLSTATE of the PostgreSQL error in `error` or its causes (`22003`), or undefined. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof postgres.PostgresError) return String((current as PostgresErrorFields).code ?? '');
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A server in recovery (a hot standby) refuses to start a SERIALIZABLE transaction, which is every
 * statement of the service: SQLSTATE 0A000 (feature_not_supported, which is raised for much else too),
 * told apart by the routine that raises it, not by its message.
 */
function isHotStandby(fields: PostgresErrorFields): boolean {
  return fields.code === '0A000' && fields.routine === 'GetSerializableTransactionSnapshot';
}

/**
 * The server refused because its session is read-only (a write: SQLSTATE 25006) or it is a hot standby
 * (anything), in `error` or its causes.
 */
export function isReadOnlyRefusal(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current instanceof postgres.PostgresError) {
      const fields = current as PostgresErrorFields;
      if (fields.code === '25006' || isHotStandby(fields)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** SQLSTATEs and connection codes that say the session ended under a statement, the server still there. */
const SESSION_ENDED = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * The connection a statement ran on was ended (its session terminated, the socket reset), in `error` or
 * its causes: another connection may well serve it. Not a server that refuses connections or stays silent
 * (ECONNREFUSED, CONNECT_TIMEOUT, ETIMEDOUT), where trying again only waits longer.
 */
export function isSessionEnded(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SESSION_ENDED.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
