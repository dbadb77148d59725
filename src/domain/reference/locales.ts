export interface Locale {
  /** BCP 47 tag, language-REGION, e.g. "de-AT". */
  code: string;
  /** English name, e.g. "German (Austria)". */
  name: string;
}

/**
 * Curated rather than derived: ICU accepts almost any tag by falling back
 * (e.g. "de-US" silently formats as "de"), so "Intl accepts it" is no proof
 * that dates and numbers will look right. Every tag here resolves to itself
 * in the runtime's NumberFormat; the unit tests enforce that.
 */
const LOCALE_CODES: readonly string[] = [
  'ar-AE',
  'ar-EG',
  'ar-SA',
  'bg-BG',
  'bn-BD',
  'ca-ES',
  'cs-CZ',
  'cy-GB',
  'da-DK',
  'de-AT',
  'de-CH',
  'de-DE',
  'de-LI',
  'de-LU',
  'el-GR',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IE',
  'en-IN',
  'en-NZ',
  'en-PH',
  'en-SG',
  'en-US',
  'en-ZA',
  'es-AR',
  'es-CL',
  'es-CO',
  'es-ES',
  'es-MX',
  'es-PE',
  'es-US',
  'es-UY',
  'et-EE',
  'eu-ES',
  'fa-IR',
  'fi-FI',
  'fil-PH',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'fr-LU',
  'fr-MA',
  'gl-ES',
  'he-IL',
  'hi-IN',
  'hr-HR',
  'hu-HU',
  'id-ID',
  'is-IS',
  'it-CH',
  'it-IT',
  'ja-JP',
  'ka-GE',
  'kk-KZ',
  'ko-KR',
  'lt-LT',
  'lv-LV',
  'mk-MK',
  'ms-MY',
  'mt-MT',
  'nb-NO',
  'nl-BE',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sl-SI',
  'sq-AL',
  'sr-RS',
  'sv-FI',
  'sv-SE',
  'sw-KE',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'ur-PK',
  'vi-VN',
  'zh-CN',
  'zh-HK',
  'zh-SG',
  'zh-TW',
];

let codes: ReadonlySet<string> | undefined;
let cache: Locale[] | undefined;

function build(): Locale[] {
  // "standard" keeps the "Language (Region)" shape: the default dialect
  // style would say "American English" and break alphabetic grouping.
  const names = new Intl.DisplayNames('en', {
    type: 'language',
    languageDisplay: 'standard',
    fallback: 'code',
  });
  const list = [...LOCALE_CODES]
    .sort()
    .map((code): Locale => Object.freeze({ code, name: names.of(code) ?? code }));
  Object.freeze(list);
  return list;
}

/** The curated set of locales documents can be rendered in, sorted by code. */
export function listLocales(): Locale[] {
  cache ??= build();
  return cache;
}

/**
 * Exact, case-sensitive membership: stored locales then always match the
 * published list byte for byte ("en-us" is rejected, not normalised).
 */
export function isSupportedLocale(code: string): boolean {
  codes ??= new Set(LOCALE_CODES);
  return codes.has(code);
}
