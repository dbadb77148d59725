// Locale-aware formatting of the decimal strings a document carries. Money never becomes a JS number:
// Intl.NumberFormat#format accepts a decimal string and formats it exactly (ES2023, Intl.NumberFormat v3);
// test/unit/rendering-format.test.ts pins that for a 15-digit amount, so a runtime that rounds fails there.

const DEFAULT_LOCALE = 'en-US';

// Symbols some locales use that the embedded font lacks, mapped to the same symbol it has
// (ja-JP writes the yen sign full-width).
const SUBSTITUTES: Record<string, string> = { '\uFFE5': '\u00A5' };
const SUBSTITUTE_PATTERN = /[\uFFE5]/g;
const printable = (text: string) => text.replace(SUBSTITUTE_PATTERN, (ch) => SUBSTITUTES[ch] ?? ch);

/** A usable BCP 47 tag: the canonical form of `locale`, or en-US when it is missing or malformed. */
export function resolveLocale(locale: string | null | undefined): string {
  if (!locale) return DEFAULT_LOCALE;
  try {
    const [canonical] = Intl.getCanonicalLocales(locale);
    if (!canonical) return DEFAULT_LOCALE;
    // A well-formed tag Intl has no data for still formats (with the root locale's rules); keep it.
    new Intl.NumberFormat(canonical);
    return canonical;
  } catch {
    return DEFAULT_LOCALE;
  }
}

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** Digits after the point in a decimal string ("12.50" -> 2, "3" -> 0). */
export function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

// Intl's own limit for fraction digits is 100; decimal strings in this service stop at 10.
const MAX_FRACTION = 20;

// Intl formats a decimal string exactly; typed as a template literal so no number can slip in.
type DecimalText = `${number}`;
const asDecimal = (value: string) => value.trim() as DecimalText;

export interface Formatter {
  locale: string;
  /** An amount in the currency's minor units ("1234.50" -> "€1,234.50"). */
  money(amount: string): string;
  /** A unit price: at least the currency's decimals, more when the price carries more ("0.125"). */
  price(amount: string): string;
  /** A quantity, grouped, without trailing zeros ("1500.50" -> "1,500.5", "2.000" -> "2"). */
  quantity(value: string): string;
  /** A percentage given in percent ("19" -> "19%", de: "19 %"). */
  percent(value: string): string;
  /** A `YYYY-MM-DD` date, read as a calendar date (UTC), never shifted by a timezone. */
  date(value: string): string;
}

export function makeFormatter(localeTag: string, currency: string, decimals: number): Formatter {
  const locale = resolveLocale(localeTag);
  const moneyFormat = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  const [percentPrefix, percentSuffix] = percentAffixes(locale);
  const dateFormat = dateFormatOf(locale);
  const plain = (value: string, min: number) => {
    const digits = Math.min(MAX_FRACTION, Math.max(min, fractionDigits(value)));
    return numberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: digits }).format(
      asDecimal(value),
    );
  };
  return {
    locale,
    money: (amount) => printable(moneyFormat.format(asDecimal(amount))),
    price: (amount) => {
      const digits = Math.min(MAX_FRACTION, Math.max(decimals, fractionDigits(amount)));
      if (digits === decimals) return printable(moneyFormat.format(asDecimal(amount)));
      const format = numberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: decimals,
        maximumFractionDigits: digits,
      });
      return printable(format.format(asDecimal(amount)));
    },
    quantity: (value) => plain(value, 0),
    percent: (value) => `${percentPrefix}${plain(value, 0)}${percentSuffix}`,
    date: (value) => formatDate(dateFormat, value),
  };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const affixes = new Map<string, [string, string]>();

/** One date format per locale for the process: building one cost more than formatting every date of a PDF. */
function dateFormatOf(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format;
}

/** What a locale puts around a percentage's digits: "%" after in en, " %" in de, "%" before in tr. */
function percentAffixes(locale: string): [string, string] {
  let known = affixes.get(locale);
  if (!known) {
    known = measurePercentAffixes(locale);
    affixes.set(locale, known);
  }
  return known;
}

function measurePercentAffixes(locale: string): [string, string] {
  const parts = numberFormat(locale, { style: 'percent' }).formatToParts(0.5);
  const first = parts.findIndex((p) => p.type === 'integer');
  const last = parts.findLastIndex((p) => p.type === 'integer' || p.type === 'fraction');
  const join = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  return [join(parts.slice(0, first)), join(parts.slice(last + 1))];
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function formatDate(format: Intl.DateTimeFormat, value: string): string {
  const match = DATE_PATTERN.exec(value);
  if (!match) return value;
  const [, y, m, d] = match;
  const time = Date.UTC(Number(y), Number(m) - 1, Number(d));
  return Number.isNaN(time) ? value : format.format(time);
}
