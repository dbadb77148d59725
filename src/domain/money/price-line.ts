// A line's amount by rule 2 of docs/calculation.md: its gross less its discount, plus its charges.
import {
  add,
  type Decimal,
  div,
  gt,
  isNegative,
  isZero,
  lt,
  mul,
  percentOf,
  round,
  sub,
  sum,
  ZERO,
} from './decimal';
import { type Discount, readDecimal, readDiscount, readNonNegative } from './read-amounts';
import type { ParsedTax } from './tax-groups';
import type { MinorUnits, TotalsInput, TotalsProblem } from './types';

export interface PricedLine {
  gross: Decimal;
  discount: Decimal;
  /** Line charges (rounded each), summed. */
  charges: Decimal;
  hasCharges: boolean;
  amount: Decimal;
  /** `amount` in whole minor units: the weight for allocation and, less that, the tax base. */
  units: bigint;
  taxes: ParsedTax[];
}

/** Rule 2. */
export function priceLine(
  line: TotalsInput['lines'][number],
  loc: string,
  mu: MinorUnits,
  problems: TotalsProblem[],
): Omit<PricedLine, 'units' | 'taxes'> | null {
  const quantity = readDecimal(line.quantity, `${loc}.quantity`, problems);
  const price = line.unit_price == null ? ZERO : readDecimal(line.unit_price, `${loc}.unit_price`, problems);
  // Rule 2a: a negative line (a credited item) may carry its allowance and charges negated with it.
  const negativeLine = quantity !== null && price !== null && isNegative(mul(quantity, price));
  const discount =
    line.discount == null
      ? undefined
      : readDiscount(line.discount, `${loc}.discount`, problems, negativeLine);
  const charges = (line.charges ?? []).map((c, k) =>
    negativeLine
      ? readDecimal(c.amount, `${loc}.charges.${k}.amount`, problems)
      : readNonNegative(c.amount, `${loc}.charges.${k}.amount`, problems),
  );
  const base = readBaseQuantity(line.price_base_quantity, `${loc}.price_base_quantity`, problems);
  if (line.gross_unit_price != null && price !== null) {
    checkGrossPrice(line.gross_unit_price, price, `${loc}.gross_unit_price`, problems);
  }
  if (quantity === null || price === null || base === null || discount === null || charges.includes(null)) {
    return null;
  }
  // Rule 2: a price per base quantity (BT-149) is divided once, after the exact product.
  const gross = round(base === undefined ? mul(quantity, price) : div(mul(quantity, price), base), mu);
  const chargeTotal = sum(charges.map((c) => round(c ?? ZERO, mu)));
  const priced = pricedLine(gross, discount, quantity, price, mu, `${loc}.discount.value`, problems);
  if (priced === null) return null;
  const hasCharges = (line.charges ?? []).length > 0;
  return { ...priced, charges: chargeTotal, hasCharges, amount: add(priced.amount, chargeTotal) };
}

/** BT-148: the price before its discount is no less than the price, and a credited price has none. */
function checkGrossPrice(value: string, price: Decimal, loc: string, problems: TotalsProblem[]): void {
  const gross = readDecimal(value, loc, problems);
  if (gross === null) return;
  if (isNegative(price)) {
    problems.push({ loc, msg: 'a negative price has no gross price (BT-148)', type: 'invalid' });
  } else if (lt(gross, price)) {
    problems.push({
      loc,
      msg: 'must be at least unit_price (the price before its discount)',
      type: 'invalid',
    });
  }
}

/** BT-149: absent is 1; present, greater than zero (PEPPOL-EN16931-R121). */
function readBaseQuantity(
  value: string | undefined,
  loc: string,
  problems: TotalsProblem[],
): Decimal | undefined | null {
  if (value == null) return undefined;
  const base = readDecimal(value, loc, problems);
  if (base === null) return null;
  if (!gt(base, ZERO)) {
    problems.push({
      loc,
      msg: 'must be greater than zero (the number of units the price is for)',
      type: 'invalid',
    });
    return null;
  }
  return base;
}

/** Rule 2 without charges: the gross less the line discount. */
function pricedLine(
  gross: Decimal,
  discount: Discount | undefined,
  quantity: Decimal,
  price: Decimal,
  mu: MinorUnits,
  valueLoc: string,
  problems: TotalsProblem[],
): { gross: Decimal; discount: Decimal; amount: Decimal } | null {
  if (discount === undefined) return { gross, discount: ZERO, amount: gross };
  // A returned item is credited at its price; discounting a credit has no agreed meaning, unless the
  // allowance is negated with the line (rule 2a: a fixed one, no larger than the line).
  if (isNegative(quantity) || isNegative(price)) {
    if (isZero(discount.value)) return { gross, discount: ZERO, amount: gross };
    if (discount.type === 'fixed' && isNegative(discount.value) && isNegative(gross)) {
      const amount = round(discount.value, mu);
      if (lt(amount, gross)) {
        problems.push({ loc: valueLoc, msg: 'the discount exceeds the line amount', type: 'invalid' });
        return null;
      }
      return { gross, discount: amount, amount: sub(gross, amount) };
    }
    const msg = 'a line with a negative quantity or price cannot have a discount';
    problems.push({ loc: valueLoc, msg, type: 'invalid' });
    return null;
  }
  const amount =
    discount.type === 'percentage' ? round(percentOf(gross, discount.value), mu) : round(discount.value, mu);
  if (gt(amount, gross)) {
    problems.push({ loc: valueLoc, msg: 'the discount exceeds the line amount', type: 'invalid' });
    return null;
  }
  return { gross, discount: amount, amount: sub(gross, amount) };
}
