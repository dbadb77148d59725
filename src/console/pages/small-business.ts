// The Kleinunternehmer limits on the dashboard (§ 19 UStG as of 2025): a firm that charges no VAT as a
// small business may do so while last year's turnover was at most 25,000 € and this year's stays at most
// 100,000 €. An Austrian one (§ 6 Abs. 1 Z 27 UStG 1994 as of 2025): at most 55,000 € last year and this
// year, this year's passed by at most 10 % (60,500 €) keeping the exemption to the year's end. Shown when a
// business profile's VAT for new lines is that exemption (the profile form's Kleinunternehmer button sets
// it), from the revenue report's net euro figures (gross and net are one for a firm that charges no VAT).
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
  /** The small business's country (its profile's address): `AT` has Austria's limits, any other Germany's. */
  country?: string;
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
  if (isAustrian(figures)) return austrianWarnings(figures);
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

/** Austria's limit (§ 6 Abs. 1 Z 27 UStG 1994 as of 2025), last year and this year alike, and its 10 % tolerance. */
export const AT_LIMIT = '55000.00';
export const AT_TOLERANCE_LIMIT = '60500.00';

export const isAustrian = (figures: Pick<SmallBusinessFigures, 'country'>) =>
  figures.country?.trim().toUpperCase() === 'AT';

/** This year's and last year's limit of the figures' country, as the card compares them. */
export function limitsOf(figures: Pick<SmallBusinessFigures, 'country'>): {
  thisYear: string;
  lastYear: string;
} {
  return isAustrian(figures)
    ? { thisYear: AT_LIMIT, lastYear: AT_LIMIT }
    : { thisYear: THIS_YEAR_LIMIT, lastYear: LAST_YEAR_LIMIT };
}

/**
 * An Austrian small business: last year above 55,000 € rules out this year; this year above 60,500 € ends
 * the exemption with the invoice that passed it; above 55,000 € within the tolerance it holds to the year's
 * end, and not next year.
 */
function austrianWarnings({ year, thisYear, lastYear }: SmallBusinessFigures): string[] {
  if (above(lastYear, AT_LIMIT))
    return [
      t(
        'Last year’s turnover ({last}) was above 55,000 €: the exemption does not hold in {year}; invoices need VAT.',
        { last: year - 1, year },
      ),
    ];
  if (above(thisYear, AT_TOLERANCE_LIMIT))
    return [
      t(
        'Above 60,500 € in {year} (55,000 € and its 10 % tolerance): the exemption ended with the invoice that passed it; charge VAT from it on.',
        { year },
      ),
    ];
  if (above(thisYear, AT_LIMIT))
    return [
      t(
        'Above 55,000 € in {year}, within the 10 % tolerance: the exemption holds to the end of this year, but not in {next}.',
        { year, next: year + 1 },
      ),
    ];
  return [];
}
