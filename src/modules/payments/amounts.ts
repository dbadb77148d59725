import { dec, isDecimalString, isNegative, isZero, sum, toFixedString } from '../../domain/money';
import { validationError } from '../../shared/errors';
import { minorUnitsOf } from '../documents';
import type { CreatePaymentBody } from './model';
import type { PaymentRow } from './schema';

/**
 * A payment's amount as stored: a positive decimal with at most the currency's minor units ("50" in EUR is
 * "50.00"); anything else is a 422 naming `body.amount`. Exact decimals throughout, never a JS number.
 */
export function paymentAmount(text: string, currency: string): string {
  const units = minorUnitsOf(currency);
  const fail = (msg: string) => validationError([{ loc: 'body.amount', msg, type: 'invalid_value' }]);
  if (!isDecimalString(text)) throw fail('amount must be a decimal string such as "119.00"');
  const value = dec(text);
  if (isZero(value) || isNegative(value)) throw fail('amount must be greater than zero');
  const fraction = text.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > units)
    throw fail(`amount has more decimals than ${currency} has minor units (${units})`);
  return toFixedString(value, units);
}

/** The sum of a document's (or a received document's) payments, in its currency's minor units. */
export function totalPaid(rows: readonly Pick<PaymentRow, 'amount'>[], currency: string): string {
  return toFixedString(sum(rows.map((r) => dec(r.amount))), minorUnitsOf(currency));
}

/** A request's fields as stored, its amount checked against `currency` (a 422 naming `body.amount` if bad). */
export function paymentFields(
  body: CreatePaymentBody,
  currency: string,
): Pick<PaymentRow, 'amount' | 'date' | 'method' | 'reference' | 'note'> {
  return {
    amount: paymentAmount(body.amount, currency),
    date: body.date,
    method: body.method ?? null,
    reference: body.reference ?? null,
    note: body.note ?? null,
  };
}
