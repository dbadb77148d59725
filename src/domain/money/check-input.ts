// A totals input validated and priced up to the document discounts (docs/calculation.md, rules 2 to 5c, 6a
// and 8a), every problem collected rather than stopping at the first (rule 9): what totals.ts works from.
import {
  type Decimal,
  fromMinorUnits,
  gt,
  isDecimalString,
  isNegative,
  lt,
  normalizeRate,
  percentOf,
  round,
  sum,
  toMinorUnits,
  ZERO,
} from './decimal';
import { type PricedLine, priceLine } from './price-line';
import {
  type Discount,
  type ReadCharge,
  type ReadShipping,
  readAdjustment,
  readCharge,
  readDiscount,
  readShipping,
} from './read-amounts';
import { type ParsedTax, parseTaxes } from './tax-groups';
import type { MinorUnits, TotalsInput, TotalsProblem } from './types';

/** A document discount as rules 5 onwards apply it. */
interface CheckedDiscount {
  amount: Decimal;
  reason: string | null;
  groups: string[] | null;
  /** Rule 5a: a fixed discount of a tax no line carries stands in that tax's group by itself. */
  own: ParsedTax[] | null;
}

/** Everything validated and priced up to the document discounts: what rule 5 onwards works from. */
export interface Checked {
  lines: PricedLine[];
  subtotal: Decimal;
  discounts: CheckedDiscount[];
  shipping: ReadShipping;
  charges: ReadCharge[] | null;
  prepaid: Decimal;
  rounding: Decimal;
  /** Rule 8a: BG-DEX-09 amounts, null when the input has none (the result then has no such member). */
  thirdParty: Decimal[] | null;
  taxAmounts: { category: string | null; rate: string; amount: Decimal; loc: string }[];
}

/** Validates the whole input, collecting every problem rather than stopping at the first (rule 9). */
export function check(input: TotalsInput): Checked | { problems: TotalsProblem[] } {
  const mu = input.minorUnits;
  const problems: TotalsProblem[] = [];
  const lines = input.lines.map((line, i) => {
    const priced = priceLine(line, `line_items.${i}`, mu, problems);
    const taxes = parseTaxes(line.taxes, `line_items.${i}.taxes`, problems);
    if (priced === null || taxes === null) return null;
    return { ...priced, units: toMinorUnits(priced.amount, mu), taxes };
  });
  const discountInputs = input.discounts ?? [];
  // Rule 5b: a document whose lines are all priced and sum below zero negates every amount (a correction).
  const linesPriced = lines.every((line) => line !== null);
  const negativeDocument = linesPriced && lines.reduce((n, line) => n + (line?.units ?? 0n), 0n) < 0n;
  const discounts = discountInputs.flatMap((d, k) => {
    const read = readDiscount(d, `discounts.${k}`, problems, negativeDocument);
    if (read === null) return [];
    const pinned = d.taxes == null ? null : parseTaxes(d.taxes, `discounts.${k}.taxes`, problems);
    const limited = pinned !== null && pinned.length > 0;
    return [
      { ...read, k, pinned: limited ? pinned : null, groups: limited ? pinned.map((t) => t.key) : null },
    ];
  });
  const shipping = readShipping(input.shipping, mu, problems);
  const charges = input.charges?.map((c, k) => readCharge(c, `charges.${k}`, mu, problems)) ?? null;
  const prepaid = readAdjustment(input.prepaid, 'prepaid_amount', mu, problems);
  const rounding = readAdjustment(input.rounding, 'rounding_amount', mu, problems);
  const thirdParty =
    input.thirdPartyPayments?.map((p, k) =>
      readAdjustment(p.amount, `third_party_payments.${k}.amount`, mu, problems),
    ) ?? null;
  const taxAmounts = (input.taxAmounts ?? []).flatMap((t, k) => {
    const loc = `tax_amounts.${k}`;
    const amount = readAdjustment(t.amount, `${loc}.amount`, mu, problems);
    if (!isDecimalString(t.rate)) {
      problems.push({ loc: `${loc}.rate`, msg: 'rate must be a decimal string', type: 'decimal_format' });
      return [];
    }
    return amount === null
      ? []
      : [{ category: t.category ?? null, rate: normalizeRate(t.rate), amount, loc }];
  });

  const priced = lines.filter((line) => line !== null);
  // Allocation is proportional to line amounts; a negative weight would turn a discount into a surcharge.
  const spreadOver = (d: Discount) => priced.filter((line) => coveredBy(d, line.taxes));
  // On a negative document everything is negated, the discounts and the lines they spread over alike.
  const againstSign = (units: bigint) => (negativeDocument ? units > 0n : units < 0n);
  const signedAgainst = (d: Discount) => negativeDocument && d.type === 'fixed' && gt(d.value, ZERO);
  const complete0 = priced.length === lines.length;
  // Rule 5a: a fixed discount of a tax no line carries stands in that group by itself; a percentage of
  // such a tax would be a percentage of nothing. Rule 5c: so does a fixed discount of one tax that cannot
  // be spread over its lines (lines of both signs, or a sign against the document's): EN 16931 reduces
  // the tax's base by it (BT-116), line by line it has no share.
  const own = discounts.map((d) =>
    d.groups !== null &&
    complete0 &&
    (spreadOver(d).length === 0 ||
      (d.type === 'fixed' && (signedAgainst(d) || spreadOver(d).some((line) => againstSign(line.units)))))
      ? d.pinned
      : null,
  );
  discounts.forEach((d, i) => {
    if (own[i] === null && signedAgainst(d)) {
      const msg = 'on a negative document (every amount negated) a document discount is negated too';
      problems.push({ loc: `discounts.${d.k}.value`, msg, type: 'invalid' });
    }
  });
  if (discounts.some((d, i) => own[i] === null && spreadOver(d).some((line) => againstSign(line.units)))) {
    const msg = negativeDocument
      ? 'on a negative document, document discounts need every line amount they spread over to be zero or less'
      : 'document discounts need every line amount they spread over to be zero or more';
    problems.push({ loc: 'discounts', msg, type: 'invalid' });
  }
  discounts.forEach((d, i) => {
    if (own[i] !== null && d.type === 'percentage') {
      const msg = 'no line carries this tax (a percentage needs lines of it)';
      problems.push({ loc: `discounts.${d.k}.taxes`, msg, type: 'invalid' });
    }
  });
  let subtotalUnits = 0n;
  for (const line of priced) subtotalUnits += line.units;
  const subtotal = fromMinorUnits(subtotalUnits, mu);
  const baseOf = (d: Discount) =>
    d.groups === null
      ? subtotal
      : fromMinorUnits(
          spreadOver(d).reduce((n, l) => n + l.units, 0n),
          mu,
        );
  const amounts = discounts.map((d) => documentDiscountAmount(d, baseOf(d), mu));
  // Only comparable once every line is priced and every discount read.
  const complete = priced.length === lines.length && discounts.length === discountInputs.length;
  // A discount standing in its own group (rule 5a) reduces no line: the subtotal does not bound it.
  const spreadAmounts = sum(amounts.filter((_, i) => own[i] === null));
  const exceeds = negativeDocument ? lt(spreadAmounts, subtotal) : gt(spreadAmounts, subtotal);
  if (complete && discounts.length > 0 && exceeds) {
    problems.push({ loc: 'discounts', msg: 'discounts exceed the subtotal', type: 'invalid' });
  }
  // Rule 6a: a negative charge belongs to a negative document (a correction with every amount negated);
  // elsewhere a reduction is a discount.
  charges?.forEach((c, k) => {
    if (c !== null && isNegative(c.total) && !(complete && isNegative(subtotal))) {
      const msg = 'must be zero or more (an allowance is a discount)';
      problems.push({ loc: `charges.${k}.amount`, msg, type: 'invalid' });
    }
  });
  // Rule 8a: like a charge, a third-party payment is negative only on a negative document.
  thirdParty?.forEach((amount, k) => {
    if (amount !== null && isNegative(amount) && !(complete && isNegative(subtotal))) {
      const msg = 'must be zero or more (negative only on a document whose amounts are negated)';
      problems.push({ loc: `third_party_payments.${k}.amount`, msg, type: 'invalid' });
    }
  });
  const chargesRead = charges?.filter((c) => c !== null) ?? null;
  const thirdPartyRead = thirdParty?.filter((a) => a !== null) ?? null;
  if (problems.length > 0 || shipping === null || prepaid === null || rounding === null) return { problems };
  return {
    lines: priced,
    subtotal,
    discounts: discounts.map((d, i) => ({
      amount: amounts[i] ?? ZERO,
      reason: d.reason,
      groups: d.groups,
      own: own[i] ?? null,
    })),
    shipping,
    charges: chargesRead,
    prepaid,
    rounding,
    thirdParty: thirdPartyRead,
    taxAmounts,
  };
}

/** Whether a discount limited to some tax groups covers a line with these taxes (unlimited: every line). */
function coveredBy(discount: { groups: string[] | null }, taxes: readonly ParsedTax[]): boolean {
  return discount.groups === null || taxes.some((t) => discount.groups?.includes(t.key));
}

/** Rule 5: one document discount's amount. */
function documentDiscountAmount(discount: Discount, subtotal: Decimal, mu: MinorUnits): Decimal {
  return discount.type === 'percentage'
    ? round(percentOf(subtotal, discount.value), mu)
    : round(discount.value, mu);
}
