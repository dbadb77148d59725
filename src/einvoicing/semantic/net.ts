// Decimal helpers for the semantic model, and the one genuinely new computation in it: the nets inside a
// tax-inclusive VAT group. Everything goes through the money module's exact decimals.
import {
  add,
  cmp,
  type Decimal,
  dec,
  div,
  eq,
  gt,
  isNegative,
  isZero,
  type MinorUnits,
  mul,
  round,
  sub,
  sum,
  toPlainString,
} from '../../domain/money';

export const ZERO = dec('0');
const ONE = dec('1');
const HUNDRED = dec('100');
const UNIT: Record<MinorUnits, Decimal> = { 0: ONE, 2: dec('0.01'), 3: dec('0.001') };

export const neg = (d: Decimal): Decimal => sub(ZERO, d);
export const abs = (d: Decimal): Decimal => (isNegative(d) ? neg(d) : d);

/** The exact net inside a gross that includes VAT at `rate` percent: gross x 100 / (100 + rate). */
export const netOf = (gross: Decimal, rate: Decimal): Decimal => div(mul(gross, HUNDRED), add(HUNDRED, rate));

/** Half-up to any number of places (the money module's `round` knows only currency decimals). */
export function roundTo(value: Decimal, places: number): Decimal {
  const scale = dec(`1${'0'.repeat(places)}`);
  return div(round(mul(value, scale), 0), scale);
}

/** Minor units of a currency, read off a stored totals amount (they always carry exactly that many). */
export function minorUnitsOf(amount: string): MinorUnits {
  const point = amount.indexOf('.');
  const places = point < 0 ? 0 : amount.length - point - 1;
  if (places !== 0 && places !== 2 && places !== 3) throw new Error(`not a totals amount: ${amount}`);
  return places;
}

/**
 * Splits a tax-inclusive group's taxable amount (BT-116, from the stored totals) over its items: lines and
 * charges as positive grosses, allowances as negative ones. Each item gets its exact net rounded to the
 * currency, then the few minor units the roundings left over (at most about half a unit per item) go one
 * at a time to the items whose exact net was rounded furthest the other way, ties to the lower index:
 * the nets sum to the stored taxable amount exactly, each within 1.5 units of its exact share. Items
 * with a zero gross are never adjusted, so a free line stays at zero.
 */
export function distributeNet(
  grosses: Decimal[],
  rate: Decimal,
  taxable: Decimal,
  mu: MinorUnits,
): Decimal[] {
  const exact = grosses.map((g) => netOf(g, rate));
  const nets = exact.map((e) => round(e, mu));
  const unit = UNIT[mu];
  let left = BigInt(toPlainString(div(sub(taxable, sum(nets)), unit)));
  if (left === 0n) return nets;
  const up = left > 0n;
  const candidates = grosses.flatMap((g, i) => (isZero(g) ? [] : [i]));
  if (candidates.length === 0) throw new Error('inclusive VAT group with a taxable amount but no items');
  const residual = (i: number) => sub(exact[i] ?? ZERO, nets[i] ?? ZERO);
  // Stable sort: equal residuals keep index order.
  candidates.sort((a, b) => (up ? cmp(residual(b), residual(a)) : cmp(residual(a), residual(b))));
  for (let k = 0; left !== 0n; k++) {
    const i = candidates[k % candidates.length] as number;
    nets[i] = up ? add(nets[i] ?? ZERO, unit) : sub(nets[i] ?? ZERO, unit);
    left += up ? -1n : 1n;
  }
  return nets;
}

const R120_SLACK = dec('0.02');

/**
 * BT-146: the unit price as entered, unless quantity x price strays more than 0.02 (Peppol R120) from the
 * line's amount before its discount (`lineGross`, net of VAT). That happens for every tax-inclusive price
 * (BT-146 is net), and in a currency without decimals when quantity x price is not whole. Such a line
 * states the price its amount implies: `lineGross / quantity`, to enough places that quantity x price is
 * within 0.0005 of it (the check is in hundredths whatever the currency). A price per base quantity
 * (BT-149, `base`) is a price for `base` units: quantity / base of them make the line.
 */
export function linePrice(
  price: Decimal,
  quantity: Decimal,
  lineGross: Decimal,
  tax: { inclusive: boolean; rateValue: Decimal },
  mu: MinorUnits,
  base: Decimal = ONE,
): Decimal {
  const entered = abs(price);
  const units = eq(base, ONE) ? quantity : div(quantity, base);
  if (!tax.inclusive && !gt(abs(sub(mul(units, entered), lineGross)), R120_SLACK)) return entered;
  if (isZero(quantity)) return tax.inclusive ? roundTo(abs(netOf(price, tax.rateValue)), mu + 2) : entered;
  const integerDigits = toPlainString(roundTo(abs(units), 0)).length;
  return abs(roundTo(div(mul(lineGross, base), quantity), Math.max(mu, 2) + integerDigits + 1));
}
