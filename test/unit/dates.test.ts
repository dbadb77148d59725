// The calendar-date helpers of src/shared/dates.ts: which YYYY-MM-DD strings name a day (years 0001-9999,
// years below 100 included), and day arithmetic that stays within those years.
import { describe, expect, test } from 'bun:test';
import { addDays, daysBetween, isCalendarDate, shiftDays } from '../../src/shared/dates';

describe('isCalendarDate', () => {
  test.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-04-31', false],
    ['9999-12-31', true],
    ['0001-01-01', true],
    ['0050-06-15', true],
    ['0099-12-31', true],
    // Years below 100 are their own, not 1900-1999: 4 is a leap year, 1900 was not; 100 is not one either.
    ['0004-02-29', true],
    ['0000-02-29', false],
    ['0100-02-29', false],
    ['0000-01-01', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-10', false],
    ['10000-01-01', false],
  ])('%s is a calendar date: %p', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('shiftDays', () => {
  test('moves by whole days like addDays within the years 0001-9999', () => {
    expect(shiftDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDays('2026-03-01', -1)).toBe(addDays('2026-03-01', -1));
    expect(shiftDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(shiftDays('0004-02-28', 1)).toBe('0004-02-29');
    expect(shiftDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(shiftDays('0001-01-02', -1)).toBe('0001-01-01');
  });

  test('is null past 9999-12-31 or before 0001-01-01, and for what is not a date', () => {
    expect(shiftDays('9999-12-31', 1)).toBeNull();
    expect(shiftDays('9999-12-01', 3650)).toBeNull();
    expect(shiftDays('0001-01-01', -1)).toBeNull();
    expect(shiftDays('10000-01-31', -1)).toBeNull();
    expect(shiftDays('not a date', 0)).toBeNull();
  });

  test('daysBetween counts across years below 100', () => {
    expect(daysBetween('0004-02-28', '0004-03-01')).toBe(2);
    expect(daysBetween('0001-01-01', '0002-01-01')).toBe(365);
  });
});
