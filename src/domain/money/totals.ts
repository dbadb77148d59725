// A document's totals from its lines, discounts and shipping, by the rules in docs/calculation.md (the
// rule numbers below refer to it). Pure and deterministic; problems come back as values, never thrown.
import { allocateDiscounts } from './allocate';
import {
  add,
  type Decimal,
  dec,
  formatMinorUnits,
  fromMinorUnits,
  gt,
  isDecimalString,
  isNegative,
  isZero,
  lt,
  mul,
  normalizeRate,
  percentOf,
  round,
  sub,
  sum,
  toFixedString,
  toMinorUnits,
  ZERO,
} from './decimal';

const ONE = dec('1');

import { boundProblems } from './bounds';
import {
  type Discount,
  type ReadCharge,
  type ReadShipping,
  readAdjustment,
  readCharge,
  readDecimal,
  readDiscount,
  readNonNegative,
  readShipping,
} from './read-amounts';
import { statedProblems, withStatedTotals } from './stated-totals';
import { taxInAccountingCurrency } from './tax-currency';
import { type ParsedTax, parseTaxes, sharedTaxes, TaxGroups } from './tax-groups';
import type { MinorUnits, TotalsInput, TotalsOutcome, TotalsProblem, TotalsResult } from './types';

interface PricedLine {
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

/** A document discount as rules 5 onwards apply it. */
interface CheckedDiscount {
  amount: Decimal;
  reason: string | null;
  groups: string[] | null;
  /** Rule 5a: a fixed discount of a tax no line carries stands in that tax's group by itself. */
  own: ParsedTax[] | null;
}

/** Everything validated and priced up to the document discounts: what rule 5 onwards works from. */
interface Checked {
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

export function computeTotals(input: TotalsInput): TotalsOutcome {
  const statedWrong = statedProblems(input.stated);
  const checked = check(input);
  if (!('lines' in checked)) return { ok: false, problems: [...checked.problems, ...statedWrong] };
  if (statedWrong.length > 0) return { ok: false, problems: statedWrong };
  const outcome = computeChecked(checked, input.minorUnits);
  if (!outcome.ok) return outcome;
  const tooLarge = boundProblems(outcome.totals);
  if (tooLarge.length > 0) return { ok: false, problems: tooLarge };
  const totals =
    input.stated === undefined
      ? outcome.totals
      : withStatedTotals(outcome.totals, input.stated, input.minorUnits);
  const taxCurrency = input.taxCurrency;
  if (taxCurrency === undefined || !isDecimalString(taxCurrency.rate)) return { ok: true, totals };
  const converted = taxInAccountingCurrency(totals.tax_total, taxCurrency.rate, taxCurrency.minorUnits);
  return { ok: true, totals: { ...totals, tax_currency_tax_total: converted } };
}

function computeChecked(
  { lines, subtotal, discounts, shipping, charges, prepaid, rounding, thirdParty, taxAmounts }: Checked,
  mu: MinorUnits,
): TotalsOutcome {
  const fmt = (d: Decimal) => toFixedString(d, mu);
  // A discount standing in its own group is not spread over lines: it allocates nothing there.
  const spread = discounts.map((d) => (d.own === null ? d : { ...d, amount: ZERO, groups: null }));
  const { allocated, results: discountResults } = allocateDiscounts(spread, lines, mu);
  discounts.forEach((d, k) => {
    if (d.own === null) return;
    const amount = fmt(d.amount);
    discountResults[k] = {
      amount,
      reason: d.reason,
      allocations: isZero(d.amount)
        ? []
        : d.own.map((t) => ({ category: t.category, rate: t.rate, inclusive: t.inclusive, amount })),
    };
  });

  // Rules 6 and 7: every taxed amount goes to its groups; tax is computed once per group.
  const groups = new TaxGroups();
  const lineResults = lines.map((line, i) => {
    const allocatedUnits = allocated[i] ?? 0n;
    groups.add(line.units - allocatedUnits, line.taxes);
    const amount = formatMinorUnits(line.units, mu);
    return {
      gross_amount: isZero(line.discount) && !line.hasCharges ? amount : fmt(line.gross),
      discount_amount: fmt(line.discount),
      amount,
      allocated_discount: formatMinorUnits(allocatedUnits, mu),
      ...(line.hasCharges && { charge_amount: fmt(line.charges) }),
    };
  });
  // Free shipping adds no charge, so it should not add an empty tax group either.
  if (!isZero(shipping.total)) {
    groups.add(toMinorUnits(shipping.total, mu), shipping.taxes ?? sharedTaxes(lines));
  }
  for (const charge of charges ?? []) {
    if (!isZero(charge.total)) groups.add(toMinorUnits(charge.total, mu), charge.taxes ?? sharedTaxes(lines));
  }
  for (const d of discounts) {
    if (d.own !== null && !isZero(d.amount)) groups.add(-toMinorUnits(d.amount, mu), d.own);
  }
  const tax = groups.compute(mu);
  const problems = applyStatedTaxes(tax, taxAmounts, mu);
  if (problems.length > 0) return { ok: false, problems };

  // Rule 8.
  const discountTotal = sum(discounts.map((d) => d.amount));
  const chargeTotal = sum((charges ?? []).map((c) => c.total));
  const total = add(add(add(sub(subtotal, discountTotal), shipping.total), chargeTotal), tax.exclusiveTotal);
  // Rule 8a: third-party payments are not the seller's supply (no tax, not in the total) but are due.
  const thirdPartyTotal = sum(thirdParty ?? []);
  const totals: TotalsResult = {
    subtotal: fmt(subtotal),
    discount_total: fmt(discountTotal),
    tax_total: fmt(add(tax.exclusiveTotal, tax.inclusiveTotal)),
    shipping_total: fmt(shipping.total),
    total: fmt(total),
    exclusive_tax_total: fmt(tax.exclusiveTotal),
    inclusive_tax_total: fmt(tax.inclusiveTotal),
    prepaid_amount: fmt(prepaid),
    rounding_amount: fmt(rounding),
    amount_due: fmt(add(add(sub(total, prepaid), rounding), thirdPartyTotal)),
    lines: lineResults,
    tax_groups: tax.groups.map((g) => ({
      category: g.category,
      rate: g.rate,
      inclusive: g.inclusive,
      name: g.name,
      taxable_amount: fmt(g.taxable),
      tax_amount: fmt(g.tax),
    })),
    discounts: discountResults,
    ...(charges !== null && {
      charge_total: fmt(chargeTotal),
      charges: charges.map((c) => ({ amount: fmt(c.total), reason: c.reason })),
    }),
    ...(thirdParty !== null && { third_party_payment_total: fmt(thirdPartyTotal) }),
  };
  return { ok: true, totals };
}

/**
 * Rule 7a: a tax amount the seller stated for an exclusive group replaces the once-rounded one, when it is
 * within one currency unit of it (BR-CO-17's tolerance: rounded per line, or to whole units).
 */
function applyStatedTaxes(
  tax: ReturnType<TaxGroups['compute']>,
  stated: Checked['taxAmounts'],
  mu: MinorUnits,
): TotalsProblem[] {
  const problems: TotalsProblem[] = [];
  for (const entry of stated) {
    const group = tax.groups.find(
      (g) => !g.inclusive && g.category === entry.category && g.rate === entry.rate,
    );
    if (group === undefined) {
      const msg = 'no exclusive tax group of this category and rate';
      problems.push({ loc: entry.loc, msg, type: 'invalid' });
      continue;
    }
    const off = sub(entry.amount, group.tax);
    if (!lt(isNegative(off) ? sub(ZERO, off) : off, ONE)) {
      const msg = `must be within one unit of the computed ${toFixedString(group.tax, mu)}`;
      problems.push({ loc: `${entry.loc}.amount`, msg, type: 'invalid' });
      continue;
    }
    tax.exclusiveTotal = add(tax.exclusiveTotal, off);
    group.tax = entry.amount;
  }
  return problems;
}

/** Validates the whole input, collecting every problem rather than stopping at the first (rule 9). */
function check(input: TotalsInput): Checked | { problems: TotalsProblem[] } {
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

/** Rule 2. */
function priceLine(
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
  if (quantity === null || price === null || discount === null || charges.includes(null)) return null;
  const gross = round(mul(quantity, price), mu);
  const chargeTotal = sum(charges.map((c) => round(c ?? ZERO, mu)));
  const priced = pricedLine(gross, discount, quantity, price, mu, `${loc}.discount.value`, problems);
  if (priced === null) return null;
  const hasCharges = (line.charges ?? []).length > 0;
  return { ...priced, charges: chargeTotal, hasCharges, amount: add(priced.amount, chargeTotal) };
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
