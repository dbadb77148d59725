import { cmp, dec, isZero, sub, toFixedString } from '../../domain/money';
import { currencyDecimals } from '../../domain/reference';
import type { DocumentRow } from './schema';

export const PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid', 'overpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentFigures {
  amount_paid: string;
  /** What is still owed: the totals' amount due (after prepaid amounts, BT-115) less the payments; negative when overpaid. */
  amount_due: string;
  payment_status: PaymentStatus;
  /** The payments cover what was due: the document counts as paid. */
  settled: boolean;
}

/** The minor units amounts of `currency` are written with (2 for a code the list does not know). */
export const minorUnitsOf = (currency: string) => currencyDecimals(currency) ?? 2;

/** A document's payment figures, exact decimals in its currency's minor units (docs/payments.md). */
export function paymentFigures(row: Pick<DocumentRow, 'totals' | 'currency' | 'amountPaid'>): PaymentFigures {
  const units = minorUnitsOf(row.currency);
  const owed = dec(row.totals.amount_due ?? row.totals.total);
  const paid = dec(row.amountPaid);
  const order = cmp(paid, owed);
  const payment_status: PaymentStatus = isZero(paid)
    ? 'unpaid'
    : order < 0
      ? 'partially_paid'
      : order === 0
        ? 'paid'
        : 'overpaid';
  return {
    amount_paid: toFixedString(paid, units),
    amount_due: toFixedString(sub(owed, paid), units),
    payment_status,
    settled: !isZero(paid) && order >= 0,
  };
}
