import {
  add,
  cmp,
  dec,
  isNegative,
  isZero,
  neg,
  sub,
  toFixedString,
  toPlainString,
} from '../../domain/money';
import { minorUnitsOf } from '../../domain/reference';
import { daysBetween } from '../../shared/dates';
import { getDocumentType, isDocumentType } from '../reference';
import type { DocumentRow } from './schema';

export const PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid', 'overpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentFigures {
  amount_paid: string;
  /** Set against it by issued credit notes (Rechnungskorrekturen) naming it; "0" for other documents. */
  amount_credited: string;
  /** What is still owed: the totals' amount due (after prepaid amounts, BT-115) less the payments; negative when overpaid. */
  amount_due: string;
  payment_status: PaymentStatus;
  /** The payments cover what was due: the document counts as paid. */
  settled: boolean;
}

export { minorUnitsOf };

/**
 * What a credit note credits: its amount due (else its total), as a positive amount when it was entered
 * with negative amounts (its total negative, docs/calculation.md): such a one credits as much as one
 * entered positive, as its e-invoice states it (every amount negated). The reports, exports and the
 * invoice's `amount_credited` read it so; the database's kept sums likewise (migrations 0039 / pg 0020).
 */
export function creditedAmount(totals: { amount_due?: string; total: string }): string {
  const amount = totals.amount_due ?? totals.total;
  return isNegative(dec(totals.total)) ? toPlainString(neg(dec(amount))) : amount;
}

/**
 * A document's payment figures, exact decimals in its currency's minor units (docs/payments.md); a received
 * document's too (its stated totals).
 */
export function paymentFigures(row: {
  totals: { amount_due?: string; total: string };
  currency: string;
  amountPaid: string;
  amountCredited?: string;
}): PaymentFigures {
  const units = minorUnitsOf(row.currency);
  const credited = dec(row.amountCredited ?? '0');
  // What the credit notes set against it no longer needs paying; the payments are measured against the rest.
  const owed = sub(dec(row.totals.amount_due ?? row.totals.total), credited);
  const paid = dec(row.amountPaid);
  const covered = add(paid, credited);
  const order = cmp(paid, owed);
  const payment_status: PaymentStatus = isZero(covered)
    ? 'unpaid'
    : order < 0
      ? 'partially_paid'
      : order === 0
        ? 'paid'
        : 'overpaid';
  return {
    amount_paid: toFixedString(paid, units),
    amount_credited: toFixedString(credited, units),
    amount_due: toFixedString(sub(owed, paid), units),
    payment_status,
    settled: !isZero(covered) && order >= 0,
  };
}

/**
 * Whole days a finalized or sent invoice is past its due date with something still due (section 2 of
 * issue 28); 0 for every other document, and on the due date itself. `today` is YYYY-MM-DD (the service clock).
 */
export function daysOverdue(
  row: Pick<
    DocumentRow,
    'documentType' | 'status' | 'dueDate' | 'totals' | 'currency' | 'amountPaid' | 'amountCredited'
  >,
  today: string,
): number {
  const type = row.documentType;
  if (!isDocumentType(type) || getDocumentType(type)?.payable !== true) return 0;
  if ((row.status !== 'finalized' && row.status !== 'sent') || !row.dueDate || row.dueDate >= today) return 0;
  const due = dec(paymentFigures(row).amount_due);
  if (isZero(due) || isNegative(due)) return 0;
  return daysBetween(row.dueDate, today);
}
