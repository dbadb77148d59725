// Document discounts spread over lines (rule 5 of docs/calculation.md). Shares are whole minor units, so
// the split is integer arithmetic on bigint: exact, and the shares always sum to the discount.
import { type Decimal, formatMinorUnits, toMinorUnits } from './decimal';
import { groupKey, type ParsedTax } from './tax-groups';
import type { DocumentDiscountResult, MinorUnits } from './types';

/**
 * Splits `total` units over `weights` in proportion with the largest-remainder method: everyone gets the
 * floor of their exact share, the units left over go one each to the largest remainders, ties to the lower
 * index. Weights and total must be non-negative, and the weights must not all be zero unless total is.
 */
export function allocateUnits(total: bigint, weights: readonly bigint[]): bigint[] {
  const shares = weights.map(() => 0n);
  if (total === 0n) return shares;
  let weightSum = 0n;
  for (const w of weights) {
    if (w < 0n) throw new RangeError('allocation weights must be non-negative');
    weightSum += w;
  }
  if (total < 0n || weightSum === 0n) throw new RangeError('nothing to allocate a discount over');
  const remainders: { index: number; remainder: bigint }[] = [];
  let left = total;
  weights.forEach((w, index) => {
    const exact = total * w;
    const share = exact / weightSum;
    shares[index] = share;
    left -= share;
    const remainder = exact % weightSum;
    if (remainder > 0n) remainders.push({ index, remainder });
  });
  // Stable order on equal remainders comes from the explicit index comparison, not from sort stability.
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (let k = 0; k < remainders.length && left > 0n; k++, left--) {
    const entry = remainders[k] as { index: number };
    shares[entry.index] = (shares[entry.index] ?? 0n) + 1n;
  }
  return shares;
}

/**
 * Rule 5: splits each discount over the lines by amount. Returns every line's total share in minor units
 * (the same order as `lines`) and each discount's result with its per-group allocations.
 */
export function allocateDiscounts(
  discounts: readonly { amount: Decimal; reason: string | null; groups?: string[] | null }[],
  lines: readonly { units: bigint; taxes: readonly ParsedTax[] }[],
  minorUnits: MinorUnits,
): { allocated: bigint[]; results: DocumentDiscountResult[] } {
  const allocated = lines.map(() => 0n);
  const lineTaxes = lines.map((line) => line.taxes);
  const results = discounts.map(({ amount, reason, groups }) => {
    const units = toMinorUnits(amount, minorUnits);
    // A discount limited to tax groups weighs only their lines (BT-95/96: an allowance of one VAT rate).
    const weights = lines.map((line) =>
      groups == null || line.taxes.some((t) => groups.includes(t.key)) ? line.units : 0n,
    );
    // Rule 5b: on a negative document a negative discount spreads over negative lines, all negated.
    const shares =
      units < 0n
        ? allocateUnits(
            -units,
            weights.map((w) => -w),
          ).map((share) => -share)
        : allocateUnits(units, weights);
    shares.forEach((share, i) => {
      allocated[i] = (allocated[i] ?? 0n) + share;
    });
    const allocations = allocationsByGroup(shares, lineTaxes, minorUnits);
    return { amount: formatMinorUnits(units, minorUnits), reason, allocations };
  });
  return { allocated, results };
}

type Allocation = DocumentDiscountResult['allocations'][number];

/** Where a line's share of a discount lands: each of its tax groups, or one untaxed bucket. */
interface AllocationTarget {
  category: string | null;
  rate: string;
  inclusive: boolean;
}

// Untaxed lines form no tax group, but their share still has to appear so the allocations add up.
const UNTAXED: AllocationTarget = { category: null, rate: '0', inclusive: false };
const UNTAXED_KEY = groupKey(null, '0', false);

/**
 * Sums one discount's line shares per tax group, in first-appearance order. A line with several taxes
 * contributes its whole share to each of its groups, because each group's taxable amount is reduced by it;
 * allocations then add up to the discount only when no line carries more than one tax. Zero entries are
 * left out: an allowance of nothing means nothing to an e-invoice.
 */
function allocationsByGroup(
  shares: readonly bigint[],
  lineTaxes: readonly (readonly ParsedTax[])[],
  minorUnits: MinorUnits,
): Allocation[] {
  const sums = new Map<string, { target: AllocationTarget; units: bigint }>();
  const credit = (key: string, target: AllocationTarget, units: bigint) => {
    const entry = sums.get(key);
    if (entry === undefined) sums.set(key, { target, units });
    else entry.units += units;
  };
  lineTaxes.forEach((taxes, i) => {
    const units = shares[i] ?? 0n;
    if (taxes.length === 0) credit(UNTAXED_KEY, UNTAXED, units);
    for (const tax of taxes) credit(tax.key, tax, units);
  });
  const allocations: Allocation[] = [];
  for (const { target, units } of sums.values()) {
    if (units === 0n) continue;
    const amount = formatMinorUnits(units, minorUnits);
    allocations.push({ category: target.category, rate: target.rate, inclusive: target.inclusive, amount });
  }
  return allocations;
}
