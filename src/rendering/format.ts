// Locale-aware formatting of the decimal strings a document carries. Money never becomes a JS number:
// Intl.NumberFormat#format accepts a decimal string and formats it exactly (ES2023, Intl.NumberFormat v3);
// test/unit/rendering-format.test.ts pins that for a 15-digit amount, so a runtime that rounds fails there.

const DEFAULT_LOCALE = 'en-US';

// Symbols some locales use that the embedded font lacks, mapped to the same symbol it has
// (ja-JP writes the yen sign full-width, zh-TW the won sign, ar-SA the Arabic percent sign).
const SUBSTITUTES: Record<string, string> = { '\uFFE5': '\u00A5', '\uFFE6': '\u20A9', '\u066A': '%' };
const SUBSTITUTE_PATTERN = /[\uFFE5\uFFE6\u066A]/g;
// The bidi marks Intl puts around right-to-left figures (ar, he, fa): the renderer draws every line left to
// right, and the fonts have nothing to draw for them.
const BIDI_MARKS = /[\u200E\u200F\u061C]/g;
const printable = (text: string) =>
  text.replace(BIDI_MARKS, '').replace(SUBSTITUTE_PATTERN, (ch) => SUBSTITUTES[ch] ?? ch);

/**
 * The tag Intl formats figures with: the locale, written with Latin digits (`-u-nu-latn`). The embedded
 * fonts draw Latin, Greek and Cyrillic only, so the Arabic-Indic (ar-EG, ar-SA), Persian (fa-IR) and
 * Bengali (bn-BD) digits those locales default to would come out blank; business documents there commonly
 * use Western digits anyway. Separators, symbol position and calendar stay the locale's own.
 */
function figuresLocale(locale: string): string {
  try {
    return new Intl.Locale(locale, { numberingSystem: 'latn' }).toString();
  } catch {
    return locale;
  }
}

/** The character a locale writes between whole and fraction digits ("," in de, "." in en). */
export function decimalSeparatorOf(locale: string): string {
  const part = numberFormat(figuresLocale(locale), {})
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal');
  return part?.value ?? '.';
}

// Building an Intl.NumberFormat to try a tag costs more than formatting a whole invoice's figures: each
// tag is resolved once per process (a bounded number of them: ill-formed tags come from requests).
const resolvedLocales = new Map<string, string>();

/** A usable BCP 47 tag: the canonical form of `locale`, or en-US when it is missing or malformed. */
export function resolveLocale(locale: string | null | undefined): string {
  if (!locale) return DEFAULT_LOCALE;
  let resolved = resolvedLocales.get(locale);
  if (resolved === undefined) {
    resolved = resolveNew(locale);
    if (resolvedLocales.size >= 1_000) resolvedLocales.clear();
    resolvedLocales.set(locale, resolved);
  }
  return resolved;
}

function resolveNew(locale: string): string {
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

// A document's figures repeat within it (unit prices, rates, quantities) and across documents (a client's
// usual amounts, every re-render): each formatter is kept for the process with what it formatted (bounded).
const FORMATTERS = 16;
const FORMATTED_PER_KIND = 1_000;
const formatters = new Map<string, Formatter>();

export function makeFormatter(localeTag: string, currency: string, decimals: number): Formatter {
  const key = `${localeTag}|${currency}|${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = remembering(newFormatter(localeTag, currency, decimals));
    if (formatters.size >= FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

function remembering(formatter: Formatter): Formatter {
  const kept = (format: (value: string) => string) => {
    const done = new Map<string, string>();
    return (value: string) => {
      let text = done.get(value);
      if (text === undefined) {
        text = format(value);
        if (done.size >= FORMATTED_PER_KIND) done.clear();
        done.set(value, text);
      }
      return text;
    };
  };
  return {
    locale: formatter.locale,
    money: kept(formatter.money),
    price: kept(formatter.price),
    quantity: kept(formatter.quantity),
    percent: kept(formatter.percent),
    date: kept(formatter.date),
  };
}

function newFormatter(localeTag: string, currency: string, decimals: number): Formatter {
  const locale = resolveLocale(localeTag);
  const figures = figuresLocale(locale);
  const display = currencyDisplayOf(figures, currency);
  const moneyFormat = numberFormat(figures, {
    style: 'currency',
    currency,
    currencyDisplay: display,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  const [percentPrefix, percentSuffix] = percentAffixes(figures);
  const dateFormat = dateFormatOf(figures);
  const plain = (value: string, min: number) => {
    const digits = Math.min(MAX_FRACTION, Math.max(min, fractionDigits(value)));
    return numberFormat(figures, { minimumFractionDigits: min, maximumFractionDigits: digits }).format(
      asDecimal(value),
    );
  };
  return {
    locale,
    money: (amount) => printable(moneyFormat.format(asDecimal(amount))),
    price: (amount) => {
      const digits = Math.min(MAX_FRACTION, Math.max(decimals, fractionDigits(amount)));
      if (digits === decimals) return printable(moneyFormat.format(asDecimal(amount)));
      const format = numberFormat(figures, {
        style: 'currency',
        currency,
        currencyDisplay: display,
        minimumFractionDigits: decimals,
        maximumFractionDigits: digits,
      });
      return printable(format.format(asDecimal(amount)));
    },
    quantity: (value) => plain(value, 0),
    percent: (value) => printable(`${percentPrefix}${plain(value, 0)}${percentSuffix}`),
    date: (value) => printable(formatDate(dateFormat, value)),
  };
}

const dateFormats = new Map<string, Intl.DateTimeFormat | null>();
const affixes = new Map<string, [string, string]>();
const displays = new Map<string, 'symbol' | 'code'>();

// Characters outside the scripts the embedded fonts draw (Latin, Greek, Cyrillic, shared punctuation), and
// the shared symbols they lack (the baht sign). test/unit/rendering-digits.test.ts checks every face.
const UNDRAWABLE = /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}]|\u0E3F/u;
const NUMERIC_DATE = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' } as const;
const SAMPLE_DATE = Date.UTC(2026, 0, 31);

/**
 * One date format per locale for the process: building one cost more than formatting every date of a PDF.
 * The medium style ("1 Jan 2026") unless the locale writes its month names in a script the embedded fonts
 * cannot draw (th, hi, bn, he, ka, zh, fa, ur): then the locale's numeric form ("01/01/2026"); when even
 * that is not drawable (zh-SG writes 年月日), the ISO date itself.
 */
function dateFormatOf(locale: string): Intl.DateTimeFormat | null {
  let format = dateFormats.get(locale);
  if (format === undefined) {
    const drawable = (candidate: Intl.DateTimeFormat) => !UNDRAWABLE.test(candidate.format(SAMPLE_DATE));
    const medium = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const numeric = new Intl.DateTimeFormat(locale, NUMERIC_DATE);
    format = drawable(medium) ? medium : drawable(numeric) ? numeric : null;
    dateFormats.set(locale, format);
  }
  return format;
}

/**
 * How a currency is named in amounts: its symbol as the locale writes it, or its ISO code when that symbol
 * is in a script the embedded fonts cannot draw (ar-EG writes EGP "ج.م.", ar-SA SAR "ر.س.", th-TH "฿").
 */
function currencyDisplayOf(locale: string, currency: string): 'symbol' | 'code' {
  const key = `${locale}|${currency}`;
  let display = displays.get(key);
  if (!display) {
    const sample = numberFormat(locale, { style: 'currency', currency }).format(1);
    display = UNDRAWABLE.test(printable(sample)) ? 'code' : 'symbol';
    displays.set(key, display);
  }
  return display;
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

function formatDate(format: Intl.DateTimeFormat | null, value: string): string {
  const match = DATE_PATTERN.exec(value);
  if (!match || !format) return value;
  const [, y, m, d] = match;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  const time = date.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
  return Number.isNaN(time) ? value : format.format(date);
}
