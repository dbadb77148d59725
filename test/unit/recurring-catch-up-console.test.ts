// The console's count of the invoices a new schedule makes at once (src/console/pages/recurring-dates.ts,
// said at the form before it is saved) against the service's own schedule functions
// (src/modules/recurring-invoices/schedule.ts): every date from the first up to today, within the end date,
// and billed in arrears with the end passed, the closing invoice on the day after it (nextWithinLimits).
import { describe, expect, test } from 'bun:test';
import { catchUpDates } from '../../src/console/pages/recurring-dates';
import {
  nextWithinLimits,
  type ServicePeriod,
  shiftDays,
} from '../../src/modules/recurring-invoices/schedule';
import type { Frequency } from '../../src/modules/recurring-invoices/schema';

/** What the service generates up to `today` for a schedule created with these settings (no max_occurrences). */
function serviceDates(
  start: string,
  frequency: Frequency,
  interval: number,
  end: string,
  today: string,
  mode: ServicePeriod,
): string[] {
  const rule = { anchor: start, frequency, interval };
  const limits = { endDate: end || null, maxOccurrences: null };
  const dates: string[] = [];
  // create-recurring-invoice.ts, then generate-occurrence.ts after each one made.
  let next = nextWithinLimits(rule, limits, 0, start, { mode });
  while (next !== null && next <= today) {
    dates.push(next);
    next = nextWithinLimits(rule, limits, dates.length, shiftDays(next, 1), { mode });
  }
  return dates;
}

const TODAY = '2026-10-15';
const STARTS = ['2026-01-31', '2024-02-29', '2026-03-15', '2025-08-31', '2026-09-30', '2026-10-14'];
const FREQUENCIES: Frequency[] = ['monthly', 'quarterly', 'weekly', 'yearly', 'daily'];
const INTERVALS = [1, 2, 3];
// None; passed (a month's end, mid-month, the day before a regular date, yesterday); today; still to come.
const ENDS = ['', '2026-04-30', '2026-05-15', '2026-06-29', '2026-07-30', '2026-10-14', TODAY, '2026-12-31'];
const MODES: ServicePeriod[] = ['in_advance', 'in_arrears', 'none'];

describe("the console's catch-up count against the service's schedule", () => {
  test('every combination of frequency, interval, service period and end date, month-end anchors too', () => {
    let compared = 0;
    let closings = 0;
    for (const start of STARTS)
      for (const frequency of FREQUENCIES)
        for (const interval of INTERVALS)
          for (const end of ENDS) {
            if (end && end < start) continue; // refused by the service (end_date before start_date)
            for (const mode of MODES) {
              const service = serviceDates(start, frequency, interval, end, TODAY, mode);
              const shown = catchUpDates(start, frequency, String(interval), end, TODAY, mode);
              const setting = { start, frequency, interval, end, mode };
              expect({ ...setting, dates: shown }).toEqual({ ...setting, dates: service });
              compared++;
              if (mode === 'in_arrears' && end && end < TODAY && service.at(-1) === shiftDays(end, 1))
                closings++;
            }
          }
    expect(compared).toBeGreaterThan(1000);
    expect(closings).toBeGreaterThan(100);
  });

  test('monthly in arrears from 31 January, the contract ended on 15 May: the closing invoice on 16 May', () => {
    const dates = ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-16'];
    expect(catchUpDates('2026-01-31', 'monthly', '1', '2026-05-15', TODAY, 'in_arrears')).toEqual(dates);
    expect(serviceDates('2026-01-31', 'monthly', 1, '2026-05-15', TODAY, 'in_arrears')).toEqual(dates);
    // In advance the period up to the end was billed by its last invoice: nothing closes it.
    expect(catchUpDates('2026-01-31', 'monthly', '1', '2026-05-15', TODAY, 'in_advance')).toEqual(
      dates.slice(0, 4),
    );
  });

  test('quarterly in arrears, ended the day before a regular date: that date is the closing invoice, once', () => {
    const dates = catchUpDates('2026-01-01', 'quarterly', '1', '2026-06-30', TODAY, 'in_arrears');
    expect(dates).toEqual(['2026-01-01', '2026-04-01', '2026-07-01']);
    expect(serviceDates('2026-01-01', 'quarterly', 1, '2026-06-30', TODAY, 'in_arrears')).toEqual(dates);
  });

  test('weekly in arrears ending yesterday: the closing invoice is today', () => {
    const dates = catchUpDates('2026-09-01', 'weekly', '1', '2026-10-14', TODAY, 'in_arrears');
    expect(dates.at(-1)).toBe(TODAY);
    expect(serviceDates('2026-09-01', 'weekly', 1, '2026-10-14', TODAY, 'in_arrears')).toEqual(dates);
  });

  test('a first date of today or later says nothing (the usual first invoice), whatever the period', () => {
    for (const mode of MODES) {
      expect(catchUpDates(TODAY, 'monthly', '1', '', TODAY, mode)).toEqual([]);
      expect(catchUpDates('2026-11-01', 'monthly', '1', '2026-12-31', TODAY, mode)).toEqual([]);
    }
  });
});
