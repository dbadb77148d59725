/** SQLite constraint failures, whether bun:sqlite's error arrives bare or wrapped by drizzle. */
function messages(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    parts.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

export const isUniqueViolation = (error: unknown, column?: string) =>
  messages(error).includes('UNIQUE constraint failed') &&
  (column === undefined || messages(error).includes(column));

export const isForeignKeyViolation = (error: unknown) =>
  messages(error).includes('FOREIGN KEY constraint failed');

const STORAGE_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/**
 * The database or the disk under it is full: SQLite's SQLITE_FULL (bun:sqlite's error, bare or as the
 * `cause` of drizzle's) or a file system's ENOSPC/EDQUOT. Read from `code`, never from message text.
 */
export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
