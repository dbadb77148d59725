import { add, dec, lt, mul, round, toFixedString } from '../../domain/money';

/**
 * What overage renders cost, in whole cents, rounded UP: the price of one render is a fraction of a cent
 * (`0.4`), and an estimate must never promise less than the bill. 3 renders at 0.4 = 1.2 -> 2 cents.
 */
export function estimateOverageCents(renders: number, centsPerRender: string | null): number {
  if (centsPerRender === null || renders <= 0) return 0;
  // The count goes in as a decimal string: no float ever touches the money.
  const exact = mul(dec(centsPerRender), dec(String(Math.trunc(renders))));
  const nearest = round(exact, 0);
  const up = lt(nearest, exact) ? add(nearest, dec('1')) : nearest;
  return Number(toFixedString(up, 0));
}

export interface OverageTerms {
  /** The account turned overage on. */
  enabled: boolean;
  /** Most renders beyond the quota per month; null = no cap. */
  cap: number | null;
  /** The plan's price of one overage render; null = the plan offers no overage. */
  centsPerRender: string | null;
}

/** Whether one more render may be taken beyond the quota, given how many already were this month. */
export function overageAllows(terms: OverageTerms, overageUsed: number): boolean {
  if (!terms.enabled || terms.centsPerRender === null) return false;
  return terms.cap === null || overageUsed < terms.cap;
}
