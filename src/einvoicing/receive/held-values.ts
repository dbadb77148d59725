// A value a received file states that the document data cannot hold and the invoice cannot do without (an
// amount, a quantity or a rate past the data's DecimalString, a document currency that is no ISO 4217 code):
// the file is refused, naming the element that holds it and what is wrong with it. Left out, such a value
// would change what the invoice says; kept, the service's arithmetic and the database cannot take it
// (an amount of 21 digits made the payables report fail on SQLite and the insert on PostgreSQL).
import { isDecimalString } from '../../domain/money';
import { NotAnEInvoiceError } from './types';

/** Thrown by the reader's passes; parseEInvoice turns it into the refusal naming the element. */
export class UnheldValueError extends Error {
  constructor(
    readonly value: string,
    readonly problem: string,
    /** Where the data would hold it (`BT-115`, `line_items[0].quantity`), for when no element names it. */
    readonly path: string,
  ) {
    super(`${JSON.stringify(value)} at ${path}: ${problem}`);
  }
}

const DIGITS = /^[-+]?\d*(?:\.\d*)?$/;

/** What is wrong with a decimal the data cannot hold (`isDecimalString` is false). */
export function decimalProblem(value: string): string {
  const v = value.trim();
  if (!DIGITS.test(v) || !/\d/.test(v)) return 'which is not a number';
  const [whole = '', places = ''] = v.replace(/^[-+]/, '').split('.');
  if (whole.replace(/^0+(?=\d)/, '').length > 15)
    return 'which has more than the 15 digits before the decimal point the service keeps';
  if (places.length > 10) return 'which has more than the 10 decimal places the service keeps';
  return 'which is not a number';
}

/** An amount, quantity or rate the data cannot hold, as the error the reader throws. */
export const unheldDecimal = (value: string, path: string) =>
  new UnheldValueError(value, decimalProblem(value), path);

export const unheldCurrency = (value: string, path: string) =>
  new UnheldValueError(value, 'which is no ISO 4217 currency code (3 capital letters)', path);

/** A value as a refusal quotes it: at most 80 characters (a hostile file's long values stay in the file). */
const quoted = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value);

const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The refusal of a file for a value the data cannot hold, naming the element that holds it as its whole
 * text and its line (`cbc:PayableAmount on line 129 holds "100000000000000000000.2", which has more than
 * …`); else the data's place for it. Worded as every unreadable value is (`The e-invoice cannot be read:`),
 * which the console words in its language.
 */
export function refusalOf(xml: string, error: UnheldValueError): NotAnEInvoiceError {
  const value = error.value.trim();
  const found =
    value === ''
      ? null
      : new RegExp(`<([\\w.:-]+)(?:\\s[^>]*)?>\\s*${escaped(value)}\\s*</\\1\\s*>`).exec(xml);
  const where = found
    ? `${found[1]} on line ${xml.slice(0, found.index).split('\n').length} holds ${quoted(value)}`
    : error.path === ''
      ? quoted(value)
      : `${quoted(value)} (${error.path})`;
  return new NotAnEInvoiceError(`The e-invoice cannot be read: ${where}, ${error.problem}`);
}

const NO_DECIMAL = /^not a decimal string: (".*")$/s;

/**
 * A decimal the reader's arithmetic met that is no DecimalString (`dec` refuses it: `1E+25`, 21 digits,
 * 11 places), as the error naming why; anything else as it is.
 */
export function heldOrAsIs(error: unknown): unknown {
  if (!(error instanceof TypeError)) return error;
  const text = NO_DECIMAL.exec(error.message)?.[1];
  if (text === undefined) return error;
  const value = JSON.parse(text) as string;
  return isDecimalString(value) ? error : unheldDecimal(value, '');
}
