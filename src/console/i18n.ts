// English and German. The English text is the key: the code reads as the page does, and a missing German
// entry shows English rather than a blank (test/unit/console-i18n.test.ts finds any that are missing).
import { GERMAN } from './i18n-de';

export type Language = 'en' | 'de';
export const LANGUAGES: Language[] = ['en', 'de'];
const PREFERENCE = 'invoice-console.language';

let language: Language = initialLanguage();

function initialLanguage(): Language {
  // Outside a browser (the editor's pure functions under test) the console speaks English.
  if (typeof localStorage === 'undefined') return 'en';
  const chosen = localStorage.getItem(PREFERENCE);
  if (chosen === 'en' || chosen === 'de') return chosen;
  const browser = (navigator.languages?.[0] ?? navigator.language ?? 'en').toLowerCase();
  return browser.startsWith('de') ? 'de' : 'en';
}

export const currentLanguage = () => language;

export function chooseLanguage(next: Language): void {
  language = next;
  localStorage.setItem(PREFERENCE, next);
  document.documentElement.lang = next;
}

/** The text in the current language; `{name}` placeholders are filled from `values`. */
export function t(text: string, values: Record<string, string | number> = {}): string {
  const translated = language === 'de' ? (GERMAN[text] ?? text) : text;
  return translated.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/**
 * Locale for numbers and dates: the console's language with the browser's region when it has one. An English
 * browser in Ireland or Britain reads "7 Dec 2026", not the American "Dec 7, 2026"; a region that writes
 * numbers otherwise than the console reads typed English ones (`1,250.50`) keeps en-US.
 */
export function locale(): string {
  if (language === 'de') return 'de-DE';
  return englishRegion ?? 'en-US';
}

const englishRegion = (() => {
  if (typeof navigator === 'undefined') return null;
  const wanted = (navigator.languages ?? [navigator.language]).find((tag) =>
    /^en-[a-z]{2}$/i.test(tag ?? ''),
  );
  if (!wanted) return null;
  try {
    return new Intl.NumberFormat(wanted).format(1234.5) === '1,234.5' ? wanted : null;
  } catch {
    return null;
  }
})();

export function formatMoney(amount: string | undefined | null, currency: string | undefined | null): string {
  if (amount === undefined || amount === null || amount === '') return '';
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return `${amount} ${currency ?? ''}`.trim();
  try {
    // Intl formats a decimal string exactly (no float on the way); digits follow the currency.
    const exact = amount as unknown as number;
    return new Intl.NumberFormat(locale(), { style: 'currency', currency: currency || 'EUR' }).format(exact);
  } catch {
    return `${amount} ${currency ?? ''}`.trim();
  }
}

/** A decimal string in the reader's language, exactly (Intl takes the string, no float on the way). */
export function formatDecimal(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 20 }).format(value as unknown as number);
}

/** The last day (YYYY-MM-DD) of a period given by its exclusive end, an instant: the day before a midnight end. */
export function lastDayOf(end: string): string {
  const instant = Date.parse(end);
  return Number.isNaN(instant) ? end.slice(0, 10) : new Date(instant - 1).toISOString().slice(0, 10);
}

/**
 * The browser's own date today (YYYY-MM-DD): a form's default date is the person's day, not UTC's (which is
 * still yesterday between midnight and 1 or 2 am in Germany).
 */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions =
    value.length === 10
      ? { dateStyle: 'medium', timeZone: 'UTC' }
      : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

/** A price base quantity (EN 16931 BT-149) other than one unit: absent, "1" or "1.00" is per unit. */
export const isPerBase = (base: string | null | undefined): base is string =>
  !!base && !/^0*1(\.0*)?$/.test(base);

/** Beside a price per base quantity: " / 100 Stk."; nothing for a price per unit. */
export function perBase(base: string | null | undefined, unit?: string | null): string {
  if (!isPerBase(base)) return '';
  return ` / ${formatDecimal(base)}${unit ? ` ${unit}` : ''}`;
}
