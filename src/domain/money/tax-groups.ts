// Tax validation and the per-group tax computation (rules 3 and 7 of docs/calculation.md). Tax is computed
// once per group from the summed bases, never per line, so the breakdown matches EN 16931 (BR-CO-17).
import {
  add,
  type Decimal,
  dec,
  div,
  fromMinorUnits,
  gt,
  HUNDRED,
  isDecimalString,
  lt,
  mul,
  normalizeRate,
  percentOf,
  round,
  sub,
  ZERO,
} from './decimal';
import type { MinorUnits, TaxInput, TotalsProblem } from './types';

/** A validated tax. `key` identifies its group: (category, normalized rate, inclusive); name is not part of it. */
export interface ParsedTax {
  key: string;
  category: string | null;
  rate: string;
  rateValue: Decimal;
  inclusive: boolean;
  name: string | null;
}

export const groupKey = (category: string | null, rate: string, inclusive: boolean): string =>
  `${inclusive ? 'i' : 'e'}|${rate}|${category === null ? '' : `=${category}`}`;

/** Validates one tax list (a line's or the shipping's); null when it has a problem (all are reported). */
export function parseTaxes(
  taxes: readonly TaxInput[] | null | undefined,
  loc: string,
  problems: TotalsProblem[],
): ParsedTax[] | null {
  if (taxes == null || taxes.length === 0) return [];
  const before = problems.length;
  const parsed: ParsedTax[] = [];
  let inclusiveCount = 0;
  taxes.forEach((input, j) => {
    if (!isDecimalString(input.rate)) {
      const msg = 'rate must be a decimal string';
      problems.push({ loc: `${loc}.${j}.rate`, msg, type: 'decimal_format' });
      return;
    }
    const tax = readTax(input, input.rate);
    if (lt(tax.rateValue, ZERO) || gt(tax.rateValue, HUNDRED)) {
      problems.push({ loc: `${loc}.${j}.rate`, msg: 'rate must be between 0 and 100', type: 'invalid' });
      return;
    }
    if (tax.inclusive) inclusiveCount++;
    if (parsed.some((other) => other.key === tax.key)) {
      const msg = 'the same tax (category, rate, inclusive) appears twice';
      problems.push({ loc: `${loc}.${j}`, msg, type: 'invalid' });
      return;
    }
    parsed.push(tax);
  });
  // A price can include only one tax: with two, which one's net is the other's base is undefined.
  if (inclusiveCount > 1) {
    problems.push({ loc, msg: 'at most one tax can be inclusive', type: 'invalid' });
  }
  return problems.length === before ? parsed : null;
}

// Documents repeat the same few taxes on every line, and parsing them was a large share of the work. A parsed
// tax is never modified, so one object is shared across lines and calls; the bound keeps hostile input from
// growing the cache. The key is unambiguous: a valid rate has no '|', the category is length-prefixed.
const taxCache = new Map<string, ParsedTax>();

function readTax(input: TaxInput, rateText: string): ParsedTax {
  const inclusive = input.inclusive === true;
  const category = input.category ?? null;
  const name = input.name ?? null;
  const cacheKey = `${rateText}|${inclusive ? 1 : 0}|${category === null ? '-' : `${category.length}:${category}`}|${name ?? ''}|${name === null ? 0 : 1}`;
  let tax = taxCache.get(cacheKey);
  if (tax === undefined) {
    const rate = normalizeRate(rateText);
    tax = {
      key: groupKey(category, rate, inclusive),
      category,
      rate,
      rateValue: dec(rateText),
      inclusive,
      name,
    };
    if (taxCache.size >= 1_000) taxCache.clear();
    taxCache.set(cacheKey, tax);
  }
  return tax;
}

/** Order-independent identity of a tax set, name included (rule 6: shipping inherits only identical sets). */
function taxSetSignature(taxes: readonly ParsedTax[]): string {
  return taxes
    .map((t) => `${t.key}|${t.name === null ? '' : `=${t.name}`}`)
    .sort()
    .join('\n');
}

/**
 * Rule 6: the tax set every line with a nonzero amount carries, or none when they differ (or no line has
 * an amount). Zero lines do not count: a free sample should not untax the shipping.
 */
export function sharedTaxes(lines: readonly { units: bigint; taxes: ParsedTax[] }[]): ParsedTax[] {
  let shared: { signature: string; taxes: ParsedTax[] } | undefined;
  for (const line of lines) {
    if (line.units === 0n) continue;
    const signature = taxSetSignature(line.taxes);
    if (shared === undefined) shared = { signature, taxes: line.taxes };
    else if (shared.signature !== signature) return [];
  }
  return shared?.taxes ?? [];
}

interface GroupAccumulator {
  tax: ParsedTax;
  name: string | null;
  /** Exclusive group: bases of lines without an inclusive tax. Inclusive group: the summed gross. */
  plain: bigint;
  /** Exclusive group only: gross bases of lines that also carry an inclusive tax, per inclusive rate. */
  viaInclusive: Map<string, { rate: Decimal; gross: bigint }>;
}

export interface TaxGroupsResult {
  groups: {
    category: string | null;
    rate: string;
    inclusive: boolean;
    name: string;
    taxable: Decimal;
    tax: Decimal;
  }[];
  exclusiveTotal: Decimal;
  inclusiveTotal: Decimal;
}

/**
 * Collects bases per group in first-appearance order, then computes each group once. Every base is a whole
 * number of minor units (line amounts net of allocated discount, rounded shipping), so the sums are bigint:
 * exact, and cheaper than decimal addition for hundreds of lines.
 */
export class TaxGroups {
  private readonly groups = new Map<string, GroupAccumulator>();

  /** Adds one taxed amount (a line net of its allocated discount, or the shipping) to each of its groups. */
  add(base: bigint, taxes: readonly ParsedTax[]): void {
    const including = taxes.find((t) => t.inclusive);
    for (const tax of taxes) {
      let acc = this.groups.get(tax.key);
      if (acc === undefined) {
        acc = { tax, name: tax.name, plain: 0n, viaInclusive: new Map() };
        this.groups.set(tax.key, acc);
      }
      if (acc.name === null) acc.name = tax.name;
      if (tax.inclusive || including === undefined) {
        acc.plain += base;
        continue;
      }
      // Summing gross per inclusive rate and dividing once per rate keeps the net exact except for one
      // 30-place rounding per distinct rate, instead of one per line.
      const bucket = acc.viaInclusive.get(including.rate);
      if (bucket === undefined)
        acc.viaInclusive.set(including.rate, { rate: including.rateValue, gross: base });
      else bucket.gross += base;
    }
  }

  compute(minorUnits: MinorUnits): TaxGroupsResult {
    const result: TaxGroupsResult = { groups: [], exclusiveTotal: ZERO, inclusiveTotal: ZERO };
    for (const acc of this.groups.values()) {
      const { category, rate, rateValue, inclusive } = acc.tax;
      const plain = fromMinorUnits(acc.plain, minorUnits);
      let taxable: Decimal;
      let tax: Decimal;
      if (inclusive) {
        taxable = round(netOf(plain, rateValue), minorUnits);
        tax = sub(plain, taxable);
        result.inclusiveTotal = add(result.inclusiveTotal, tax);
      } else {
        let exact = plain;
        for (const bucket of acc.viaInclusive.values()) {
          exact = add(exact, netOf(fromMinorUnits(bucket.gross, minorUnits), bucket.rate));
        }
        taxable = round(exact, minorUnits);
        tax = round(percentOf(taxable, rateValue), minorUnits);
        result.exclusiveTotal = add(result.exclusiveTotal, tax);
      }
      result.groups.push({ category, rate, inclusive, name: acc.name ?? 'Tax', taxable, tax });
    }
    return result;
  }
}

/** The exact net inside a tax-inclusive gross: gross x 100 / (100 + rate). */
const netOf = (gross: Decimal, rate: Decimal): Decimal => div(mul(gross, HUNDRED), add(HUNDRED, rate));
