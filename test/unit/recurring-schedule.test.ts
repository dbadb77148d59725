// The pure date maths of recurring schedules (src/modules/recurring-invoices/schedule.ts) and their state
// table. The HTTP tests generate real invoices on these dates; here are the edge cases and properties.
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { nextRecurringStatus, type RecurringAction } from '../../src/modules/recurring-invoices/lifecycle';
import {
  addMonths,
  firstOccurrenceOnOrAfter,
  latestDateOnEarth,
  localDate,
  nextWithinLimits,
  occurrenceDate,
  occurrencePeriod,
  type ScheduleRule,
} from '../../src/modules/recurring-invoices/schedule';
import { FREQUENCIES, type Frequency, RECURRING_STATUSES } from '../../src/modules/recurring-invoices/schema';

const rule = (anchor: string, frequency: Frequency, interval = 1): ScheduleRule => ({
  anchor,
  frequency,
  interval,
});
const first = (r: ScheduleRule, count: number) =>
  Array.from({ length: count }, (_, n) => occurrenceDate(r, n) as string);

describe('occurrence dates', () => {
  const cases: [string, ScheduleRule, string[]][] = [
    [
      'monthly from Jan 31 in a non-leap year',
      rule('2026-01-31', 'monthly'),
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31'],
    ],
    [
      'monthly from Jan 31 in a leap year',
      rule('2028-01-31', 'monthly'),
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'],
    ],
    ['monthly from the 30th', rule('2026-01-30', 'monthly'), ['2026-01-30', '2026-02-28', '2026-03-30']],
    [
      'monthly across the year end',
      rule('2026-11-30', 'monthly'),
      ['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28'],
    ],
    [
      'every 2 months from Dec 31',
      rule('2026-12-31', 'monthly', 2),
      ['2026-12-31', '2027-02-28', '2027-04-30', '2027-06-30', '2027-08-31'],
    ],
    [
      'quarterly from Nov 30',
      rule('2026-11-30', 'quarterly'),
      ['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30'],
    ],
    [
      'yearly from Feb 29',
      rule('2028-02-29', 'yearly'),
      ['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29'],
    ],
    [
      'daily across a month end and DST',
      rule('2026-03-28', 'daily'),
      ['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01'],
    ],
    [
      'weekly across a leap day',
      rule('2028-02-22', 'weekly'),
      ['2028-02-22', '2028-02-29', '2028-03-07', '2028-03-14'],
    ],
    ['every 3 weeks', rule('2026-12-20', 'weekly', 3), ['2026-12-20', '2027-01-10', '2027-01-31']],
    ['every 10 days', rule('2026-02-25', 'daily', 10), ['2026-02-25', '2026-03-07', '2026-03-17']],
  ];
  for (const [name, r, expected] of cases) {
    test(name, () => {
      expect(first(r, expected.length)).toEqual(expected);
    });
  }

  test('addMonths clamps to the month length and handles negative months', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', 25)).toBe('2028-02-15');
  });
});

describe('the first occurrence on or after a date', () => {
  const monthly = rule('2026-01-31', 'monthly');
  test.each([
    ['2025-06-01', '2026-01-31'],
    ['2026-01-31', '2026-01-31'],
    ['2026-02-01', '2026-02-28'],
    ['2026-02-28', '2026-02-28'],
    ['2026-03-01', '2026-03-31'],
    ['2026-04-30', '2026-04-30'],
    ['2027-02-10', '2027-02-28'],
  ])('monthly from Jan 31, on or after %s is %s', (date, expected) => {
    expect(firstOccurrenceOnOrAfter(monthly, date)).toBe(expected);
  });

  test('matches a plain scan for every frequency, interval and date', () => {
    fc.assert(
      fc.property(arbRule(), fc.integer({ min: -400, max: 3000 }), (r, offset) => {
        const date = shift(r.anchor, offset);
        let n = 0;
        while ((occurrenceDate(r, n) as string) < date) n++;
        expect(firstOccurrenceOnOrAfter(r, date)).toBe(occurrenceDate(r, n));
      }),
      { numRuns: 300 },
    );
  });
});

describe('limits', () => {
  const monthly = rule('2026-01-31', 'monthly');
  test('max_occurrences stops once reached', () => {
    const limits = { endDate: null, maxOccurrences: 3 };
    expect(nextWithinLimits(monthly, limits, 2, '2026-03-01')).toBe('2026-03-31');
    expect(nextWithinLimits(monthly, limits, 3, '2026-04-01')).toBeNull();
  });
  test('end_date is inclusive', () => {
    expect(nextWithinLimits(monthly, { endDate: '2026-03-31', maxOccurrences: null }, 2, '2026-03-01')).toBe(
      '2026-03-31',
    );
    expect(
      nextWithinLimits(monthly, { endDate: '2026-03-30', maxOccurrences: null }, 2, '2026-03-01'),
    ).toBeNull();
  });
});

describe('properties of every schedule', () => {
  test('dates strictly increase and each is a real calendar date', () => {
    fc.assert(
      fc.property(arbRule(), (r) => {
        const dates = first(r, 40);
        expect(dates).toEqual([...new Set(dates)].sort());
        for (const d of dates) expect(new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10)).toBe(d);
      }),
      { numRuns: 300 },
    );
  });

  test('month-based schedules never skip or repeat a month, and keep the anchor day when it exists', () => {
    const monthRule = fc
      .tuple(
        arbDate(),
        fc.constantFrom<Frequency>('monthly', 'quarterly', 'yearly'),
        fc.integer({ min: 1, max: 4 }),
      )
      .map(([anchor, frequency, interval]) => rule(anchor, frequency, interval));
    fc.assert(
      fc.property(monthRule, fc.integer({ min: 0, max: 120 }), (r, n) => {
        const months = { monthly: 1, quarterly: 3, yearly: 12 }[r.frequency as 'monthly'] * r.interval;
        const date = occurrenceDate(r, n) as string;
        const [ay, am, ad] = r.anchor.split('-').map(Number) as [number, number, number];
        const [y, m, d] = date.split('-').map(Number) as [number, number, number];
        expect(y * 12 + m - (ay * 12 + am)).toBe(n * months);
        const monthLength = new Date(Date.UTC(y, m, 0)).getUTCDate();
        expect(d).toBe(Math.min(ad, monthLength));
      }),
      { numRuns: 500 },
    );
  });
});

describe('local dates', () => {
  test('the same instant is a different date in Auckland, UTC and Los Angeles', () => {
    const now = new Date('2026-01-31T11:30:00Z');
    expect(localDate(now, 'Pacific/Auckland')).toBe('2026-02-01');
    expect(localDate(now, null)).toBe('2026-01-31');
    expect(localDate(now, 'America/Los_Angeles')).toBe('2026-01-31');
    expect(localDate(new Date('2026-02-01T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-01-31');
    expect(localDate(new Date('2026-02-01T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-02-01');
  });
  test('an unknown zone falls back to UTC', () => {
    expect(localDate(new Date('2026-01-31T23:30:00Z'), 'Mars/Olympus')).toBe('2026-01-31');
  });
  test('no zone is ahead of the latest date on Earth', () => {
    const now = new Date('2026-01-31T10:30:00Z');
    expect(latestDateOnEarth(now)).toBe('2026-02-01');
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Auckland', 'Pacific/Chatham', 'Asia/Tokyo']) {
      expect(localDate(now, zone) <= latestDateOnEarth(now)).toBe(true);
    }
  });
});

describe('state table (SPEC 3)', () => {
  const expected: Record<RecurringAction, Record<string, string | null>> = {
    pause: { active: 'paused', paused: null, cancelled: null },
    resume: { active: null, paused: 'active', cancelled: null },
    cancel: { active: 'cancelled', paused: 'cancelled', cancelled: null },
    update: { active: 'active', paused: 'paused', cancelled: null },
  };
  for (const [action, row] of Object.entries(expected) as [
    RecurringAction,
    Record<string, string | null>,
  ][]) {
    for (const from of RECURRING_STATUSES) {
      test(`${action} from ${from} -> ${row[from] ?? '409'}`, () => {
        expect(nextRecurringStatus(action, from)).toBe((row[from] ?? null) as never);
      });
    }
  }
});

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function arbDate() {
  return fc
    .integer({ min: 0, max: 365 * 60 })
    .map((days) => shift('1990-01-01', days))
    .chain((d) => fc.constantFrom(d, `${d.slice(0, 8)}${['28', '29', '30', '31'][Number(d.slice(9)) % 4]}`))
    .filter((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && shift(d, 0) === d);
}

function arbRule() {
  return fc
    .tuple(arbDate(), fc.constantFrom(...FREQUENCIES), fc.integer({ min: 1, max: 5 }))
    .map(([anchor, frequency, interval]) => rule(anchor, frequency, interval));
}

describe('series numbers continued from invoice_number', () => {
  test('the last run of digits counts up, keeping its width', async () => {
    const { nthNumber } = await import('../../src/modules/recurring-invoices/use-cases/occurrence-document');
    expect(nthNumber('INV-0007', 0)).toBe('INV-0007');
    expect(nthNumber('INV-0007', 1)).toBe('INV-0008');
    expect(nthNumber('INV-0999', 1)).toBe('INV-1000');
    expect(nthNumber('2026/07-A', 1)).toBe('2026/08-A');
    expect(nthNumber('R-99999999999999999999', 1)).toBe('R-100000000000000000000');
    expect(nthNumber('FIXED', 3)).toBe('FIXED');
  });
});

describe('occurrencePeriod: each invoice of a series carries its own service period (issue 36)', () => {
  const monthly = { anchor: '2026-01-31', frequency: 'monthly' as const, interval: 1 };
  test.each([
    ['2026-01-31', 'in_advance', '2026-01-31', '2026-02-27'],
    ['2026-02-28', 'in_advance', '2026-02-28', '2026-03-30'],
    ['2026-03-31', 'in_arrears', '2026-02-28', '2026-03-30'],
    ['2026-01-31', 'in_arrears', '2025-12-31', '2026-01-30'],
  ] as const)('monthly from Jan 31: %s %s is %s to %s', (date, mode, start, end) => {
    expect(occurrencePeriod(monthly, date, mode)).toEqual({ start_date: start, end_date: end });
  });

  test('the first of every quarter, in advance: the quarter', () => {
    const quarterly = { anchor: '2026-01-01', frequency: 'quarterly' as const, interval: 1 };
    expect(occurrencePeriod(quarterly, '2026-04-01', 'in_advance')).toEqual({
      start_date: '2026-04-01',
      end_date: '2026-06-30',
    });
    const weekly = { anchor: '2026-11-30', frequency: 'weekly' as const, interval: 2 };
    expect(occurrencePeriod(weekly, '2026-12-14', 'in_arrears')).toEqual({
      start_date: '2026-11-30',
      end_date: '2026-12-13',
    });
  });
});

describe('in arrears the stretch up to end_date is billed by a closing occurrence the day after it', () => {
  const monthly = rule('2027-01-30', 'monthly');
  const ending = (endDate: string) => ({ endDate, maxOccurrences: null });
  const arrears = { mode: 'in_arrears' as const };

  test('end_date between two dates: the day after it, once', () => {
    expect(nextWithinLimits(monthly, ending('2027-05-15'), 4, '2027-05-01', arrears)).toBe('2027-05-16');
    expect(nextWithinLimits(monthly, ending('2027-05-15'), 5, '2027-05-17', arrears)).toBeNull();
    expect(occurrencePeriod(monthly, '2027-05-16', 'in_arrears', { previous: '2027-04-30' })).toEqual({
      start_date: '2027-04-30',
      end_date: '2027-05-15',
    });
  });

  test('end_date the day before a date of the rhythm: that date, billing the full period', () => {
    expect(nextWithinLimits(monthly, ending('2027-05-29'), 4, '2027-05-01', arrears)).toBe('2027-05-30');
    expect(occurrencePeriod(monthly, '2027-05-30', 'in_arrears', { previous: '2027-04-30' })).toEqual({
      start_date: '2027-04-30',
      end_date: '2027-05-29',
    });
  });

  test('not in advance, without a period, past max_occurrences, or before closingFrom', () => {
    const limits = ending('2027-05-15');
    expect(nextWithinLimits(monthly, limits, 4, '2027-05-01')).toBeNull();
    expect(nextWithinLimits(monthly, limits, 4, '2027-05-01', { mode: 'in_advance' })).toBeNull();
    expect(nextWithinLimits(monthly, limits, 4, '2027-05-01', { mode: 'none' })).toBeNull();
    expect(nextWithinLimits(monthly, { ...limits, maxOccurrences: 4 }, 4, '2027-05-01', arrears)).toBeNull();
    const late = { ...arrears, closingFrom: '2027-05-17' };
    expect(nextWithinLimits(monthly, limits, 4, '2027-05-30', late)).toBeNull();
    // A PATCHed end_date before the pending date: the closing date may come before it.
    const early = { ...arrears, closingFrom: '2027-05-01' };
    expect(nextWithinLimits(monthly, limits, 4, '2027-05-30', early)).toBe('2027-05-16');
  });

  test('a closing date before the anchor of a changed rhythm bills on from the last date generated', () => {
    const weekly = rule('2027-05-30', 'weekly');
    expect(occurrencePeriod(weekly, '2027-05-16', 'in_arrears', { previous: '2027-04-30' })).toEqual({
      start_date: '2027-04-30',
      end_date: '2027-05-15',
    });
  });
});

describe('the years 0001-9999', () => {
  test('a date past 9999-12-31 or before 0001-01-01 is null, and so is a schedule stepping there', () => {
    expect(addMonths('9999-12-31', 1)).toBeNull();
    expect(addMonths('0001-01-31', -1)).toBeNull();
    expect(addMonths('0004-01-31', 1)).toBe('0004-02-29');
    expect(occurrenceDate(rule('9999-12-31', 'daily'), 1)).toBeNull();
    expect(occurrenceDate(rule('9000-06-01', 'yearly', 999), 1)).toBe('9999-06-01');
    expect(occurrenceDate(rule('9000-06-01', 'yearly', 999), 2)).toBeNull();
    expect(firstOccurrenceOnOrAfter(rule('9999-01-30', 'monthly'), '9999-12-31')).toBeNull();
    const limits = { endDate: null, maxOccurrences: null };
    expect(nextWithinLimits(rule('9999-01-30', 'monthly'), limits, 12, '9999-12-31')).toBeNull();
    expect(nextWithinLimits(rule('9999-01-30', 'monthly'), limits, 12, null)).toBeNull();
    const arrears = { endDate: '9999-12-31', maxOccurrences: null };
    expect(
      nextWithinLimits(rule('9999-12-30', 'daily'), arrears, 2, null, { mode: 'in_arrears' }),
    ).toBeNull();
  });

  test('the last period in advance ends on 9999-12-31 at the latest', () => {
    expect(occurrencePeriod(rule('9999-01-30', 'monthly'), '9999-12-30', 'in_advance')).toEqual({
      start_date: '9999-12-30',
      end_date: '9999-12-31',
    });
  });

  test('today and the latest date on Earth stay 9999-12-31 once it has passed', () => {
    const now = new Date('9999-12-31T23:00:00Z');
    expect(localDate(now, null)).toBe('9999-12-31');
    expect(localDate(now, 'Pacific/Auckland')).toBe('9999-12-31');
    expect(latestDateOnEarth(now)).toBe('9999-12-31');
    expect(latestDateOnEarth(new Date('9999-12-31T09:00:00Z'))).toBe('9999-12-31');
  });
});
