import { currentLanguage, t } from '../i18n';
import { numberExample } from '../numbers';

// The API's schema messages speak to programmers ("Expected string to match '^-?[0-9]{1,15}…'"); the few
// a person meets while typing are said in words, anything else is shown as the API put it. A named group
// of the pattern fills the placeholder of the same name (the currency, a placeholder's name).
const PLAIN: [RegExp, string][] = [
  [/^Expected string to match '\^-\?\[0-9\]/, 'Enter a number such as {example}.'],
  [/^Field required$/, 'Required.'],
  [/'email' format/, 'Enter an email address such as name@example.com.'],
  [/'date' format|\[0-9\]\{4\}-\[0-9\]\{2\}-\[0-9\]\{2\}/, 'Enter a date.'],
  [/^Expected string length greater or equal to 1$/, 'Required.'],
  [/must not be blank$/, 'Required.'],
  [/^must not be after today/, 'Enter today or a day before.'],
  [/^Expected integer to be less or equal to (?<max>-?\d+)$/, 'Enter a whole number up to {max}.'],
  [/^Expected integer to be greater or equal to (?<min>-?\d+)$/, 'Enter a whole number of at least {min}.'],
  [/^Expected integer/, 'Enter a whole number.'],
  // Codes a person types as words ("Deutschland", "Euro", "www.…"): said with the code to type instead.
  [
    /^Expected string to match '\^\[A-Z\]\{2\}\$'$/,
    'Enter the two-letter country code, e.g. DE for Germany.',
  ],
  [
    /^Expected string to match '\^\[A-Z\]\{3\}\$'$|is not an active ISO 4217 currency code$/,
    'Enter the three-letter currency code, e.g. EUR.',
  ],
  [
    /^Expected string to match '\^https\?:\/\/'$/,
    'Enter the web address with https://, e.g. https://www.example.com.',
  ],
  [/is not a supported locale$/, 'Enter language and country as a code, e.g. de-DE.'],
  [/is not an IANA time zone$/, 'Enter a time zone such as Europe/Berlin.'],
  [
    /^an IBAN is a country code/,
    'An IBAN starts with the country code and two check digits, e.g. DE89 3704 0044 0532 0130 00.',
  ],
  [/^the IBAN check digits do not match/, 'This IBAN has a typo: its check digits do not match.'],
  [/^a BIC is 8 or 11 characters/, 'A BIC has 8 or 11 characters, e.g. COBADEFFXXX.'],
  [
    /^debtor_number \d+ is not a DATEV debtor account/,
    'Enter a DATEV debtor account, e.g. 10000 (10000 to 69999 at the usual account length 4), or leave it empty.',
  ],
  [/^percent must be more than 0/, 'Enter a percent above 0 and below 100, e.g. 2 or 2,5.'],
  [
    /^discount is more than the/,
    'The early payment discount is more than what is still due after the amount.',
  ],
  // A payment's amount (src/modules/payments/amounts.ts).
  [/^amount must be a decimal string such as/, 'Enter an amount such as {amount}.'],
  [/^amount must be greater than zero$/, 'Enter an amount above zero.'],
  [
    /^amount has more decimals than (?<currency>\w+) has minor units \((?<units>\d+)\)$/,
    'An amount in {currency} has at most {units} decimals.',
  ],
  // A received document's rate to the euro (docs/receiving.md, Rates to the euro).
  [/^Expected string to match '\^\[0-9\]\{1,6\}/, 'Enter the rate as a number above 0, such as {rate}.'],
  [/^exchange_rate must be more than 0/, 'Enter the rate as a number above 0, such as {rate}.'],
  [
    /^the file states its own rate to the euro/,
    'The file states its own rate to the euro: the books use that one.',
  ],
  [/^a euro document needs no rate to the euro/, 'A document in euros needs no rate to the euro.'],
  // The dunning policy's levels (src/modules/dunning/policy.ts).
  [/^fee must be a decimal string of at least 0/, 'Enter a fee of 0 or more, such as {fee}.'],
  [/^fee has at most 2 decimals$/, 'A fee has at most 2 decimals.'],
  [/^days_after_due must be greater than the previous level's$/, 'Enter more days than the level before.'],
  [
    /^unknown placeholder (?<placeholder>\{[^}]*\}); known: (?<known>.*)$/,
    '{placeholder} is not a placeholder. These are: {known}',
  ],
  // A recurring invoice's first date years too early (docs/recurring-invoices.md, Known limits).
  [
    /would make more than (?<max>\d+) invoices at once for the dates already past/,
    'More than {max} invoices would be made at once for the dates already past: is the year right?',
  ],
  // Where a recurring invoice's numbers come from (docs/recurring-invoices.md, Numbers).
  [/^numbering sequence not found$/, 'This numbering sequence no longer exists: choose another one.'],
  [
    /^Field required \(or the template's numbering_sequence_id\)/,
    'Enter the first invoice’s number, e.g. RE-2026-001, or choose a numbering sequence.',
  ],
  [
    /^invoice_number needs digits to continue from/,
    'The number needs digits to count on from, e.g. RE-2026-001.',
  ],
];

// A field whose schema is "a number in a range, or null": said per field, whatever end of the range or type
// it missed, with the range of src/modules/exports/model.ts and office/model.ts (DATEV's own limits).
const UNION_BY_FIELD: [RegExp, string][] = [
  [/(^|\.)consultant_number$/, 'Enter the consultant number as a whole number from 1001 to 9999999.'],
  [/(^|\.)client_number$/, 'Enter the client number as a whole number from 1 to 99999.'],
  [/(^|\.)exchange_rate$/, 'Enter the rate as a number above 0, such as {rate}.'],
];

/** The API's problem with a field in words; `path` (where the API named it) for a problem said per field. */
export function plainProblem(message: string, path?: string): string {
  if (
    path !== undefined &&
    /Expected union value|^Expected integer|^Expected string to match/.test(message)
  ) {
    const words = UNION_BY_FIELD.find(([field]) => field.test(path))?.[1];
    if (words) return t(words, { rate: currentLanguage() === 'de' ? '0,9213' : '0.9213' });
  }
  for (const [pattern, words] of PLAIN) {
    const match = pattern.exec(message);
    if (!match) continue;
    const german = currentLanguage() === 'de';
    return t(words, {
      example: numberExample(currentLanguage()),
      amount: german ? '119,00' : '119.00',
      fee: german ? '5,00' : '5.00',
      rate: german ? '0,9213' : '0.9213',
      ...match.groups,
    });
  }
  return message;
}
