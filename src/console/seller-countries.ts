// What the console assumes of a firm from the country of its business profile's address: the VAT rate its
// new lines start with, the paper its PDFs print on, its currency, language and time zone. The console was
// made for German firms first; an Irish consultancy's lines started at Germany's 19 % and its PDFs on US
// Letter. The service itself keeps no such table (it applies no rate to a line, and LETTER is the API's
// page size when none is named): these are the form's suggestions only, each one still changeable.

/** Germany's 19 %: the rate when the country is not known. */
export const FALLBACK_VAT_RATE = '19';

/**
 * The standard VAT rate (percent, as the API writes it) of the EU and EEA countries, the UK and Switzerland,
 * as of 2026: Finland 25.5 % since September 2024, Slovakia 23 % since 2025, Estonia 24 % since July 2025,
 * Romania 21 % since August 2025, Switzerland (and Liechtenstein) 8.1 % since 2024.
 */
const STANDARD_VAT_RATES: Readonly<Record<string, string>> = {
  AT: '20',
  BE: '21',
  BG: '20',
  CY: '19',
  CZ: '21',
  DE: '19',
  DK: '25',
  EE: '24',
  ES: '21',
  FI: '25.5',
  FR: '20',
  GR: '24',
  EL: '24', // Greece's prefix in VAT ids
  HR: '25',
  HU: '27',
  IE: '23',
  IT: '22',
  LT: '21',
  LU: '17',
  LV: '21',
  MT: '18',
  NL: '21',
  PL: '23',
  PT: '23',
  RO: '21',
  SE: '25',
  SI: '22',
  SK: '23',
  IS: '24',
  LI: '8.1',
  NO: '25',
  CH: '8.1',
  GB: '20',
};

/** The EU member states (reverse charge under Art. 196 VAT Directive is between two of them). */
const EU = new Set([
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
  'EL',
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
]);

const code = (country: string | null | undefined) => (country ?? '').trim().toUpperCase();

/** The country's standard VAT rate ("23" for IE, "25.5" for FI); 19 % when not known. */
export function standardVatRate(country: string | null | undefined): string {
  return STANDARD_VAT_RATES[code(country)] ?? FALLBACK_VAT_RATE;
}

/** Whether the table knows the country's standard rate (else the 19 % is only a fallback). */
export const knowsVatRate = (country: string | null | undefined) => code(country) in STANDARD_VAT_RATES;

export const isEuCountry = (country: string | null | undefined) => EU.has(code(country));

/** Greece's address says GR, its VAT ids EL: one country. */
const sameCountry = (a: string, b: string) => a.replace('EL', 'GR') === b.replace('EL', 'GR');

/**
 * A sale the reverse charge (Art. 196 VAT Directive, category AE) is likely for: seller and buyer in two
 * different EU countries, and the buyer with a VAT ID (EN 16931 BR-AE-02 wants the buyer's VAT ID, BT-48).
 */
export function crossBorderEu(
  seller: { country?: string | null; tax_id?: string | null; tax_number?: string | null },
  buyer: { country?: string | null; tax_id?: string | null },
): boolean {
  const from = code(seller.country);
  const to = code(buyer.country);
  const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';
  // BR-AE-02 and BR-AE-03: the buyer's VAT ID, and the seller's VAT ID or tax number.
  const identified = filled(buyer.tax_id) && (filled(seller.tax_id) || filled(seller.tax_number));
  return isEuCountry(from) && isEuCountry(to) && !sameCountry(from, to) && identified;
}

/** CLDR's US-Letter territories: every other country prints on A4. */
const LETTER = new Set(['BZ', 'CA', 'CL', 'CO', 'CR', 'GT', 'MX', 'NI', 'PA', 'PH', 'PR', 'SV', 'US', 'VE']);

const CURRENCIES: Readonly<Record<string, string>> = {
  BG: 'EUR', // the euro since 1 January 2026
  CH: 'CHF',
  LI: 'CHF',
  CZ: 'CZK',
  DK: 'DKK',
  GB: 'GBP',
  HU: 'HUF',
  IS: 'ISK',
  NO: 'NOK',
  PL: 'PLN',
  RO: 'RON',
  SE: 'SEK',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  ZA: 'ZAR',
  SG: 'SGD',
  IN: 'INR',
};
const EURO = new Set(
  ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV'].concat([
    'MT',
    'NL',
    'PT',
    'SI',
    'SK',
  ]),
);

/** English locales the service formats by (src/domain/reference/locales.ts): an English firm's own. */
const ENGLISH_LOCALES = new Set(['AU', 'CA', 'GB', 'IE', 'IN', 'NZ', 'PH', 'SG', 'US', 'ZA']);

/** Countries of one time zone (the ones of several, the US, Canada, Australia, are left to the person). */
const TIME_ZONES: Readonly<Record<string, string>> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  CH: 'Europe/Zurich',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IS: 'Atlantic/Reykjavik',
  IT: 'Europe/Rome',
  LI: 'Europe/Vaduz',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  LV: 'Europe/Riga',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SI: 'Europe/Ljubljana',
  SK: 'Europe/Bratislava',
  IN: 'Asia/Kolkata',
  SG: 'Asia/Singapore',
  ZA: 'Africa/Johannesburg',
  NZ: 'Pacific/Auckland',
};

/** A two-letter code a country has (ISO 3166-1 as Intl knows it): "I" on the way to "IE" is none yet. */
export function isCountry(country: string | null | undefined): boolean {
  const value = code(country);
  if (!/^[A-Z]{2}$/.test(value)) return false;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(value) !== undefined;
  } catch {
    return false;
  }
}

/** The country's name in the console's language ("Ireland", "Irland"); the code when Intl has none. */
export function countryName(country: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code(country)) ?? code(country);
  } catch {
    return code(country);
  }
}

/**
 * What a new business profile in the English console starts with for the address's country: A4 outside
 * the US-Letter countries, the country's currency, an English locale of the country and its time zone
 * where there is one. Nothing for a code that is no country.
 */
export function profileSuggestions(country: string | null | undefined): Record<string, string> {
  const value = code(country);
  if (!isCountry(value)) return {};
  const currency = EURO.has(value) ? 'EUR' : CURRENCIES[value];
  const zone = TIME_ZONES[value];
  return {
    ...(LETTER.has(value) ? {} : { default_page_size: 'A4' }),
    ...(currency ? { default_currency: currency } : {}),
    ...(ENGLISH_LOCALES.has(value) ? { default_locale: `en-${value}` } : {}),
    ...(zone ? { default_timezone: zone } : {}),
  };
}
