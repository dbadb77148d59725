import { validationError } from './errors';

/**
 * The days a date can name: four-digit years (ISO 8601 without the expanded form, as every date field of the
 * API), year 0000 left out (it is 1 BC).
 */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

/** True for a real calendar date in YYYY-MM-DD from 0001-01-01 to 9999-12-31 (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999 (0050-02-29 would be 1950's).
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
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

const FIRST_DAY_NUMBER = dayNumberOf(FIRST_DAY);
const LAST_DAY_NUMBER = dayNumberOf(LAST_DAY);

/**
 * addDays kept within FIRST_DAY..LAST_DAY: null when the result falls outside (addDays would give no
 * YYYY-MM-DD there: '+010000-01-01' or a RangeError), and for a `date` that is not a YYYY-MM-DD.
 */
export function shiftDays(date: string, days: number): string | null {
  const day = dayNumberOf(date) + days;
  if (!(day >= FIRST_DAY_NUMBER && day <= LAST_DAY_NUMBER)) return null;
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumberOf(to) - dayNumberOf(from);

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar date at `now` in an IANA time zone (null = UTC). A zone the runtime does not know falls back
 * to UTC rather than stopping the schedule; profiles only accept known zones, so this is a safety net.
 * After 9999-12-31 it stays 9999-12-31: a five-digit year would sort before every date.
 */
export function localDate(now: Date, timeZone: string | null): string {
  const date = zonedDate(now, timeZone);
  return /^\d{4}-/.test(date) ? date : LAST_DAY;
}

function zonedDate(now: Date, timeZone: string | null): string {
  if (timeZone === null) return now.toISOString().slice(0, 10);
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone);
  } catch {
    return now.toISOString().slice(0, 10);
  }
  const found = formatter.formatToParts(now);
  const get = (type: string) => found.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The latest calendar date anywhere on Earth at `now` (UTC+14 is the furthest ahead zone); 9999-12-31 once
 * that has begun somewhere (the ISO string's year then has six digits and would sort before every date).
 */
export function latestDateOnEarth(now: Date): string {
  const iso = new Date(now.getTime() + 14 * 3_600_000).toISOString();
  return iso.startsWith('+') ? LAST_DAY : iso.slice(0, 10);
}
