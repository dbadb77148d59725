// What a new schedule whose first date is already past makes at once (docs/recurring-invoices.md, "Dates"
// and "Known limits": every past date is generated when it is saved), said at the form before it is saved.
// Occurrence n is the first date plus n steps, counted from it; a day the month lacks is its last day.
// Billed in arrears, an end date that has passed adds the closing invoice on the day after it (the stretch
// from the last date up to the end), as the service's schedule does (recurring-invoices/schedule.ts,
// nextWithinLimits); test/unit/recurring-catch-up-console.test.ts compares the two.

const MONTHS: Record<string, number> = { monthly: 1, quarterly: 3, yearly: 12 };
const DAYS: Record<string, number> = { daily: 1, weekly: 7 };
/** More than this is refused by the service anyway (its own 422 says so at the field). */
const ENOUGH = 10_001;

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function occurrence(start: string, frequency: string, steps: number): string | null {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const months = MONTHS[frequency];
  if (months !== undefined) {
    const index = year * 12 + (month - 1) + steps * months;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return iso(y, m, Math.min(day, last));
  }
  const days = DAYS[frequency];
  if (days === undefined) return null;
  const date = new Date(Date.UTC(year, month - 1, day + steps * days));
  return iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

const nextDay = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return iso(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
};

/**
 * The dates from `start` up to `today` (and not after `end`) that a schedule saved today makes at once, and
 * billed `in_arrears` with `end` passed, the closing one on the day after `end`; no more than
 * `maxOccurrences` (the form's count, '' for none); [] when the first date is today or later (today's is
 * the usual first invoice), or the form cannot be read yet.
 */
export function catchUpDates(
  start: string,
  frequency: string,
  interval: string,
  end: string,
  today: string,
  servicePeriod = 'in_advance',
  maxOccurrences = '',
): string[] {
  const every = Number(interval.trim());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || start >= today || !Number.isInteger(every) || every < 1)
    return [];
  const ended = end && /^\d{4}-\d{2}-\d{2}$/.test(end) && end < today ? end : null;
  const until = ended ?? today;
  const dates: string[] = [];
  for (let n = 0; dates.length < ENOUGH; n++) {
    const date = occurrence(start, frequency, n * every);
    if (date === null || date > until) break;
    dates.push(date);
  }
  // The contract ended before today: the closing invoice (the day after its end, at the latest today) is due.
  if (ended && servicePeriod === 'in_arrears' && ended >= start && dates.length < ENOUGH)
    dates.push(nextDay(ended));
  // A contract of so many invoices (`max_occurrences`) makes no more, the closing one counted too.
  const limit = Number(maxOccurrences.trim());
  return maxOccurrences.trim() !== '' && Number.isInteger(limit) && limit >= 1
    ? dates.slice(0, limit)
    : dates;
}

/** "RE-2026-101" → the next two numbers as the service counts them (its last run of digits, same width). */
export function nextNumbers(first: string): [string, string] | null {
  const match = /^(.*?)(\d+)(\D*)$/.exec(first.trim());
  if (!match) return null;
  const [, before = '', digits = '', after = ''] = match;
  const next = (by: number) =>
    `${before}${(BigInt(digits) + BigInt(by)).toString().padStart(digits.length, '0')}${after}`;
  return [next(1), next(2)];
}
