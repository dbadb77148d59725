// What a received invoice asks to be paid, when and where (BG-16, BG-17, BT-9, BT-20, its #SKONTO# terms),
// what has been paid against it, and its payments as the API answers them: the payment part of the
// received document's answer (model.ts presents the rest).
import { t } from 'elysia';
import { splitPaymentTerms } from '../../domain/early-payment-discount';
import {
  dec,
  div,
  isDecimalString,
  isNegative,
  isZero,
  mul,
  round,
  sub,
  toFixedString,
} from '../../domain/money';
import { addDays } from '../../shared/dates';
import { minorUnitsOf, paymentFigures } from '../documents';
import { PaymentSchema, paymentView } from '../payments';
import type { ReceivedDocumentRow, ReceivedPaymentRow } from './schema';

const Nullable = (schema: ReturnType<typeof t.String>) => t.Union([schema, t.Null()]);

/** Where the money goes and when (BG-16, BG-17, BT-9, BT-20). */
export const ReceivedPayment = t.Object({
  due_date: Nullable(t.String({ description: 'BT-9' })),
  terms: Nullable(t.String({ description: 'BT-20 as written (XRechnung #SKONTO# lines included)' })),
  early_payment_discounts: t.Array(
    t.Object({
      days: t.Integer({ description: 'From the issue date' }),
      percent: t.String(),
      base_amount: Nullable(t.String()),
      pay_by: Nullable(t.String({ description: 'The issue date plus days' })),
      amount: Nullable(
        t.String({
          description:
            'What is then to be paid: what is still due less the discount; null when nothing more is due',
        }),
      ),
    }),
    { description: 'The XRechnung #SKONTO# terms of BT-20, read: a payment by pay_by of amount settles it' },
  ),
  reference: Nullable(
    t.String({
      description:
        'BT-83: the payment reference the seller asks the payer to quote (null: the file states none but the invoice number)',
    }),
  ),
  bank_account: t.Union([
    t.Object(
      {
        iban: Nullable(t.String({ description: 'BT-84' })),
        bic: Nullable(t.String({ description: 'BT-86' })),
        account_name: Nullable(t.String({ description: 'BT-85' })),
        bank_name: Nullable(t.String()),
      },
      { description: "BG-17: the seller's account to pay into" },
    ),
    t.Null(),
  ]),
  direct_debit: t.Union([
    t.Object(
      { mandate_reference: t.String(), creditor_id: t.String(), debited_account: Nullable(t.String()) },
      { description: 'BG-19: the amount is collected by direct debit, do not transfer it' },
    ),
    t.Null(),
  ]),
});

type ReceivedPaymentView = typeof ReceivedPayment.static;

/**
 * amount_paid, amount_due and payment_status of a received document, against its BT-115 as documents do.
 * A document an older version kept with an amount the service cannot hold (21 digits: the reader refuses
 * such a file now, einvoicing/receive/held-values.ts) answers its amount due as the file states it, unpaid:
 * no arithmetic is done with it (every read of it was a 500).
 */
export function receivedFigures(row: Pick<ReceivedDocumentRow, 'amountDue' | 'currency' | 'amountPaid'>) {
  if (!heldAmounts(row)) {
    return {
      amount_paid: row.amountPaid,
      amount_credited: '0',
      amount_due: row.amountDue,
      payment_status: 'unpaid' as const,
      settled: false,
    };
  }
  return paymentFigures({
    totals: { amount_due: row.amountDue, total: row.amountDue },
    currency: row.currency,
    amountPaid: row.amountPaid,
  });
}

/** Whether a received document's amount due and payments are amounts the service holds (see receivedFigures). */
export const heldAmounts = (row: Pick<ReceivedDocumentRow, 'amountDue' | 'amountPaid'>) =>
  isDecimalString(row.amountDue) && isDecimalString(row.amountPaid);

export function figuresOf(row: ReceivedDocumentRow) {
  const { amount_paid, amount_due, payment_status } = receivedFigures(row);
  return { amount_due, amount_paid, payment_status };
}

/** A payment against a received document: the Payment of documents, naming the received document instead. */
export const ReceivedDocumentPayment = t.Composite([
  // Its delete follows the received document's creator (receiving/access.ts), not the payment's: no created_by.
  t.Omit(PaymentSchema, ['document_id', 'created_by']),
  t.Object({ received_document_id: t.String() }),
]);
export type ReceivedDocumentPayment = typeof ReceivedDocumentPayment.static;

export function presentReceivedPayment(row: ReceivedPaymentRow): ReceivedDocumentPayment {
  return { ...paymentView(row), received_document_id: row.receivedDocumentId };
}

/**
 * The #SKONTO# terms of a received invoice, with the date and the amount each asks (exact decimals): the
 * discount is of the stated amount due (or the term's base), and a payment by then is what is still due less
 * it, so with a part paid it asks the rest; null once that is not above zero (nothing more to pay).
 */
function discountsOf(row: ReceivedDocumentRow): ReceivedPaymentView['early_payment_discounts'] {
  if (!heldAmounts(row)) return [];
  const units = minorUnitsOf(row.currency);
  const stillDue = dec(receivedFigures(row).amount_due);
  return splitPaymentTerms(row.data.payment?.instructions)
    .discounts.filter((term) => !isZero(dec(term.percent)))
    .map((term) => {
      const base = dec(term.base_amount ?? row.amountDue);
      const discount = round(div(mul(base, dec(term.percent)), dec('100')), units);
      const rest = sub(stillDue, discount);
      return {
        days: term.days,
        percent: term.percent,
        base_amount: term.base_amount ?? null,
        pay_by: row.issueDate ? addDays(row.issueDate, term.days) : null,
        amount: isZero(rest) || isNegative(rest) ? null : toFixedString(rest, units),
      };
    });
}

export function paymentOf(row: ReceivedDocumentRow): ReceivedPaymentView {
  const payment = row.data.payment;
  const bank = payment?.bank_account;
  const debit = payment?.direct_debit;
  return {
    due_date: row.dueDate,
    terms: payment?.instructions ?? null,
    early_payment_discounts: discountsOf(row),
    reference: payment?.reference ?? null,
    bank_account: bank
      ? {
          iban: bank.account_number ?? null,
          bic: bank.swift ?? null,
          account_name: bank.account_name ?? null,
          bank_name: bank.bank_name ?? null,
        }
      : null,
    direct_debit: debit
      ? {
          mandate_reference: debit.mandate_reference,
          creditor_id: debit.creditor_id,
          debited_account: debit.debited_account ?? null,
        }
      : null,
  };
}
