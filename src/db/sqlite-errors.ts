import { DbError, type DbErrorCode } from './errors';

/** bun:sqlite's extended result codes, typed (SQLite-only: PostgreSQL maps its SQLSTATEs the same way). */
const CODES: Record<string, DbErrorCode> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique_violation',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique_violation',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key_violation',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null_violation',
  SQLITE_FULL: 'storage_full',
  SQLITE_IOERR_WRITE: 'storage_full',
  SQLITE_BUSY: 'busy',
  SQLITE_BUSY_SNAPSHOT: 'busy',
  SQLITE_LOCKED: 'busy',
  SQLITE_TOOBIG: 'invalid_value', // a string or blob past SQLITE_MAX_LENGTH
};

export function fromSqliteError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof DbError) return error;
  const driverCode = String((error as { code?: unknown }).code ?? '');
  const code =
    CODES[driverCode] ??
    (/database or disk is full/i.test(error.message) ? 'storage_full' : undefined) ??
    (driverCode.startsWith('SQLITE_') ? 'other' : undefined);
  if (code === undefined) return error;
  // "UNIQUE constraint failed: documents.account_id, documents.number" -> the column list.
  const constraint = /constraint failed: (.+)$/.exec(error.message)?.[1];
  return new DbError(code, error.message, constraint, error);
}
