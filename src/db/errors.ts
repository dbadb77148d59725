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
