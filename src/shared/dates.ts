import { validationError } from './errors';

/** True for a real calendar date in YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A query's YYYY-MM-DD that names a day of the calendar, or a 422 at `loc` (a schema's `date` format lets
 * 2026-02-30 through); undefined when not given.
 */
export function calendarDayParam(value: string | undefined, loc: string): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw validationError([
      { loc, msg: 'must be a date of the calendar (YYYY-MM-DD)', type: 'value_error.date' },
    ]);
  }
  return value;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date (UTC: no time zone or daylight saving shifts a day). */
export const dayNumberOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The YYYY-MM-DD date `days` after `date` (before it when negative). */
export const addDays = (date: string, days: number): string =>
  new Date((dayNumberOf(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumberOf(to) - dayNumberOf(from);
