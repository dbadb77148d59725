import { currentLanguage, t } from '../i18n';
import { numberExample } from '../numbers';

// The API's schema messages speak to programmers ("Expected string to match '^-?[0-9]{1,15}…'"); the few
// a person meets while typing are said in words, anything else is shown as the API put it.
const PLAIN: [RegExp, string][] = [
  [/^Expected string to match '\^-\?\[0-9\]/, 'Enter a number such as {example}.'],
  [/^Field required$/, 'Required.'],
  [/'email' format/, 'Enter an email address such as name@example.com.'],
  [/'date' format|\[0-9\]\{4\}-\[0-9\]\{2\}-\[0-9\]\{2\}/, 'Enter a date.'],
  [/^Expected string length greater or equal to 1$/, 'Required.'],
  [/must not be blank$/, 'Required.'],
  [/^Expected integer/, 'Enter a whole number.'],
  [
    /^an IBAN is a country code/,
    'An IBAN starts with the country code and two check digits, e.g. DE89 3704 0044 0532 0130 00.',
  ],
  [/^the IBAN check digits do not match/, 'This IBAN has a typo: its check digits do not match.'],
  [/^a BIC is 8 or 11 characters/, 'A BIC has 8 or 11 characters, e.g. COBADEFFXXX.'],
  [/^percent must be more than 0/, 'Enter a percent above 0 and below 100, e.g. 2 or 2,5.'],
  [/^discount is more than the/, 'The Skonto is more than what is still due after the amount.'],
];

export function plainProblem(message: string): string {
  const found = PLAIN.find(([pattern]) => pattern.test(message));
  return found ? t(found[1], { example: numberExample(currentLanguage()) }) : message;
}
