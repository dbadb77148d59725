import { dec, isDecimalString, isNegative, isZero, sum, toFixedString } from '../../domain/money';
import { validationError } from '../../shared/errors';
import { minorUnitsOf } from '../documents';
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

/** The sum of a document's payments, in its currency's minor units. */
export function totalPaid(rows: readonly PaymentRow[], currency: string): string {
  return toFixedString(sum(rows.map((r) => dec(r.amount))), minorUnitsOf(currency));
}
