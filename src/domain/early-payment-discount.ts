// Skonto: a discount for paying early, as XRechnung writes it into BT-20 (payment terms):
// `#SKONTO#TAGE=14#PROZENT=2.00#` and, when the discount applies to part of the amount only,
// `#SKONTO#TAGE=14#PROZENT=2.00#BASISBETRAG=1000.00#`, one line each, the last one ending with a line break
// (BR-DE-18). Days count from the issue date. Exact decimals throughout.
import { Type as t } from '@sinclair/typebox';
import { closed, DecimalString } from './schema-parts';

export const EarlyPaymentDiscount = t.Object(
  {
    days: t.Integer({
      minimum: 1,
      maximum: 365,
      description: 'Paid within this many days of the issue date',
    }),
    percent: DecimalString(
      'The discount in percent of the amount due (or of base_amount), e.g. "2" or "2.5"',
    ),
    base_amount: t.Optional(DecimalString('What the percent applies to, when not the whole amount due')),
  },
  closed,
);
export type EarlyPaymentDiscount = typeof EarlyPaymentDiscount.static;

const TERM =
  /^#SKONTO#TAGE=(\d{1,3})#PROZENT=(\d{1,2}(?:\.\d{1,2})?)#(?:BASISBETRAG=(-?\d+(?:\.\d{1,2})?)#)?$/;

/** "2" -> "2.00": XRechnung's two decimals, from the exact string. */
export function twoDecimals(value: string): string {
  const [whole = '0', fraction = ''] = value.replace(/^\+/, '').split('.');
  return `${whole}.${`${fraction}00`.slice(0, 2)}`;
}

/** The BT-20 line of one discount. */
export function skontoLine(term: EarlyPaymentDiscount): string {
  const base = term.base_amount === undefined ? '' : `BASISBETRAG=${twoDecimals(term.base_amount)}#`;
  return `#SKONTO#TAGE=${term.days}#PROZENT=${twoDecimals(term.percent)}#${base}`;
}

/**
 * Payment terms as people and XRechnung write them, split: the `#SKONTO#` lines read as discounts, the
 * other lines kept as written. A `#...#` line that is not a well-formed Skonto term stays in the text.
 */
export function splitPaymentTerms(terms: string | null | undefined): {
  text: string | null;
  discounts: EarlyPaymentDiscount[];
} {
  if (!terms) return { text: terms ?? null, discounts: [] };
  const kept: string[] = [];
  const discounts: EarlyPaymentDiscount[] = [];
  for (const line of terms.split(/\r?\n/)) {
    const match = TERM.exec(line.trim());
    if (!match) {
      kept.push(line);
      continue;
    }
    discounts.push({
      days: Number(match[1]),
      percent: match[2] as string,
      ...(match[3] !== undefined ? { base_amount: match[3] } : {}),
    });
  }
  const text = kept.join('\n').trim();
  return { text: text === '' ? null : text, discounts };
}

/** The problems of discounts a document states (`at`: the field's path), beyond the schema. */
export function discountProblems(
  terms: readonly EarlyPaymentDiscount[] | undefined,
  at: string,
): { loc: string; msg: string; type: string }[] {
  const problems: { loc: string; msg: string; type: string }[] = [];
  (terms ?? []).forEach((term, i) => {
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(term.percent) || /^0+(\.0+)?$/.test(term.percent)) {
      problems.push({
        loc: `${at}.${i}.percent`,
        msg: 'percent must be more than 0 and less than 100, with at most 2 decimals',
        type: 'invalid_value',
      });
    }
    if (term.base_amount !== undefined && !/^\d+(\.\d{1,2})?$/.test(term.base_amount)) {
      problems.push({
        loc: `${at}.${i}.base_amount`,
        msg: 'base_amount must be a positive amount with at most 2 decimals',
        type: 'invalid_value',
      });
    }
  });
  return problems;
}
