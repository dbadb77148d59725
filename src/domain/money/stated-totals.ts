// Rule 8b of docs/calculation.md: the document totals a received e-invoice states where its lines do not
// give them (no lines, as Factur-X MINIMUM and BASIC WL; lines that do not add up): each stated one
// stands in the result instead of the computed one, and the result names them.
import { add, type Decimal, dec, isDecimalString, round, sub, toFixedString } from './decimal';
import type { MinorUnits, StatedTotalsInput, TotalsProblem, TotalsResult } from './types';

const MEMBERS = ['subtotal', 'net_total', 'tax_total', 'total', 'amount_due'] as const;

/** Every stated member must be a decimal string (a problem at `stated_totals.{member}` otherwise). */
export function statedProblems(stated: StatedTotalsInput | undefined): TotalsProblem[] {
  return MEMBERS.filter((m) => stated?.[m] !== undefined && !isDecimalString(stated[m] as string)).map(
    (m) => ({ loc: `stated_totals.${m}`, msg: 'must be a decimal string', type: 'decimal_format' }),
  );
}

/**
 * The computed totals with the stated ones standing in. What is not stated follows from what is: the
 * subtotal from BT-109 (less charges, plus discounts) when only that is stated, the total from the
 * subtotal, discounts, charges and tax, the amount due from the total as rule 8a.
 */
export function withStatedTotals(
  computed: TotalsResult,
  stated: StatedTotalsInput,
  mu: MinorUnits,
): TotalsResult {
  const fmt = (value: Decimal) => toFixedString(round(value, mu), mu);
  const names: string[] = [];
  const charges = add(dec(computed.shipping_total), dec(computed.charge_total ?? '0'));
  let subtotal = computed.subtotal;
  if (stated.subtotal !== undefined) {
    subtotal = fmt(dec(stated.subtotal));
    names.push('subtotal');
  } else if (stated.net_total !== undefined) {
    subtotal = fmt(sub(add(dec(stated.net_total), dec(computed.discount_total)), charges));
    names.push('net_total');
  }
  let taxTotal = computed.tax_total;
  let exclusiveTax = computed.exclusive_tax_total;
  if (stated.tax_total !== undefined) {
    taxTotal = fmt(dec(stated.tax_total));
    exclusiveTax = fmt(sub(dec(taxTotal), dec(computed.inclusive_tax_total)));
    names.push('tax_total');
  }
  const net = add(sub(dec(subtotal), dec(computed.discount_total)), charges);
  let total = fmt(add(net, dec(exclusiveTax)));
  if (stated.total !== undefined) {
    total = fmt(dec(stated.total));
    names.push('total');
  }
  const adjustments = sub(dec(computed.amount_due ?? computed.total), dec(computed.total));
  let amountDue = fmt(add(dec(total), adjustments));
  if (stated.amount_due !== undefined) {
    amountDue = fmt(dec(stated.amount_due));
    names.push('amount_due');
  }
  return {
    ...computed,
    subtotal,
    tax_total: taxTotal,
    exclusive_tax_total: exclusiveTax,
    total,
    amount_due: amountDue,
    stated: names,
  };
}
