import { type AnyColumn, or, type SQL, sql } from 'drizzle-orm';

/**
 * Rows where any of `columns` contains `needle`, ignoring case (SQLite folds ASCII letters only). `instr`
 * rather than LIKE: a `%` or `_` the user types is a character to find, not a wildcard.
 * SQLITE-ONLY: `instr` is SQLite's; PostgreSQL needs `strpos` (or ILIKE with escaping) here.
 */
export function containsText(columns: AnyColumn[], needle: string): SQL | undefined {
  const folded = needle.trim().toLowerCase();
  if (folded === '') return undefined;
  return or(...columns.map((column) => sql`instr(lower(coalesce(${column}, '')), ${folded}) > 0`));
}
