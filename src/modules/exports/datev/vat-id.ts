// A VAT ID as DATEV writes it: the EU member state's code (Greece `EL`, Northern Ireland `XI`) and the number
// after it, up to 13 letters and digits without spaces or dots. Field 40 of a booking ("EU-Land u. UStID")
// takes the two together (`ATU12345678`); the master data splits them (EU-Land, EU-UStID).

const EU_CODES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
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
  'XI',
]);

/**
 * An EU member state by its ISO 3166 code (Greece GR). Northern Ireland's XI is not one: it is in the EU's
 * VAT area for goods only, and the tax cases this tells apart are services'.
 */
export function isEuCountry(country: string): boolean {
  const code = country.toUpperCase();
  return code !== 'EL' && code !== 'XI' && EU_CODES.has(code === 'GR' ? 'EL' : code);
}

export interface EuVatId {
  /** The member state's code as VAT IDs use it (`EL` for Greece). */
  country: string;
  /** The rest of the VAT ID. */
  number: string;
}

/**
 * The EU VAT ID in `taxId`, its country taken from its first two letters or, when it has none, from the
 * party's address (`GR` -> `EL`); null when it is none (a Swiss or UK number, a national tax number).
 */
export function euVatIdOf(taxId: string | null | undefined, country?: string | null): EuVatId | null {
  const clean = (taxId ?? '').toUpperCase().replace(/[\s.\-/]/g, '');
  if (clean === '') return null;
  const stated = /^[A-Z]{2}/.test(clean);
  const prefix = stated ? clean.slice(0, 2) : (country ?? '').toUpperCase();
  const code = prefix === 'GR' ? 'EL' : prefix;
  const number = stated ? clean.slice(2) : clean;
  if (!EU_CODES.has(code) || !/^[A-Z0-9+*]{2,13}$/.test(number)) return null;
  return { country: code, number };
}
