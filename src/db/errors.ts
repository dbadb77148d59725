/**
 * Database failures as typed codes, whatever the engine: the port's driver callback wraps each driver error
 * into a DbError (src/db/client.ts), so callers branch on `code`, never on an engine's message text.
 */
export type DbErrorCode =
  | 'unique_violation'
  | 'foreign_key_violation'
  | 'not_null_violation'
  | 'storage_full'
  | 'busy'
  /**
   * Text the engine cannot store: PostgreSQL's NUL in text (22021, character_not_in_repertoire) or a
   * character its encoding cannot take (22P05, untranslatable_character: `\u0000` in jsonb).
   */
  | 'invalid_text'
  /**
   * A value the engine refuses for its type or its size, whatever the statement: PostgreSQL's number past
   * its type (22003, a CAST to bigint of an amount), text that is no value of the type it is read as (22P02:
   * a number, or JSON with a lone surrogate's escape read as jsonb), a date or time past the calendar (22007,
   * 22008), text past a column's length (22001), an index entry past the engine's limit (54000: about 2,700
   * bytes in a btree); SQLite's SQLITE_TOOBIG. Answered 422 (src/http/error-handler.ts), logged as an error:
   * the request's input is usually the cause, but a value the service computed itself is a defect.
   */
  | 'invalid_value'
  /**
   * The database cannot be reached or is going away (PostgreSQL restarting, stopped, out of connection
   * slots): nothing of the statement is known to be done unless it committed; the request may be retried.
   */
  | 'unavailable'
  /**
   * The database gave up on the statement: PostgreSQL's `statement_timeout` (or an operator's
   * pg_cancel_backend), 57014. Answered 503 like `unavailable` (the request may be retried), but not an
   * outage for background work: a step that always runs past the limit must use up its attempts, not wait
   * for ever.
   */
  | 'timeout'
  | 'other';

export class DbError extends Error {
  constructor(
    readonly code: DbErrorCode,
    message: string,
    /** What the engine names: SQLite's `table.column[, table.column]`, PostgreSQL's constraint name. */
    readonly constraint: string | undefined,
    cause: unknown,
  ) {
    super(message, { cause });
    this.name = 'DbError';
  }
}

/** The DbError in `error` or its causes (drizzle wraps driver errors in its own query error). */
export function dbErrorOf(error: unknown): DbError | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current instanceof DbError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown, column?: string) => {
  const db = dbErrorOf(error);
  return db?.code === 'unique_violation' && (column === undefined || (db.constraint ?? '').includes(column));
};

export const isInvalidText = (error: unknown) => dbErrorOf(error)?.code === 'invalid_text';

/** The engine refused a value of the statement, or text it cannot keep: answered 422, never 500. */
export const isRefusedValue = (error: unknown) => {
  const code = dbErrorOf(error)?.code;
  return code === 'invalid_text' || code === 'invalid_value';
};

/** A request meeting this is answered 503 with Retry-After (src/http/error-handler.ts). */
export const isDatabaseUnavailable = (error: unknown) => {
  const code = dbErrorOf(error)?.code;
  return code === 'unavailable' || code === 'timeout';
};

/**
 * What an operator needs to read of a database failure: the engine's own words and the port's code
 * (drizzle wraps them as `Failed query: <the SQL>\nparams: ...`, which says what was asked, not what went
 * wrong); undefined when `error` is no database failure.
 */
export function dbErrorText(error: unknown): string | undefined {
  const db = dbErrorOf(error);
  return db === undefined ? undefined : `${db.message} [${db.code}]`;
}

export const isForeignKeyViolation = (error: unknown) => dbErrorOf(error)?.code === 'foreign_key_violation';

const STORAGE_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/**
 * The database or the disk under it is full: SQLite's SQLITE_FULL (bun:sqlite's error, bare or as the
 * `cause` of drizzle's) or a file system's ENOSPC/EDQUOT. Read from `code`, never from message text.
 */
export function isStorageFull(error: unknown): boolean {
  if (dbErrorOf(error)?.code === 'storage_full') return true;
  // A file write the blob store refused for space (storage/fs-blob-store.ts, s3-blob-store.ts).
  if ((error as { code?: unknown } | null)?.code === 'insufficient_storage') return true;
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
