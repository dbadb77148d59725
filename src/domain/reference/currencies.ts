import { ISO_4217_MINOR_UNITS, type MinorUnits } from './currencies-data';

export type { MinorUnits } from './currencies-data';

export interface Currency {
  /** ISO 4217 alphabetic code, e.g. "EUR". */
  code: string;
  /** English name from CLDR, e.g. "Japanese Yen". */
  name: string;
  /** Narrow symbol ("$", "€", "¥") where CLDR has one, else the code. */
  symbol: string;
  /** ISO 4217 minor units: the number of decimals amounts are rounded to. */
  decimals: MinorUnits;
}

// Typed as a plain array so callers can hand it straight to response
// schemas; frozen so a caller mutating the shared cache fails loudly.
let cache: Currency[] | undefined;

function narrowSymbol(code: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

function build(): Currency[] {
  const names = new Intl.DisplayNames('en', { type: 'currency', fallback: 'code' });
  const list = Object.keys(ISO_4217_MINOR_UNITS)
    .sort()
    .map((code): Currency => {
      const decimals = ISO_4217_MINOR_UNITS[code];
      if (decimals === undefined) throw new Error(`unreachable: ${code}`);
      return Object.freeze({
        code,
        name: names.of(code) ?? code,
        symbol: narrowSymbol(code),
        decimals,
      });
    });
  Object.freeze(list);
  return list;
}

/** Every active ISO 4217 currency usable on an invoice, sorted by code. */
export function listCurrencies(): Currency[] {
  cache ??= build();
  return cache;
}

/** True for codes in {@link listCurrencies}; exact, upper-case match only. */
export function isSupportedCurrency(code: string): boolean {
  return Object.hasOwn(ISO_4217_MINOR_UNITS, code);
}

/**
 * ISO minor units for a listed currency, or undefined. Cheap: reads the
 * table directly so money code need not build the whole display list.
 */
export function currencyDecimals(code: string): MinorUnits | undefined {
  return Object.hasOwn(ISO_4217_MINOR_UNITS, code) ? ISO_4217_MINOR_UNITS[code] : undefined;
}

/** The minor units amounts of `code` are written with: 2 for a code the list does not know. */
export const minorUnitsOf = (code: string): MinorUnits => currencyDecimals(code) ?? 2;
