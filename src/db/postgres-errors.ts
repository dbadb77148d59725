import postgres from 'postgres';
import { DbError, type DbErrorCode } from './errors';

/** PostgreSQL's SQLSTATEs, typed as the port's codes (src/db/sqlite-errors.ts does the same for SQLite). */
const CODES: Record<string, DbErrorCode> = {
  '23505': 'unique_violation',
  '23503': 'foreign_key_violation',
  '23502': 'not_null_violation',
  '53100': 'storage_full', // disk_full
  '22021': 'invalid_text', // character_not_in_repertoire: a NUL in text
  '22P05': 'invalid_text', // untranslatable_character
  '40001': 'busy', // serialization_failure
  '40P01': 'busy', // deadlock_detected
  '55P03': 'busy', // lock_not_available
  '53300': 'unavailable', // too_many_connections: the server's slots are taken
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
  // Class 08: connection exceptions.
  const code = CODES[sqlState] ?? (sqlState.startsWith('08') ? 'unavailable' : 'other');
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
