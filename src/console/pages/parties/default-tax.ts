import type { BusinessProfile } from '../../api-types';
import { currentLanguage, t } from '../../i18n';
import { writeDecimal } from '../../numbers';
import { countryName, knowsVatRate, standardVatRate } from '../../seller-countries';
import { decimalOf, isDecimal, isZero } from '../documents/form-content';

// A business profile's or customer's VAT for new lines (`default_tax`): the rate, and at 0 % the category and
// the legal basis printed on the invoice, as the document editor asks for them.

type FormValues = Record<string, string>;
type DefaultTax = NonNullable<BusinessProfile['default_tax']>;

export const RATE = 'default_tax.rate';
export const CATEGORY = 'default_tax.category';
export const REASON = 'default_tax.exemption_reason';
/** A VATEX code set over the API: not asked for, kept while the category stays. */
const CODE = 'default_tax.exemption_reason_code';

/** What a Kleinunternehmer's invoices say instead of VAT (§ 19 UStG), in the words tax advisers use. */
export const SMALL_BUSINESS_REASON = 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.';
/** An Austrian one's (§ 6 Abs. 1 Z 27 UStG 1994; § 11 Abs. 1 Z 3 lit. e asks the invoice to say it is exempt). */
export const AT_SMALL_BUSINESS_REASON =
  'Umsatzsteuerfrei aufgrund der Kleinunternehmerregelung (§ 6 Abs. 1 Z 27 UStG).';

/**
 * The Kleinunternehmer exemption of the profile's country, for its button: Germany's (also before a country
 * is chosen) or Austria's; null for another country, whose small businesses' rules the console does not know.
 */
export function smallBusinessOf(country: string | undefined): { label: string; reason: string } | null {
  const code = country?.trim().toUpperCase() ?? '';
  if (code === 'AT')
    return { label: t('Kleinunternehmer (§ 6 Abs. 1 Z 27 UStG): no VAT'), reason: AT_SMALL_BUSINESS_REASON };
  if (code === '' || code === 'DE')
    return { label: t('Kleinunternehmer (§ 19 UStG): no VAT'), reason: SMALL_BUSINESS_REASON };
  return null;
}

/** What a § 13b UStG invoice must say (§ 14a Abs. 5 UStG): the customer (a builder) owes the VAT. */
export const BUILDER_REVERSE_CHARGE_REASON = 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)';

/**
 * A customer's button: German construction work for a builder (§ 13b Abs. 2 Nr. 4 UStG), 0 % reverse charge
 * with the words § 14a Abs. 5 asks for; for a customer in Germany (or no country yet) only, as it is German law.
 */
export function builderReverseChargeOf(
  country: string | undefined,
): { label: string; reason: string } | null {
  const code = country?.trim().toUpperCase() ?? '';
  if (code !== '' && code !== 'DE') return null;
  return {
    label: t('Construction work (§ 13b UStG): the customer owes the VAT'),
    reason: BUILDER_REVERSE_CHARGE_REASON,
  };
}

/** The form's values of a stored default (the standard rate's S is implied by a rate above 0). */
export function defaultTaxValues(stored: unknown): FormValues {
  const tax = stored as DefaultTax | undefined;
  return {
    [RATE]: tax ? writeDecimal(tax.rate, currentLanguage()) : '',
    [CATEGORY]: tax && tax.category !== 'S' ? tax.category : '',
    [REASON]: tax?.exemption_reason ?? '',
    [CODE]: tax?.exemption_reason_code ?? '',
  };
}

/** The API's `default_tax` of the form (null: none), or undefined when unchanged since `before`. */
export function defaultTaxBody(values: FormValues, before: FormValues | null): DefaultTax | null | undefined {
  const rate = values[RATE]?.trim() ?? '';
  const zero = rate !== '' && isZero(rate);
  const category = zero ? (values[CATEGORY] ?? '') : '';
  const reason = zero && category !== 'Z' ? (values[REASON]?.trim() ?? '') : '';
  const unchanged =
    before !== null &&
    rate === (before[RATE] ?? '') &&
    category === (before[CATEGORY] ?? '') &&
    reason === (before[REASON] ?? '');
  if (unchanged) return undefined;
  if (rate === '') return before === null ? undefined : null;
  const code = zero && category !== 'Z' && category === before?.[CATEGORY] ? (values[CODE] ?? '') : '';
  return {
    rate: decimalOf(rate),
    category: category || 'S',
    ...(reason ? { exemption_reason: reason } : {}),
    ...(code ? { exemption_reason_code: code } : {}),
  };
}

/** What the form can tell before sending: a rate that cannot be read, a 0 % without its category. */
export function defaultTaxProblems(values: FormValues): { loc: string; msg: string }[] {
  const rate = values[RATE]?.trim() ?? '';
  if (rate === '') return [];
  if (!isDecimal(rate)) {
    const msg = t('Enter a number such as {example}.', { example: writeDecimal('7.5', currentLanguage()) });
    return [{ loc: `body.${RATE}`, msg }];
  }
  if (isZero(rate) && !values[CATEGORY])
    return [{ loc: `body.${CATEGORY}`, msg: t('Choose why no VAT is charged.') }];
  return [];
}

/** What an empty rate means: the standard rate of the address's country ("23 % in Ireland"), else 19 %. */
export function emptyRateHint(country: string | undefined): string {
  const language = currentLanguage();
  if (!country || !knowsVatRate(country))
    return t('Empty: the standard rate of the address’s country, else 19 %');
  return t('Empty: the standard rate of the address’s country ({rate} % in {country})', {
    rate: writeDecimal(standardVatRate(country), language),
    country: countryName(country, language),
  });
}
