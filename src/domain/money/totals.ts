// A document's totals from its lines, discounts and shipping, by the rules in docs/calculation.md (the
// rule numbers below refer to it). Pure and deterministic; problems come back as values, never thrown.
import { allocateDiscounts } from './allocate';
import { boundProblems } from './bounds';
import { type Checked, check } from './check-input';
import {
  add,
  type Decimal,
  dec,
  formatMinorUnits,
  isDecimalString,
  isNegative,
  isZero,
  lt,
  sub,
  sum,
  toFixedString,
  toMinorUnits,
  ZERO,
} from './decimal';
import { statedProblems, withStatedTotals } from './stated-totals';
import { taxInAccountingCurrency } from './tax-currency';
import { sharedTaxes, TaxGroups } from './tax-groups';
import type { MinorUnits, TotalsInput, TotalsOutcome, TotalsProblem, TotalsResult } from './types';

const ONE = dec('1');

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
