/**
 * Pure date maths of a schedule. Dates are calendar dates (`YYYY-MM-DD`) with no time of day: they are
 * handled as whole days since the epoch, so no time zone or DST shift can move them.
 *
 * Occurrence n is always computed from the ANCHOR (anchor + n × interval × unit), never by adding a step to
 * the previous occurrence: chaining would let a clamped day stick (Jan 31 → Feb 28 → Mar 28 ...), while from
 * the anchor every month gets the anchor's day, or its own last day when it is shorter
 * (Jan 31 → Feb 28/29 → Mar 31 → Apr 30).
 */

import { addDays, daysBetween } from '../../shared/dates';
import type { Frequency } from './schema';

export interface ScheduleRule {
  /** Occurrence 0. */
  anchor: string;
  frequency: Frequency;
  /** Whole steps of the frequency between occurrences, >= 1. */
  interval: number;
}

export interface ScheduleLimits {
  endDate: string | null;
  maxOccurrences: number | null;
}

const STEP: Record<Frequency, { unit: 'day' | 'month'; size: number }> = {
  daily: { unit: 'day', size: 1 },
  weekly: { unit: 'day', size: 7 },
  monthly: { unit: 'month', size: 1 },
  quarterly: { unit: 'month', size: 3 },
  yearly: { unit: 'month', size: 12 },
};

function parts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year ?? 0, month: month ?? 1, day: day ?? 1 };
}

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

export { addDays, daysBetween };

/** `months` later, with the day clamped to that month's length (Jan 31 + 1 month = Feb 28 or 29). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parts(date);
  const index = year * 12 + (month - 1) + months;
  const [y, m0] = [Math.floor(index / 12), index % 12];
  const d = Math.min(day, daysInMonth(y, m0));
  return `${String(y).padStart(4, '0')}-${String(m0 + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Occurrence n (0 = the anchor). */
export function occurrenceDate(rule: ScheduleRule, n: number): string {
  const { unit, size } = STEP[rule.frequency];
  const steps = n * size * rule.interval;
  return unit === 'day' ? addDays(rule.anchor, steps) : addMonths(rule.anchor, steps);
}

/** How many units (days or months) lie between the anchor and `date`; negative before the anchor. */
function unitsSinceAnchor(rule: ScheduleRule, date: string): number {
  if (STEP[rule.frequency].unit === 'day') return daysBetween(rule.anchor, date);
  const [a, b] = [parts(rule.anchor), parts(date)];
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/**
 * The first occurrence on or after `date` (the anchor when `date` is not after it). Occurrences strictly
 * increase with n, so an estimate from the unit distance needs at most a step or two of correction.
 */
export function firstOccurrenceOnOrAfter(rule: ScheduleRule, date: string): string {
  const perStep = STEP[rule.frequency].size * rule.interval;
  let n = Math.max(0, Math.floor(unitsSinceAnchor(rule, date) / perStep));
  while (n > 0 && occurrenceDate(rule, n - 1) >= date) n--;
  while (occurrenceDate(rule, n) < date) n++;
  return occurrenceDate(rule, n);
}

/**
 * The service period an occurrence on `date` (one of the schedule's dates) covers: in advance, from it to the
 * day before the next occurrence, but not past the schedule's `endDate`; in arrears, from the previous
 * occurrence to the day before it. At the anchor of a schedule whose rhythm was changed (`previous`, the
 * last date it generated, lies before the anchor) a period in arrears starts at that date, so the change
 * neither bills a stretch twice nor leaves one out; elsewhere it never starts before `previous`.
 */
export function occurrencePeriod(
  rule: ScheduleRule,
  date: string,
  mode: 'in_advance' | 'in_arrears',
  bounds: { previous?: string | null; endDate?: string | null } = {},
): { start_date: string; end_date: string } {
  const perStep = STEP[rule.frequency].size * rule.interval;
  let n = Math.floor(unitsSinceAnchor(rule, date) / perStep);
  while (occurrenceDate(rule, n) > date) n--;
  while (occurrenceDate(rule, n + 1) <= date) n++;
  if (mode === 'in_advance') {
    const end = addDays(occurrenceDate(rule, n + 1), -1);
    const { endDate } = bounds;
    return { start_date: date, end_date: endDate && endDate >= date && endDate < end ? endDate : end };
  }
  const { previous } = bounds;
  const before = occurrenceDate(rule, n - 1);
  // Re-anchored while running: on from the last date generated. Else the step before, but never a stretch
  // an earlier invoice billed (a schedule restarted less than a step after its last invoice).
  const reanchored = date === rule.anchor && previous && previous < date;
  const start =
    reanchored || (previous && previous > before && previous < date) ? (previous as string) : before;
  return { start_date: start, end_date: addDays(date, -1) };
}

/**
 * The date a schedule is next due when it may not run before `from`, or null when it is over: `count`
 * occurrences already reached `maxOccurrences`, or the next date is past `endDate` (inclusive).
 */
export function nextWithinLimits(
  rule: ScheduleRule,
  limits: ScheduleLimits,
  count: number,
  from: string,
): string | null {
  if (limits.maxOccurrences !== null && count >= limits.maxOccurrences) return null;
  const next = firstOccurrenceOnOrAfter(rule, from);
  return limits.endDate !== null && next > limits.endDate ? null : next;
}

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
 */
export function localDate(now: Date, timeZone: string | null): string {
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

/** The latest calendar date anywhere on Earth at `now` (UTC+14 is the furthest ahead zone). */
export function latestDateOnEarth(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}
