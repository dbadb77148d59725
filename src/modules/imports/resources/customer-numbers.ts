// A customers CSV's numbers against DATEV's debtor accounts: a customer number as debtor number or metadata.
import type { FieldError } from '../../../shared/errors';
import { CUSTOMER_NUMBER, CUSTOMER_NUMBER_KEY } from './customer-columns';

/** A debtor number is a whole number, digits only. */
export const DIGITS = /^\d{1,12}$/;

type Range = readonly [number, number];

export const isDebtorAccount = (value: string, [low, high]: Range) =>
  /^[1-9]\d{0,11}$/.test(value) && Number(value) >= low && Number(value) <= high;

export const notDebtorMsg = (value: string, [low, high]: Range, length: number) =>
  `'${value}' is not a DATEV debtor account (${low}-${high} for account length ${length}): ` +
  `a customer number that is none belongs in a 'metadata.${CUSTOMER_NUMBER_KEY}' column`;

export const debtorNumberOf = (body: unknown): number | undefined => {
  const value = (body as { debtor_number?: unknown } | null)?.debtor_number;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
};

/** What a file's customer numbers are: all DATEV debtor accounts, none of them, or a mix (an error). */
type NumberMode = 'debtor' | 'metadata' | 'mixed';

export const customerNumberOf = (body: unknown): string | undefined => {
  const value = (body as Record<string, unknown> | null)?.[CUSTOMER_NUMBER];
  return typeof value === 'string' ? value : undefined;
};

export function numberMode(numbers: readonly string[], range: Range): NumberMode {
  const debtors = numbers.filter((n) => isDebtorAccount(n, range)).length;
  if (debtors === numbers.length) return 'debtor';
  return debtors === 0 ? 'metadata' : 'mixed';
}

/**
 * A CSV row's customer number (a column without a debtor column beside it) as the create body takes it: its
 * `debtor_number`, or `metadata.Kundennummer` (a metadata column of it wins), or a problem at its column.
 */
export function withCustomerNumber(
  body: unknown,
  mode: NumberMode,
  settings: { range: Range; length: number },
  loc: string,
): { body: unknown; problems: FieldError[]; debtorLoc?: string } {
  const value = customerNumberOf(body);
  if (value === undefined) return { body, problems: [] };
  const { [CUSTOMER_NUMBER]: _, ...rest } = body as Record<string, unknown>;
  if (mode === 'metadata') {
    const metadata = (rest.metadata ?? {}) as Record<string, string>;
    return { body: { ...rest, metadata: { [CUSTOMER_NUMBER_KEY]: value, ...metadata } }, problems: [] };
  }
  if (isDebtorAccount(value, settings.range)) {
    return { body: { ...rest, debtor_number: Number(value) }, problems: [], debtorLoc: loc };
  }
  const msg = notDebtorMsg(value, settings.range, settings.length);
  return { body: rest, problems: [{ loc, msg, type: DIGITS.test(value) ? 'out_of_range' : 'int_parsing' }] };
}

export const takenMsg = (number: number) =>
  `debtor_number ${number} belongs to another customer of this account`;
