/**
 * Countries whose VAT law EN 16931 serves: the EU member states plus the EEA states that adopted it.
 * A document with no party in one of them is out of scope (SPEC 4 rule 3): checked, but `in_scope` false.
 */
const EN16931_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'IS',
  'LI',
  'NO',
]);

export function inScope(countries: (string | null | undefined)[]): boolean {
  return countries.some((c) => c !== null && c !== undefined && EN16931_COUNTRIES.has(c.toUpperCase()));
}
