/**
 * Pure date maths of a schedule. Dates are calendar dates (`YYYY-MM-DD`) with no time of day: they are
 * handled as whole days since the epoch, so no time zone or DST shift can move them.
 *
 * Occurrence n is always computed from the ANCHOR (anchor + n × interval × unit), never by adding a step to
 * the previous occurrence: chaining would let a clamped day stick (Jan 31 → Feb 28 → Mar 28 ...), while from
 * the anchor every month gets the anchor's day, or its own last day when it is shorter
 * (Jan 31 → Feb 28/29 → Mar 31 → Apr 30).
 */

import {
  addDays,
  daysBetween,
  FIRST_DAY,
  LAST_DAY,
  latestDateOnEarth,
  localDate,
  shiftDays,
} from '../../shared/dates';
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

/** The template's `service_period`: which stretch each invoice bills. */
export type ServicePeriod = 'in_advance' | 'in_arrears' | 'none';

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

const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month0: number) =>
  month0 === 1 && isLeap(year) ? 29 : (MONTH_DAYS[month0] ?? 31);

export { addDays, daysBetween, FIRST_DAY, LAST_DAY, latestDateOnEarth, localDate, shiftDays };

/**
 * `months` later, with the day clamped to that month's length (Jan 31 + 1 month = Feb 28 or 29); null when
 * that month lies outside the years 0001-9999.
 */
export function addMonths(date: string, months: number): string | null {
  const { year, month, day } = parts(date);
  const index = year * 12 + (month - 1) + months;
  const [y, m0] = [Math.floor(index / 12), index % 12];
  if (y < 1 || y > 9999) return null;
  const d = Math.min(day, daysInMonth(y, m0));
  return `${String(y).padStart(4, '0')}-${String(m0 + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Occurrence n (0 = the anchor; negative: the steps before it), or null outside the years 0001-9999. */
export function occurrenceDate(rule: ScheduleRule, n: number): string | null {
  const { unit, size } = STEP[rule.frequency];
  const steps = n * size * rule.interval;
  return unit === 'day' ? shiftDays(rule.anchor, steps) : addMonths(rule.anchor, steps);
}

/**
 * Occurrence n as a sort key: a date outside the years 0001-9999 sorts before or after every date (n < 0 lies
 * before the anchor, n >= 0 after it), so the searches below stop at the calendar's ends.
 */
function keyOf(rule: ScheduleRule, n: number): string {
  return occurrenceDate(rule, n) ?? (n < 0 ? '0000-00-00' : '9999-99-99');
}

/** How many units (days or months) lie between the anchor and `date`; negative before the anchor. */
function unitsSinceAnchor(rule: ScheduleRule, date: string): number {
  if (STEP[rule.frequency].unit === 'day') return daysBetween(rule.anchor, date);
  const [a, b] = [parts(rule.anchor), parts(date)];
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/** The n of the last occurrence on or before `date` (negative before the anchor). */
function indexOnOrBefore(rule: ScheduleRule, date: string): number {
  let n = Math.floor(unitsSinceAnchor(rule, date) / (STEP[rule.frequency].size * rule.interval));
  while (keyOf(rule, n) > date) n--;
  while (keyOf(rule, n + 1) <= date) n++;
  return n;
}

/**
 * The first occurrence on or after `date` (the anchor when `date` is not after it), or null when it would
 * fall after 9999-12-31. Occurrences strictly increase with n, so an estimate from the unit distance needs
 * at most a step or two of correction.
 */
export function firstOccurrenceOnOrAfter(rule: ScheduleRule, date: string): string | null {
  const perStep = STEP[rule.frequency].size * rule.interval;
  let n = Math.max(0, Math.floor(unitsSinceAnchor(rule, date) / perStep));
  while (n > 0 && keyOf(rule, n - 1) >= date) n--;
  while (keyOf(rule, n) < date) n++;
  return occurrenceDate(rule, n);
}

/**
 * The service period an occurrence on `date` covers. In advance, from it to the day before the next
 * occurrence, but not past the schedule's `endDate` nor 9999-12-31. In arrears, from the latest occurrence
 * before it to the day before it: the previous one, or for the closing occurrence (the day after `endDate`,
 * see nextWithinLimits) the last one up to `endDate`. At the anchor of a schedule whose rhythm was changed
 * (`previous`, the last date it generated, lies before the anchor), or on a closing date before that anchor,
 * a period in arrears starts at that date, so the change neither bills a stretch twice nor leaves one out;
 * elsewhere it never starts before `previous`. `date` must lie after 0001-01-01 (create makes sure the step
 * before `start_date` exists).
 */
export function occurrencePeriod(
  rule: ScheduleRule,
  date: string,
  mode: 'in_advance' | 'in_arrears',
  bounds: { previous?: string | null; endDate?: string | null } = {},
): { start_date: string; end_date: string } {
  const n = indexOnOrBefore(rule, date);
  if (mode === 'in_advance') {
    const next = occurrenceDate(rule, n + 1);
    const end = (next && shiftDays(next, -1)) ?? LAST_DAY;
    const { endDate } = bounds;
    return { start_date: date, end_date: endDate && endDate >= date && endDate < end ? endDate : end };
  }
  const { previous } = bounds;
  const regular = occurrenceDate(rule, n) === date;
  const before = occurrenceDate(rule, regular ? n - 1 : n) ?? FIRST_DAY;
  // Re-anchored while running: on from the last date generated. Else the step before, but never a stretch
  // an earlier invoice billed (a schedule restarted less than a step after its last invoice).
  const reanchored = date <= rule.anchor && previous && previous < date;
  const start =
    reanchored || (previous && previous > before && previous < date) ? (previous as string) : before;
  return { start_date: start, end_date: addDays(date, -1) };
}

/**
 * The date a schedule is next due when it may not run before `from`, or null when it is over: `count`
 * occurrences already reached `maxOccurrences`, or the next date is past `endDate` (inclusive) or past
 * 9999-12-31.
 *
 * In arrears, `endDate` ends the contract, not the invoices: the stretch from the last occurrence up to it
 * is billed by one closing occurrence on the day after `endDate` (when that day is a date of the rhythm it
 * is that regular occurrence, billing a full period). It counts towards `maxOccurrences` like any other.
 * `closingFrom` is the earliest day it may fall on (default `from`): the day after the last date generated
 * for a running schedule whose `endDate` a PATCH moves (a closing date before the pending one is fine: the
 * pending period is not billed yet), the restart point for one that was not running. A closing date before
 * it would bill a stretch billed already, or one the schedule was stopped for.
 */
export function nextWithinLimits(
  rule: ScheduleRule,
  limits: ScheduleLimits,
  count: number,
  from: string | null,
  options: { mode?: ServicePeriod; closingFrom?: string | null } = {},
): string | null {
  if (from === null) return null;
  if (limits.maxOccurrences !== null && count >= limits.maxOccurrences) return null;
  const next = firstOccurrenceOnOrAfter(rule, from);
  const { endDate } = limits;
  if (endDate === null || (next !== null && next <= endDate)) return next;
  if (options.mode !== 'in_arrears') return null;
  const closing = shiftDays(endDate, 1);
  const earliest = options.closingFrom === undefined ? from : options.closingFrom;
  return closing !== null && earliest !== null && closing >= earliest ? closing : null;
}
