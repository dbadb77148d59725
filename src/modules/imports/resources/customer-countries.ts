// A spreadsheet's country cell as its ISO 3166-1 code: the code in any case, or a German or English name.
import { listCountries } from '../../../domain/reference/countries';

let countryCodes: Map<string, string> | null = null;

/** A country as a spreadsheet names it: its code in any case, or its German or English name. */
function countryKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The ISO code of a country cell: `DE`, `de`, `Deutschland`, `Germany`, `Österreich` (CLDR's German and English
 * names of every ISO 3166-1 country, and a few names address lists use). A cell naming no country is kept
 * as written, and the create checks refuse it as they would.
 */
export function countryCode(value: string): string {
  if (countryCodes === null) {
    countryCodes = new Map();
    const names = ['de', 'en'].map(
      (lang) => new Intl.DisplayNames(lang, { type: 'region', fallback: 'none' }),
    );
    for (const { code } of listCountries()) {
      countryCodes.set(code.toLowerCase(), code);
      for (const name of names) {
        const named = name.of(code);
        if (named) countryCodes.set(countryKey(named), code);
      }
    }
    const aliases: [string, string][] = [
      ['brd', 'DE'],
      ['bundesrepublik deutschland', 'DE'],
      ['holland', 'NL'],
      ['usa', 'US'],
      ['vereinigte staaten von amerika', 'US'],
      ['uk', 'GB'],
      ['großbritannien', 'GB'],
      ['great britain', 'GB'],
      ['england', 'GB'],
    ];
    for (const [alias, code] of aliases) countryCodes.set(alias, code);
  }
  return countryCodes.get(countryKey(value)) ?? value;
}
