// The dashboard's Kleinunternehmer limits (§ 19 UStG as of 2025): which profile default is the small
// business's, exact comparisons with the limits, and what the figures mean.
import { describe, expect, test } from 'bun:test';
import {
  above,
  isSmallBusiness,
  LAST_YEAR_LIMIT,
  smallBusinessWarnings,
  THIS_YEAR_LIMIT,
} from '../../src/console/pages/small-business';

const reason = 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.';

describe('the Kleinunternehmer limits', () => {
  test("a profile's default is the small business's: exempt at 0 % with § 19 or the word named", () => {
    expect(isSmallBusiness({ rate: '0', category: 'E', exemption_reason: reason })).toBe(true);
    expect(isSmallBusiness({ rate: '0', category: 'E', exemption_reason: 'Kleinunternehmerregelung' })).toBe(
      true,
    );
    expect(
      isSmallBusiness({ rate: '0', category: 'E', exemption_reason: 'Steuerfrei nach § 4 Nr. 14 UStG' }),
    ).toBe(false);
    expect(isSmallBusiness({ rate: '0', category: 'E' })).toBe(false);
    expect(isSmallBusiness({ rate: '19', category: 'S' })).toBe(false);
    expect(isSmallBusiness(undefined)).toBe(false);
  });

  test('compared exactly: a cent above is above, the limit itself is not', () => {
    expect(above('25000.00', LAST_YEAR_LIMIT)).toBe(false);
    expect(above('25000.01', LAST_YEAR_LIMIT)).toBe(true);
    expect(above('99999.99', THIS_YEAR_LIMIT)).toBe(false);
    expect(above('100000.001', THIS_YEAR_LIMIT)).toBe(true);
    expect(above('-30000.00', LAST_YEAR_LIMIT)).toBe(false);
    expect(above('0', LAST_YEAR_LIMIT)).toBe(false);
  });

  test('what the figures mean: one sentence, last year above 25,000 first; the founding year named', () => {
    const of = (thisYear: string, lastYear: string) =>
      smallBusinessWarnings({ year: 2026, thisYear, lastYear });
    expect(of('18450.00', '22000.00')).toEqual([]);
    expect(of('30000.00', '22000.00')).toEqual([
      'Above 25,000 € in 2026: the exemption holds this year, but not in 2027.',
    ]);
    // No revenue last year: maybe the founding year, whose limit is 25,000 €.
    expect(of('30000.00', '0')).toEqual([
      'Above 25,000 € in 2026: if the business started this year, the exemption ended with the invoice that passed 25,000 €; otherwise it holds this year, but not in 2027.',
    ]);
    expect(of('100000.50', '22000.00')).toEqual([
      'Above 100,000 € in 2026: the exemption ended with the invoice that passed the limit; charge VAT from it on.',
    ]);
    const lastYearAbove = [
      'Last year’s turnover (2025) was above 25,000 €: the exemption does not hold in 2026; invoices need VAT.',
    ];
    expect(of('1000.00', '25000.01')).toEqual(lastYearAbove);
    expect(of('30000.00', '30000.00')).toEqual(lastYearAbove);
    expect(of('150000.00', '30000.00')).toEqual(lastYearAbove);
  });
});
