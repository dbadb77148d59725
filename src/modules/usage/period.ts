/** The quota period: the calendar month (UTC) containing `now`, as [start, end). */
export function monthOf(now: Date): { start: string; end: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start: start.toISOString(), end: end.toISOString() };
}

/** The month of an ISO timestamp (UTC, as `toISOString` writes it): `2026-01-31T23:59:59.999Z` -> `2026-01`. */
export const monthKey = (iso: string): string => iso.slice(0, 7);
