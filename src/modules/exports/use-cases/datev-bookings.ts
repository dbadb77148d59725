// The bookings of one document: one per tax case (a document with 19 % and 7 % lines gives two), gross
// amounts, the party's personal account against the revenue or expense account of the case.
import { add, type Decimal, dec, isNegative, isZero, sub, sum, toFixedString } from '../../../domain/money';
import { type AccountMap, TAX_CASES, type TaxCase, taxCaseOf } from '../accounts';
import type { Booking } from '../datev/format';

export interface TaxGroupFigures {
  category: string | null;
  rate: string;
  taxable_amount: string;
  tax_amount: string;
}

export interface BookedDocument {
  /** The gross total (BT-112) the bookings add up to. */
  total: string;
  taxGroups: readonly TaxGroupFigures[];
  /** Which way the personal account moves for a positive amount: S for an issued invoice, H for a received one. */
  side: 'S' | 'H';
  currency: string;
  account: number;
  date: string;
  reference: string;
  text: string;
}

const other = (side: 'S' | 'H'): 'S' | 'H' => (side === 'S' ? 'H' : 'S');

/**
 * The gross per tax case (taxable amount plus tax of each group); whatever the groups do not cover of the
 * total (an amount outside every tax group) is booked as `other` so the bookings always sum to the total.
 */
function grossByCase(doc: BookedDocument): Map<TaxCase, Decimal> {
  const byCase = new Map<TaxCase, Decimal>();
  for (const group of doc.taxGroups) {
    const taxCase = taxCaseOf(group.category, group.rate);
    const gross = add(dec(group.taxable_amount), dec(group.tax_amount));
    byCase.set(taxCase, add(byCase.get(taxCase) ?? dec('0'), gross));
  }
  const rest = sub(dec(doc.total), sum([...byCase.values()]));
  if (!isZero(rest)) byCase.set('other', add(byCase.get('other') ?? dec('0'), rest));
  return byCase;
}

/** The document's bookings, in the order of TAX_CASES; a negative amount books the other way round. */
export function bookingsOf(doc: BookedDocument, accounts: AccountMap): Booking[] {
  const byCase = grossByCase(doc);
  const bookings: Booking[] = [];
  for (const taxCase of TAX_CASES) {
    const gross = byCase.get(taxCase);
    if (gross === undefined || isZero(gross)) continue;
    const negative = isNegative(gross);
    const assignment = accounts[taxCase];
    bookings.push({
      amount: toFixedString(negative ? sub(dec('0'), gross) : gross, 2),
      side: negative ? other(doc.side) : doc.side,
      currency: doc.currency,
      account: doc.account,
      counterAccount: assignment.account,
      taxKey: assignment.tax_key,
      date: doc.date,
      reference: doc.reference,
      text: doc.text,
    });
  }
  return bookings;
}

export const flipped = other;
