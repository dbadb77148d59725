// Reading the amounts of a totals input (discounts, rules 6, 6a, 8a and 9 of docs/calculation.md): each value checked
// at its loc, problems collected as values. Split from totals.ts, which applies the rules.
import { type Decimal, dec, eq, gt, HUNDRED, isDecimalString, isNegative, lt, round, ZERO } from './decimal';
import { type ParsedTax, parseTaxes } from './tax-groups';
import type { ChargeInput, DiscountInput, MinorUnits, ShippingInput, TotalsProblem } from './types';

/** A document charge, rounded, with its own taxes (undefined = the lines' shared set) and reason. */
export interface ReadCharge {
  total: Decimal;
  taxes: ParsedTax[] | undefined;
  reason: string | null;
}

/** The shipping, rounded, with its own taxes (undefined = the lines' shared set). */
export interface ReadShipping {
  total: Decimal;
  taxes: ParsedTax[] | undefined;
}

/** An amount that must be zero or more (shipping, charges). */
export function readNonNegative(value: string, loc: string, problems: TotalsProblem[]): Decimal | null {
  const amount = readDecimal(value, loc, problems);
  if (amount === null) return null;
  if (isNegative(amount)) {
    problems.push({ loc, msg: 'must be zero or more (an allowance is a discount)', type: 'invalid' });
    return null;
  }
  return amount;
}

/** Rule 6a: a document charge like shipping, with its reason. */
export function readCharge(
  charge: ChargeInput,
  loc: string,
  mu: MinorUnits,
  problems: TotalsProblem[],
): ReadCharge | null {
  const amount = readDecimal(charge.amount, `${loc}.amount`, problems);
  const taxes = charge.taxes == null ? undefined : parseTaxes(charge.taxes, `${loc}.taxes`, problems);
  if (amount === null || taxes === null) return null;
  return { total: round(amount, mu), taxes, reason: charge.reason?.trim() || null };
}

/** Rule 6: the charge, and its own taxes when given (undefined = inherit the lines' shared set). */
export function readShipping(
  shipping: ShippingInput | null | undefined,
  mu: MinorUnits,
  problems: TotalsProblem[],
): ReadShipping | null {
  if (shipping === null || shipping === undefined) return { total: ZERO, taxes: [] };
  const amount = readDecimal(shipping.amount, 'shipping.amount', problems);
  if (amount !== null && isNegative(amount)) {
    problems.push({ loc: 'shipping.amount', msg: 'shipping must be zero or more', type: 'invalid' });
  }
  const taxes = shipping.taxes == null ? undefined : parseTaxes(shipping.taxes, 'shipping.taxes', problems);
  if (amount === null || isNegative(amount) || taxes === null) return null;
  return { total: round(amount, mu), taxes };
}

/**
 * BT-113 / BT-114 / BT-DEX-002: any sign here (a credit note's prepaid amount is negative too), in the
 * currency's decimals.
 */
export function readAdjustment(
  value: string | undefined,
  loc: string,
  mu: MinorUnits,
  problems: TotalsProblem[],
): Decimal | null {
  if (value === undefined) return ZERO;
  const amount = readDecimal(value, loc, problems);
  if (amount === null) return null;
  if (!eq(round(amount, mu), amount)) {
    const msg = `has more decimals than the currency's ${mu}`;
    problems.push({ loc, msg, type: 'decimal_places' });
    return null;
  }
  return amount;
}

export function readDecimal(value: unknown, loc: string, problems: TotalsProblem[]): Decimal | null {
  if (isDecimalString(value)) return dec(value);
  const msg = 'must be a decimal string: digits, an optional leading "-" and "." (up to 15 + 10 digits)';
  problems.push({ loc, msg, type: 'decimal_format' });
  return null;
}

/** A discount as the rules apply it: its value read, the tax groups it is limited to (null = every line). */
export interface Discount {
  type: DiscountInput['type'];
  value: Decimal;
  reason: string | null;
  /** Tax group keys the discount is limited to; null = every line. */
  groups: string[] | null;
}

/** A discount of either level: percentage 0..100, fixed >= 0. */
export function readDiscount(
  discount: DiscountInput,
  loc: string,
  problems: TotalsProblem[],
  /** Rule 5b: a fixed document discount on a negative document may be negative (negated with it). */
  negativeAllowed = false,
): Discount | null {
  const { type } = discount;
  if (type !== 'percentage' && type !== 'fixed') {
    problems.push({ loc: `${loc}.type`, msg: "type must be 'percentage' or 'fixed'", type: 'invalid' });
    return null;
  }
  const value = readDecimal(discount.value, `${loc}.value`, problems);
  if (value === null) return null;
  if (
    (lt(value, ZERO) && !(negativeAllowed && type === 'fixed')) ||
    (type === 'percentage' && gt(value, HUNDRED))
  ) {
    const msg = type === 'percentage' ? 'a percentage must be between 0 and 100' : 'must be zero or more';
    problems.push({ loc: `${loc}.value`, msg, type: 'invalid' });
    return null;
  }
  return { type, value, reason: discount.reason ?? null, groups: null };
}
