// The Kleinunternehmer limits on the dashboard (§ 19 UStG as of 2025): a firm that charges no VAT as a
// small business may do so while last year's turnover was at most 25,000 € and this year's stays at most
// 100,000 €. Shown when a business profile's VAT for new lines is that exemption (the profile form's
// Kleinunternehmer button sets it), from the revenue report's net euro figures.
import type { BusinessProfile } from '../api-types';
import { t } from '../i18n';

/** A profile's default that is the small-business exemption: exempt at 0 %, its reason naming § 19. */
export function isSmallBusiness(tax: BusinessProfile['default_tax']): boolean {
  return (
    tax?.category === 'E' &&
    /^0*(\.0+)?$/.test(tax.rate) &&
    /§\s*19\b|kleinunternehm/i.test(tax.exemption_reason ?? '')
  );
}

export const LAST_YEAR_LIMIT = '25000.00';
export const THIS_YEAR_LIMIT = '100000.00';

/** Whether the decimal amount `a` is above `limit` (both plain decimals, a possibly negative), exactly. */
export function above(a: string, limit: string): boolean {
  const scaled = (s: string) => {
    const [whole = '0', fraction = ''] = s.replace(/^-/, '').split('.');
    const value = BigInt(`${whole}${fraction.padEnd(4, '0').slice(0, 4)}`);
    return s.startsWith('-') ? -value : value;
  };
  return scaled(a) > scaled(limit);
}

export interface SmallBusinessFigures {
  year: number;
  /** Net euro revenue of this year so far and of last year ("0" when none). */
  thisYear: string;
  lastYear: string;
}

/**
 * What the figures mean for the exemption, one sentence; none while both are within. Last year above
 * 25,000 € rules out this year whatever this year's figure; without revenue last year this may be the
 * founding year, whose limit is 25,000 € (the turnover that passes it is already taxable).
 */
export function smallBusinessWarnings(figures: SmallBusinessFigures): string[] {
  const { year } = figures;
  if (above(figures.lastYear, LAST_YEAR_LIMIT))
    return [
      t(
        'Last year’s turnover ({last}) was above 25,000 €: the exemption does not hold in {year}; invoices need VAT.',
        {
          last: year - 1,
          year,
        },
      ),
    ];
  if (above(figures.thisYear, THIS_YEAR_LIMIT))
    return [
      t(
        'Above 100,000 € in {year}: the exemption ended with the invoice that passed the limit; charge VAT from it on.',
        { year },
      ),
    ];
  if (!above(figures.thisYear, LAST_YEAR_LIMIT)) return [];
  if (!above(figures.lastYear, '0'))
    return [
      t(
        'Above 25,000 € in {year}: if the business started this year, the exemption ended with the invoice that passed 25,000 €; otherwise it holds this year, but not in {next}.',
        { year, next: year + 1 },
      ),
    ];
  return [
    t('Above 25,000 € in {year}: the exemption holds this year, but not in {next}.', {
      year,
      next: year + 1,
    }),
  ];
}
