// The VAT in what was paid in advance (BT-113): a final invoice deducts the partial payments received
// before the work was done *and the VAT on them* (§ 14 Abs. 5 Satz 2 UStG; UStAE 14.8: the sum of both may
// be deducted at once), else the seller owes the VAT the final invoice shows in full once more (§ 14c
// UStG). The data states the prepaid amount gross; with one VAT rate the VAT in it follows.
import {
  add,
  dec,
  div,
  eq,
  gt,
  HUNDRED,
  isNegative,
  isZero,
  mul,
  round,
  sub,
  toFixedString,
} from './decimal';
import type { MinorUnits, TotalsResult } from './types';

/** What a deducted invoice stated (document-content.ts `Deduction`): its VAT and its one rate, if one. */
export interface StatedDeduction {
  tax_amount: string;
  tax_rate?: string;
}

export interface PrepaidTax {
  /** The one VAT group's category and rate. */
  category: string | null;
  rate: string;
  /** Gross, as BT-113 states it. */
  prepaid: string;
  /** The VAT in it: prepaid x rate / (100 + rate), to the minor unit; paid in full, the document's VAT. */
  prepaid_tax: string;
  /** The VAT in what is left to pay: the document's VAT less the prepaid's. */
  remaining_tax: string;
}

/**
 * The VAT in a document's prepaid amount, when it follows (with `deductions`, the invoices deducted: the
 * sum of the VAT each stated): something was paid in advance, the document
 * has exactly one VAT group, added on top at a rate above 0 with VAT to show, holding its whole total (no
 * untaxed line beside it), and its VAT total is its own (not a received file's stated one, rule 8b). Null
 * otherwise (several rates: the data does not say how the prepayments split; a document without VAT; VAT
 * in the prices; a negative document).
 */
export function prepaidTaxOf(
  totals: TotalsResult,
  minorUnits: MinorUnits,
  deductions?: readonly StatedDeduction[],
): PrepaidTax | null {
  const prepaid = totals.prepaid_amount;
  if (prepaid === undefined || totals.stated?.includes('tax_total')) return null;
  const [group, ...others] = totals.tax_groups;
  if (!group || others.length > 0 || group.inclusive) return null;
  const amount = dec(prepaid);
  const [rate, tax] = [dec(group.rate), dec(group.tax_amount)];
  if (isZero(amount) || isNegative(amount) || !gt(rate, dec('0')) || !gt(tax, dec('0'))) return null;
  // The whole total in the group: no untaxed line (which forms no group) beside it.
  if (!eq(add(dec(group.taxable_amount), tax), dec(totals.total))) return null;
  // Deducted invoices stated their VAT: it is their sum, exact (none worked out from the gross sum, which
  // may be a cent off), where each was at the document's one rate; at another rate or several, none.
  if (deductions && deductions.length > 0) {
    if (!deductions.every((d) => d.tax_rate !== undefined && eq(dec(d.tax_rate), rate))) return null;
  }
  // Paid in full: the VAT in it is the document's (a received file's VAT as stated per group may be a cent
  // from what rounding the gross back gives).
  const prepaidTax =
    deductions && deductions.length > 0
      ? deductions.reduce((sum, d) => add(sum, dec(d.tax_amount)), dec('0'))
      : eq(amount, dec(totals.total))
        ? tax
        : round(div(mul(amount, rate), add(HUNDRED, rate)), minorUnits);
  return {
    category: group.category,
    rate: group.rate,
    prepaid,
    prepaid_tax: toFixedString(prepaidTax, minorUnits),
    remaining_tax: toFixedString(sub(tax, prepaidTax), minorUnits),
  };
}
