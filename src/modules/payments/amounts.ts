import { cmp, dec, isDecimalString, isNegative, isZero, sub, sum, toFixedString } from '../../domain/money';
import { validationError } from '../../shared/errors';
import { minorUnitsOf } from '../documents';
import type { CreatePaymentBody } from './model';
import type { PaymentRow } from './schema';

/**
 * A payment's amount as stored: a positive decimal with at most the currency's minor units ("50" in EUR is
 * "50.00"); anything else is a 422 naming `body.amount`. Exact decimals throughout, never a JS number.
 */
export function paymentAmount(text: string, currency: string, loc = 'body.amount'): string {
  const units = minorUnitsOf(currency);
  const fail = (msg: string) => validationError([{ loc, msg, type: 'invalid_value' }]);
  const name = loc.split('.').pop();
  if (!isDecimalString(text)) throw fail(`${name} must be a decimal string such as "119.00"`);
  const value = dec(text);
  if (isZero(value) || isNegative(value)) throw fail(`${name} must be greater than zero`);
  const fraction = text.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > units)
    throw fail(`${name} has more decimals than ${currency} has minor units (${units})`);
  return toFixedString(value, units);
}

/** The sum of a document's (or a received document's) payments, in its currency's minor units. */
export function totalPaid(rows: readonly Pick<PaymentRow, 'amount'>[], currency: string): string {
  return toFixedString(sum(rows.map((r) => dec(r.amount))), minorUnitsOf(currency));
}

/**
 * A request's fields as stored, its amount checked against `currency` (a 422 naming `body.amount` if bad);
 * its date is a day of the calendar by the schema's `date` format (http/date-format.ts).
 */
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

/**
 * The Skonto entry a payment brings (`discount`), as stored: the same date and reference, method
 * early_payment_discount. Amount and discount together may not exceed `due`, what is still owed before the
 * payment (a 422 naming `body.discount`): a discount settles, it never overpays. Null without a discount.
 */
export function discountFields(
  body: CreatePaymentBody,
  currency: string,
  due: string,
): Pick<PaymentRow, 'amount' | 'date' | 'method' | 'reference' | 'note'> | null {
  if (body.discount === undefined) return null;
  const discount = paymentAmount(body.discount, currency, 'body.discount');
  const amount = paymentAmount(body.amount, currency);
  const rest = sub(dec(due), dec(amount));
  if (cmp(dec(discount), rest) > 0) {
    const units = minorUnitsOf(currency);
    throw validationError([
      {
        loc: 'body.discount',
        msg: `discount is more than the ${toFixedString(isNegative(rest) ? dec('0') : rest, units)} still due after the amount`,
        type: 'invalid_value',
      },
    ]);
  }
  return {
    amount: discount,
    date: body.date,
    method: 'early_payment_discount',
    reference: body.reference ?? null,
    note: 'Skonto',
  };
}

/**
 * The payments of one document may add up to at most what the service keeps (15 digits before the point):
 * a payment that would pass it is a 422 naming `body.amount`, never a sum stored that cannot be read again.
 */
export function checkPaidBound(
  existing: readonly Pick<PaymentRow, 'amount'>[],
  added: readonly string[],
  currency: string,
): void {
  const total = toFixedString(
    sum([...existing.map((r) => dec(r.amount)), ...added.map((a) => dec(a))]),
    minorUnitsOf(currency),
  );
  if (isDecimalString(total)) return;
  throw validationError([
    {
      loc: 'body.amount',
      msg: 'the payments of this document would add up to more than 999999999999999.99',
      type: 'too_large',
    },
  ]);
}
