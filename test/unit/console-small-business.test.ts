// The dashboard's Kleinunternehmer limits (§ 19 UStG as of 2025): which profile default is the small
// business's, exact comparisons with the limits, and what the figures mean.
import { describe, expect, test } from 'bun:test';
import { smallBusinessOf } from '../../src/console/pages/parties/default-tax';
import {
  above,
  isSmallBusiness,
  LAST_YEAR_LIMIT,
  limitsOf,
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

// An Austrian Kleinunternehmer (§ 6 Abs. 1 Z 27 UStG 1994 as of 2025) was shown Germany's limits: 55,000 €
// last year and this year, this year's passed by at most 10 % (60,500 €) keeping the exemption to the year's end.
describe('an Austrian Kleinunternehmer’s limits', () => {
  const of = (thisYear: string, lastYear: string, country = 'AT') =>
    smallBusinessWarnings({ year: 2026, thisYear, lastYear, country });

  test('55,000 € both years, not Germany’s 25,000 € and 100,000 €', () => {
    expect(limitsOf({ country: 'AT' })).toEqual({ thisYear: '55000.00', lastYear: '55000.00' });
    expect(limitsOf({ country: 'DE' })).toEqual({ thisYear: THIS_YEAR_LIMIT, lastYear: LAST_YEAR_LIMIT });
    expect(limitsOf({})).toEqual({ thisYear: THIS_YEAR_LIMIT, lastYear: LAST_YEAR_LIMIT });
    // 40,000 € last year ends a German exemption; an Austrian one holds.
    expect(of('30000.00', '40000.00')).toEqual([]);
    expect(of('30000.00', '40000.00', 'DE')).toHaveLength(1);
  });

  test('last year above 55,000 € first; this year above the tolerance ends it; within it holds to the year’s end', () => {
    expect(of('10000.00', '55000.01')).toEqual([
      'Last year’s turnover (2025) was above 55,000 €: the exemption does not hold in 2026; invoices need VAT.',
    ]);
    expect(of('60500.01', '50000.00')).toEqual([
      'Above 60,500 € in 2026 (55,000 € and its 10 % tolerance): the exemption ended with the invoice that passed it; charge VAT from it on.',
    ]);
    expect(of('60500.00', '50000.00')).toEqual([
      'Above 55,000 € in 2026, within the 10 % tolerance: the exemption holds to the end of this year, but not in 2027.',
    ]);
    expect(of('55000.00', '55000.00')).toEqual([]);
  });

  test('the profile form offers the exemption of the profile’s country, with its wording', () => {
    expect(smallBusinessOf('AT')?.reason).toBe(
      'Umsatzsteuerfrei aufgrund der Kleinunternehmerregelung (§ 6 Abs. 1 Z 27 UStG).',
    );
    expect(smallBusinessOf('AT')?.label).toBe('Kleinunternehmer (§ 6 Abs. 1 Z 27 UStG): no VAT');
    expect(smallBusinessOf('DE')?.reason).toBe('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
    expect(smallBusinessOf(undefined)?.reason).toBe('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
    // The console knows no other country's small-business rule: no German wording for a French firm.
    expect(smallBusinessOf('FR')).toBeNull();
    expect(smallBusinessOf('IE')).toBeNull();
    // The Austrian wording is recognised as a small business's default, so the card shows.
    expect(
      isSmallBusiness({
        rate: '0',
        category: 'E',
        exemption_reason: smallBusinessOf('AT')?.reason,
      }),
    ).toBe(true);
  });
});
