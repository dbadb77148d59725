// Lines, document allowances and charges, the VAT breakdown and the document totals (BG-20..BG-25), all
// from the stored totals: nothing is recomputed another way. Tax-exclusive amounts are the totals' own
// numbers. A tax-inclusive group's nets are its stored taxable amount split over its items
// (`distributeNet`), so every BR-CO and BR-x-08 sum holds exactly; the checks at the end turn any
// disagreement with the stored totals into an exception, never into an XML that says something else.

import type { DocumentData } from '../../domain/document-data';
import {
  add,
  type Decimal,
  dec,
  eq,
  gt,
  isNegative,
  isZero,
  percentOf,
  round,
  sub,
  sum,
  type TotalsResult,
  toFixedString,
  toPlainString,
} from '../../domain/money';
import { lineTerms } from './lines';
import { abs, distributeNet, linePrice, minorUnitsOf, neg, netOf, roundTo, ZERO } from './net';
import { categoryWordsOf, exemptionOf, groupKey, toVatTax, type VatTax, vatCategory, vatKey } from './taxes';
import type { EAllowanceCharge, EDocumentTotals, ELine, EThirdPartyPayment, EVatBreakdown } from './types';

export interface Amounts {
  lines: ELine[];
  allowances: EAllowanceCharge[];
  charges: EAllowanceCharge[];
  thirdPartyPayments: EThirdPartyPayment[];
  vatBreakdown: EVatBreakdown[];
  totals: EDocumentTotals;
}

interface Item {
  gross: Decimal;
  assign: (net: Decimal) => void;
}

interface Part {
  tax: VatTax;
  amount: Decimal;
  reason: string;
  reasonCode: string | null;
  /** A percentage discount's percentage (BT-94), stated when its group's lines give the amount. */
  percent?: Decimal;
}

/** The VAT category of each line, of the shipping and of each document charge (null: none or zero). */
export interface AmountTaxes {
  lines: VatTax[];
  shipping: VatTax | null;
  charges: (VatTax | null)[];
}

/**
 * BT-148 and BT-147 of a line that states its gross price: the discount as entered (net of an inclusive
 * VAT, to the net price's places), the gross the net price plus it, so R046's equation holds exactly.
 */
function grossPriceOf(
  line: DocumentData['line_items'][number],
  price: Decimal,
  netPrice: Decimal,
  tax: VatTax,
): ELine['grossPrice'] {
  if (line.gross_unit_price === undefined || isNegative(price)) return null;
  const entered = sub(dec(line.gross_unit_price), price);
  const places = Math.max(2, toPlainString(netPrice).split('.')[1]?.length ?? 0);
  const discount = tax.inclusive ? roundTo(netOf(entered, tax.rateValue), places) : entered;
  return { amount: toPlainString(add(netPrice, discount)), discount: toPlainString(discount) };
}

/**
 * A percentage discount's percentage and the net amount it is of (BT-138/137 on a line, BT-94/93 on the
 * document), stated only when base x percent / 100 is the allowance to the cent: a tax-inclusive line's
 * nets are rounded on their own and a document discount is allocated over the VAT groups by largest
 * remainder (PEPPOL-EN16931-R040 allows 0.02). Otherwise the allowance states its amount alone.
 */
function percentageTerms(
  percent: Decimal,
  base: Decimal,
  allowance: Decimal,
  money: (d: Decimal) => string,
): { value: string; base: string } | null {
  const implied = percentOf(base, percent);
  if (gt(abs(sub(implied, allowance)), dec('0.01'))) return null;
  return { value: toPlainString(percent), base: money(base) };
}

/**
 * `sign` is -1 for a credit note whose stored amounts are negative: the XML states what is credited as
 * positive amounts (docs/einvoicing-xml.md). `taxes` and `shipping` come from taxes.ts and are
 * complete (no nulls) by the time this runs.
 */
export function buildAmounts(
  data: DocumentData,
  totals: TotalsResult,
  { lines: taxes, shipping, charges: chargeTaxes }: AmountTaxes,
  sign: 1 | -1,
): Amounts {
  const mu = minorUnitsOf(totals.total);
  const groups = new Map(totals.tax_groups.map((g) => [groupKey(g.category, g.rate, g.inclusive), g]));
  const items = new Map<string, Item[]>();
  const itemsOf = (tax: VatTax) => {
    const key = groupKey(tax.category, tax.rate, tax.inclusive);
    if (!groups.has(key)) throw new Error(`no stored tax group for ${key}`);
    const list = items.get(key) ?? [];
    items.set(key, list);
    return list;
  };

  const lineNets: Decimal[] = data.line_items.map(() => ZERO);
  taxes.forEach((tax, i) => {
    itemsOf(tax).push({ gross: dec(totals.lines[i]?.amount ?? '0'), assign: (n) => (lineNets[i] = n) });
  });
  // BG-20: one allowance per discount and VAT group it was allocated to (BR-32 needs one category each).
  // A discount of a tax no line carries stands in its own group (its category comes with it).
  const discountTaxes = (data.discounts ?? []).map((d) => toVatTax(d.taxes));
  const known = [...taxes, shipping, ...chargeTaxes, ...discountTaxes].filter((t) => t !== null);
  const allowances: Part[] = [];
  for (const [k, discount] of totals.discounts.entries()) {
    for (const a of discount.allocations) {
      const amount = dec(a.amount);
      if (isZero(amount)) continue;
      const tax = known.find(
        (t) => groupKey(t.category, t.rate, t.inclusive) === groupKey(a.category, a.rate, a.inclusive),
      );
      if (tax === undefined) throw new Error(`discount ${k} allocated to a group no line carries`);
      const stated = data.discounts?.[k];
      const reasonCode = stated?.reason_code ?? '95';
      const part: Part = { tax, amount, reason: discount.reason?.trim() || 'Discount', reasonCode };
      if (stated?.type === 'percentage') part.percent = dec(stated.value);
      allowances.push(part);
      itemsOf(tax).push({ gross: neg(amount), assign: (n) => (part.amount = neg(n)) });
    }
  }
  // BG-21: the shipping (freight, FC, unless told otherwise), then the other document charges.
  const charges: Part[] = [];
  const addCharge = (tax: VatTax, amount: Decimal, reason: string, reasonCode: string | null) => {
    const part: Part = { tax, amount, reason, reasonCode };
    charges.push(part);
    itemsOf(tax).push({ gross: part.amount, assign: (n) => (part.amount = n) });
  };
  if (shipping !== null) {
    const reason = data.shipping?.description?.trim() || 'Shipping';
    addCharge(shipping, dec(totals.shipping_total), reason, data.shipping?.reason_code ?? 'FC');
  }
  for (const [k, charge] of (totals.charges ?? []).entries()) {
    const tax = chargeTaxes[k];
    if (tax === null || tax === undefined) continue;
    const reason = charge.reason ?? 'Charge';
    addCharge(tax, dec(charge.amount), reason, data.charges?.[k]?.reason_code ?? null);
  }

  for (const [key, list] of items) {
    const group = groups.get(key);
    const taxable = dec(group?.taxable_amount ?? '0');
    const grosses = list.map((item) => item.gross);
    const rate = dec(group?.rate ?? '0');
    const nets = group?.inclusive ? distributeNet(grosses, rate, taxable, mu) : grosses;
    if (!eq(sum(nets), taxable)) throw new Error(`VAT group ${key} does not add up to its taxable amount`);
    for (const [j, item] of list.entries()) item.assign(nets[j] ?? ZERO);
  }

  const money = (d: Decimal) => toFixedString(sign === 1 ? d : neg(d), mu);
  const lines = data.line_items.map((line, i): ELine => {
    const tax = taxes[i] as VatTax;
    const net = lineNets[i] ?? ZERO;
    const discount = dec(totals.lines[i]?.discount_amount ?? '0');
    const netInGroup = (d: Decimal) => (tax.inclusive ? round(netOf(d, tax.rateValue), mu) : d);
    const allowance = netInGroup(discount);
    const lineCharges = (line.charges ?? []).map((c) => ({
      amount: netInGroup(round(dec(c.amount), mu)),
      reason: c.reason.trim(),
      reasonCode: c.reason_code ?? null,
    }));
    const price = dec(line.unit_price ?? '0');
    let quantity = dec(line.quantity);
    // BT-146 may not be negative (BR-27): a negative price moves its sign to the quantity.
    if (isNegative(price)) quantity = neg(quantity);
    const beforeAllowances = sub(add(net, allowance), sum(lineCharges.map((c) => c.amount)));
    const base = line.price_base_quantity === undefined ? undefined : dec(line.price_base_quantity);
    const netPrice = linePrice(price, quantity, beforeAllowances, tax, mu, base);
    return {
      // BT-126: the line's own identifier as the data states it (a received file's, kept as it was), else its position.
      id: line.line_id?.trim() || String(i + 1),
      quantity: toPlainString(sign === 1 ? quantity : neg(quantity)),
      unitCode: line.unit_code?.trim() || 'C62',
      netAmount: money(net),
      allowance: isZero(allowance)
        ? null
        : {
            amount: money(allowance),
            reason: line.discount?.reason?.trim() || 'Discount',
            reasonCode: line.discount?.reason_code ?? '95',
            percent:
              line.discount?.type === 'percentage'
                ? percentageTerms(dec(line.discount.value), beforeAllowances, allowance, money)
                : null,
          },
      charges: lineCharges.filter((c) => !isZero(c.amount)).map((c) => ({ ...c, amount: money(c.amount) })),
      netPrice: toPlainString(netPrice),
      baseQuantity: base === undefined || eq(base, dec('1')) ? null : toPlainString(base),
      grossPrice: grossPriceOf(line, price, netPrice, tax),
      ...lineTerms(line),
      vat: vatCategory(tax.category, tax.rate),
    };
  });
  // BT-93: a group's lines, net, before the document discounts: what a percentage discount is of.
  const lineKeys = taxes.map((t) => groupKey(t.category, t.rate, t.inclusive));
  const groupLines = (tax: VatTax) => {
    const key = groupKey(tax.category, tax.rate, tax.inclusive);
    return sum(lineNets.filter((_, i) => lineKeys[i] === key));
  };
  const part = (p: Part): EAllowanceCharge => ({
    amount: money(p.amount),
    reason: p.reason,
    reasonCode: p.reasonCode,
    percent: p.percent === undefined ? null : percentageTerms(p.percent, groupLines(p.tax), p.amount, money),
    vat: vatCategory(p.tax.category, p.tax.rate),
  });

  const vatBreakdown = breakdown(
    totals,
    [...taxes, shipping, ...chargeTaxes, ...discountTaxes],
    money,
    categoryWordsOf(data),
  );
  const lineNet = sum(lineNets);
  const allowanceTotal = sum(allowances.map((a) => a.amount));
  const chargeTotal = sum(charges.map((c) => c.amount));
  const taxExclusive = add(sub(lineNet, allowanceTotal), chargeTotal);
  const tax = dec(totals.tax_total);
  const taxInclusive = add(taxExclusive, tax);
  if (
    !eq(taxExclusive, sum(totals.tax_groups.map((g) => dec(g.taxable_amount)))) ||
    !eq(taxInclusive, dec(totals.total))
  ) {
    throw new Error('document totals do not add up to the stored total');
  }
  const prepaid = dec(totals.prepaid_amount ?? '0');
  const rounding = dec(totals.rounding_amount ?? '0');
  const thirdParty = (data.third_party_payments ?? []).map((p) => ({
    ...p,
    amount: round(dec(p.amount), mu),
  }));
  const thirdPartyTotal = sum(thirdParty.map((p) => p.amount));
  if (!eq(thirdPartyTotal, dec(totals.third_party_payment_total ?? '0'))) {
    throw new Error('the third-party payments are not the stored ones');
  }
  const payable = add(add(sub(taxInclusive, prepaid), rounding), thirdPartyTotal);
  if (totals.amount_due !== undefined && !eq(payable, dec(totals.amount_due))) {
    throw new Error('the amount due does not follow the prepaid, rounding and third-party amounts');
  }
  return {
    lines,
    allowances: allowances.map(part),
    charges: charges.map(part),
    thirdPartyPayments: thirdParty.map((p) => ({
      type: p.type.trim(),
      amount: money(p.amount),
      description: p.description.trim(),
    })),
    vatBreakdown,
    totals: {
      lineNet: money(lineNet),
      allowances: money(allowanceTotal),
      charges: money(chargeTotal),
      taxExclusive: money(taxExclusive),
      tax: money(tax),
      taxInclusive: money(taxInclusive),
      prepaid: isZero(prepaid) ? null : money(prepaid),
      rounding: isZero(rounding) ? null : money(rounding),
      payable: money(payable),
    },
  };
}

/** BG-23 from the stored groups; an inclusive and an exclusive group of one category and rate merge. */
function breakdown(
  totals: TotalsResult,
  taxes: (VatTax | null)[],
  money: (d: Decimal) => string,
  words: (category: string) => string | null,
): EVatBreakdown[] {
  const merged = new Map<string, { category: string; rate: string; taxable: Decimal; tax: Decimal }>();
  for (const g of totals.tax_groups) {
    const category = g.category ?? '';
    const key = vatKey(category, g.rate);
    const entry = merged.get(key);
    if (entry === undefined) {
      merged.set(key, { category, rate: g.rate, taxable: dec(g.taxable_amount), tax: dec(g.tax_amount) });
    } else {
      entry.taxable = add(entry.taxable, dec(g.taxable_amount));
      entry.tax = add(entry.tax, dec(g.tax_amount));
    }
  }
  return [...merged.values()].map(({ category, rate, taxable, tax }) => {
    const exemption = exemptionOf(category, rate, taxes, words);
    return {
      taxableAmount: money(taxable),
      taxAmount: money(tax),
      vat: { code: category, rate },
      exemptionReason: exemption.reason,
      exemptionReasonCode: exemption.code,
    };
  });
}
