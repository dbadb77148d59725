// Line items, totals and the tax summary as printed strings. Every amount comes from the TotalsResult the
// API reported: the renderer formats, it never recomputes, so the PDF cannot disagree with the JSON.

import type { DocumentData } from '../../domain/document-data';
import { dec, eq, gt, isDecimalString, prepaidTaxOf, sub, toPlainString } from '../../domain/money';
import type { TaxGroupResult, TotalsResult } from '../../domain/money/types';
import { minorUnitsOf } from '../../domain/reference';
import type { Formatter } from '../format';
import type { Labels } from '../labels';
import type { ColumnsView, LineView, TaxSummaryRow, TotalRow } from './types';
import { groundStated } from './vat-note';

type LineItem = DocumentData['line_items'][number];

/** "0", "0.00", "-0.00": nothing to print. */
export const isZero = (amount: string) => /^[-+]?0*\.?0*$/.test(amount.trim());

const negate = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/**
 * Whether the document charges no VAT at all and says why: every VAT group exempt (E, with its reason or
 * code stated) or outside the scope (O) at 0 %, as a Kleinunternehmer's (§ 19 UStG) or a doctor's (§ 4 Nr.
 * 14 UStG) invoices are. Such an invoice states no VAT, so none is printed: no VAT column, no "USt. 0 %"
 * row, no VAT summary; the VAT note says why (vat-note.ts), and the e-invoice still carries its VAT
 * breakdown (BG-23). An exemption whose ground is not given keeps its "USt. 0 %": nothing else would say it.
 */
export function chargesNoVat(data: DocumentData, totals: TotalsResult): boolean {
  if (totals.stated?.includes('tax_total') || totals.tax_groups.length === 0) return false;
  return totals.tax_groups.every(
    (group) =>
      (group.category === 'O' || (group.category === 'E' && groundStated(data, 'E', group.rate))) &&
      !group.inclusive &&
      isZero(group.rate) &&
      isZero(group.tax_amount),
  );
}

/** The line table's columns; `noVat`: the document charges no VAT (chargesNoVat), so it has no VAT column. */
export function buildColumns(
  data: DocumentData,
  shipped: boolean,
  labels: Labels,
  noVat = false,
): ColumnsView {
  const items = data.line_items;
  // VAT as the totals name it (taxName): a tax called "VAT", or one with a VAT category (BT-151) and no
  // other name, as the API's `{category: 'S', rate: '20'}` is; else the column would say "Steuer" beside
  // "USt. 20 %" in the totals.
  const taxes = items.flatMap((l) => l.taxes ?? []);
  const isVat = (tax: (typeof taxes)[number]) => {
    const name = tax.name?.trim().toUpperCase() || '';
    return name === 'VAT' || (!!tax.category && (name === '' || name === 'TAX'));
  };
  const vat = data.tax_scheme === 'VAT' || (taxes.length > 0 && taxes.every(isVat));
  return {
    priced: !shipped,
    unit: items.some((l) => !!lineUnit(l, labels)),
    discount: !shipped && items.some((l) => l.discount !== undefined && !isZero(l.discount.value)),
    tax: !shipped && !noVat && items.some((l) => (l.taxes?.length ?? 0) > 0),
    sku: shipped && items.some((l) => !!l.sku?.trim()),
    taxHeading: vat ? labels.vat : labels.tax,
  };
}

/**
 * The unit printed beside a quantity (`quantity`: the line's, or a price's base quantity): the line's own
 * words, else its unit code's name ("Std." for HUR; "Monat" beside exactly 1, "Monate" beside any other).
 */
function lineUnit(item: LineItem, labels: Labels, quantity = item.quantity): string {
  const own = item.unit?.trim();
  if (own) return own;
  const code = item.unit_code?.trim().toUpperCase();
  if (!code) return '';
  const one = isDecimalString(quantity) && eq(dec(quantity), dec('1')) ? labels.unitsOne[code] : undefined;
  return one ?? labels.units[code] ?? code;
}

/** The price as entered; a price per base quantity (BT-149) says for how many: "12,37 € / 100 Stk.". */
function unitPrice(item: LineItem, price: string, fmt: Formatter, labels: Labels): string {
  const base = item.price_base_quantity;
  if (base === undefined || !isDecimalString(base) || eq(dec(base), dec('1'))) return fmt.price(price);
  // Broken before the slash only: "12,37 €" over "/ 100 Stk." in a narrow column.
  const per = ['/', fmt.quantity(base), lineUnit(item, labels, base)].filter(Boolean).join('\u00a0');
  return `${fmt.price(price)} ${per}`;
}

/** BT-147 as printed: the gross price less the net, when both are numbers and the gross is higher. */
function priceDifference(gross: string, price: string): string | null {
  if (!isDecimalString(gross) || !isDecimalString(price)) return null;
  const difference = sub(dec(gross), dec(price));
  return gt(difference, dec('0')) ? toPlainString(difference) : null;
}

/** Under the item's name: its note (BT-127), period (BG-26) and attributes (BG-32), each a line. */
function lineDetails(item: LineItem, fmt: Formatter, labels: Labels): string[] {
  const details: string[] = [];
  if (item.note?.trim()) details.push(item.note.trim());
  const { start_date: start, end_date: end } = item.period ?? {};
  if (start?.trim() || end?.trim()) {
    const ends = [start, end].map((d) => (d?.trim() ? fmt.date(d) : '…'));
    details.push(`${labels.terms.linePeriod}: ${ends.join(' – ')}`);
  }
  for (const a of item.attributes ?? []) details.push(`${a.name.trim()}: ${a.value.trim()}`);
  // BT-148 / BT-147: the price before its discount, when it was higher (the price column holds the net).
  const gross = item.gross_unit_price;
  if (gross !== undefined && item.unit_price !== undefined && gross !== item.unit_price) {
    const discount = priceDifference(gross, item.unit_price);
    if (discount !== null) {
      details.push(
        `${labels.terms.grossPrice} ${fmt.price(gross)}, ${labels.terms.priceDiscount} ${fmt.price(discount)}`,
      );
    }
  }
  // Line charges are inside the line's amount: named here so the amount can be read.
  for (const c of item.charges ?? []) details.push(`+ ${c.reason.trim()}: ${fmt.money(c.amount)}`);
  return details;
}

export function buildLines(
  data: DocumentData,
  totals: TotalsResult,
  fmt: Formatter,
  shipped: boolean,
  labels: Labels,
): LineView[] {
  return data.line_items.map((item: LineItem, index): LineView => {
    const result = totals.lines[index];
    const discount = item.discount;
    let discountText = '';
    if (discount && !isZero(discount.value)) {
      discountText =
        discount.type === 'percentage'
          ? fmt.percent(discount.value)
          : fmt.money(result?.discount_amount ?? '0');
    }
    return {
      position: String(index + 1),
      name: item.name,
      description: item.description?.trim() || null,
      sku: item.sku?.trim() || null,
      details: lineDetails(item, fmt, labels),
      quantity: fmt.quantity(item.quantity),
      unit: lineUnit(item, labels),
      unitPrice:
        shipped || item.unit_price === undefined ? '' : unitPrice(item, item.unit_price, fmt, labels),
      discount: discountText,
      tax: (item.taxes ?? []).map((t) => fmt.percent(t.rate)).join(' + '),
      amount: shipped || !result ? '' : fmt.money(result.amount),
    };
  });
}

/**
 * A tax group's printed name: "VAT" in the document's language (USt., TVA, IVA, Btw), others as entered.
 * A tax entered without a name is called "Tax" by the totals; printed, it is the document language's word
 * for VAT when the group has an EN 16931 VAT category (S, Z, E, AE, ...), else its word for tax.
 */
const taxName = (group: TaxGroupResult, labels: Labels) => {
  const trimmed = group.name.trim();
  const upper = trimmed.toUpperCase();
  if (upper === 'VAT') return labels.vat;
  if (trimmed && upper !== 'TAX') return trimmed;
  return group.category ? labels.vat : labels.tax;
};

const groupLabel = (group: TaxGroupResult, fmt: Formatter, labels: Labels) =>
  `${taxName(group, labels)} ${fmt.percent(group.rate)}`;

/**
 * Whether a payable document's partial payments came to more than its total (a Schlussrechnung whose
 * Abschläge were overpaid): its amount due is what the seller pays back, printed as such ("Zu erstatten
 * 100,00 €", not "Zu zahlen -100,00 €"). A negative document's negative amount due is not one.
 */
export function refundsOverpayment(totals: TotalsResult, payable: boolean): boolean {
  const due = dec(totals.amount_due ?? totals.total);
  return payable && gt(dec(totals.total), dec('0')) && gt(dec('0'), due);
}

export function buildTotals(
  data: DocumentData,
  totals: TotalsResult,
  fmt: Formatter,
  labels: Labels,
  noVat = false,
  payable = false,
): TotalRow[] {
  // Rule 8b: a figure the received file states that its lines do not give says so.
  const stated = new Set(totals.stated ?? []);
  const named = (label: string, ...members: string[]) =>
    members.some((m) => stated.has(m)) ? labels.asStated(label) : label;
  const rows: TotalRow[] = [
    {
      kind: 'subtotal',
      label: named(labels.subtotal, 'subtotal', 'net_total'),
      value: fmt.money(totals.subtotal),
    },
  ];
  totals.discounts.forEach((result, index) => {
    if (isZero(result.amount)) return;
    const input = data.discounts?.[index];
    const share = input?.type === 'percentage' ? ` ${fmt.percent(input.value)}` : '';
    const reason = result.reason?.trim() ? ` (${result.reason.trim()})` : '';
    rows.push({
      kind: 'discount',
      label: `${labels.discount}${share}${reason}`,
      value: fmt.money(negate(result.amount)),
    });
  });
  if (data.shipping || !isZero(totals.shipping_total)) {
    const label = data.shipping?.description?.trim() || labels.shipping;
    rows.push({ kind: 'shipping', label, value: fmt.money(totals.shipping_total) });
  }
  for (const charge of totals.charges ?? []) {
    rows.push({ kind: 'shipping', label: charge.reason ?? labels.shipping, value: fmt.money(charge.amount) });
  }
  // Inclusive taxes are already inside the prices: listed after the total ("incl. VAT 19 %"), never added.
  if (stated.has('tax_total')) {
    // The stated VAT total stands for the groups, which the lines do not give.
    const value = fmt.money(totals.exclusive_tax_total);
    rows.push({ kind: 'tax', label: labels.asStated(labels.vat), value });
  } else if (!noVat) {
    for (const group of totals.tax_groups.filter((g) => !g.inclusive)) {
      rows.push({ kind: 'tax', label: groupLabel(group, fmt, labels), value: fmt.money(group.tax_amount) });
    }
  }
  // With a prepaid or rounding amount (BT-113/114) or third-party payments (BG-DEX-09) the total is an
  // intermediate line and the amount due is the figure the reader pays: it becomes the emphasised last row.
  const prepaid = totals.prepaid_amount ?? '0';
  const rounding = totals.rounding_amount ?? '0';
  const thirdParty = totals.third_party_payment_total ?? '0';
  // A stated amount due (rule 8b) may differ from the total with nothing to explain it: shown all the same.
  const due = totals.amount_due ?? totals.total;
  const adjusted =
    !isZero(prepaid) ||
    !isZero(rounding) ||
    !isZero(thirdParty) ||
    (stated.has('amount_due') && due !== totals.total);
  const totalLabel = named(labels.total, 'total');
  // An invoice that charges no VAT and has nothing between its lines' sum and its total says the sum once.
  if (rows.length === 1 && noVat && totals.subtotal === totals.total) rows.pop();
  rows.push({ kind: adjusted ? 'subtotal' : 'total', label: totalLabel, value: fmt.money(totals.total) });
  for (const group of totals.tax_groups.filter((g) => g.inclusive)) {
    const label = labels.taxIncluded(groupLabel(group, fmt, labels));
    rows.push({ kind: 'included', label, value: fmt.money(group.tax_amount) });
  }
  if (!adjusted) return rows;
  // What was paid in advance is deducted with the VAT in it, and the amount due says the VAT left in it
  // (§ 14 Abs. 5 UStG), where the document's one VAT rate gives it.
  // Deducted invoices (an Abschlagsrechnung's data.deductions) each with what it stated; their VAT is theirs.
  const deductions = data.deductions ?? [];
  const prepaidTax = prepaidTaxOf(totals, minorUnitsOf(data.currency), deductions);
  const vatIn = (amount: string): TotalRow[] =>
    prepaidTax && !noVat
      ? [
          {
            kind: 'included',
            label: labels.taxIncluded(groupLabel(vatGroup(totals), fmt, labels)),
            value: fmt.money(amount),
          },
        ]
      : [];
  if (deductions.length > 0) {
    // A German Schlussrechnung's deductions: each Abschlag by number and date, gross, then its VAT on its net,
    // the VAT named as the document's groups name it (one name for all of them: "USt" beside "USt 19 %").
    const names = new Set(totals.tax_groups.map((group) => taxName(group, labels)));
    const vatName = names.size === 1 ? ([...names][0] ?? labels.vat) : labels.vat;
    for (const d of deductions) {
      const date = d.issue_date ? fmt.date(d.issue_date) : null;
      rows.push({
        kind: 'discount',
        label: labels.deducted(d.number.trim(), date),
        value: fmt.money(negate(d.total)),
      });
      if (noVat || isZero(d.tax_amount)) continue;
      const tax = d.tax_rate === undefined ? vatName : `${vatName} ${fmt.percent(d.tax_rate)}`;
      const label = labels.deductedTax(tax, fmt.money(d.net_amount));
      rows.push({ kind: 'included', label, value: fmt.money(negate(d.tax_amount)) });
    }
  } else if (!isZero(prepaid)) {
    rows.push({ kind: 'discount', label: labels.terms.prepaid, value: fmt.money(negate(prepaid)) });
    rows.push(...vatIn(negate(prepaidTax?.prepaid_tax ?? '0')));
  }
  if (!isZero(rounding))
    rows.push({ kind: 'shipping', label: labels.terms.rounding, value: fmt.money(rounding) });
  // Each payment by what it is for; the amounts are the data's, which the stored sum was made of.
  if (!isZero(thirdParty)) {
    for (const p of data.third_party_payments ?? []) {
      if (isZero(p.amount)) continue;
      const label = `${labels.terms.thirdParty}: ${p.description.trim()}`;
      rows.push({ kind: 'shipping', label, value: fmt.money(p.amount) });
    }
  }
  const refund = refundsOverpayment(totals, payable) && labels.refundDue !== undefined;
  const [dueLabel, shown] = refund
    ? [labels.refundDue ?? '', (v: string) => (isZero(v) ? v : negate(v))]
    : [labels.amountDue, (v: string) => v];
  rows.push({ kind: 'total', label: named(dueLabel, 'amount_due'), value: fmt.money(shown(due)) });
  // Nothing left to pay has no VAT left in it to say.
  if (!isZero(due)) rows.push(...vatIn(shown(prepaidTax?.remaining_tax ?? '0')));
  return rows;
}

/** The document's one VAT group (prepaidTaxOf holds only with exactly one). */
const vatGroup = (totals: TotalsResult) => totals.tax_groups[0] as TaxGroupResult;

export function buildTaxSummary(
  totals: TotalsResult,
  fmt: Formatter,
  labels: Labels,
  noVat = false,
): TaxSummaryRow[] {
  // A stated VAT total (rule 8b) is one the groups computed from the lines do not give: none is drawn.
  if (totals.stated?.includes('tax_total') || noVat) return [];
  return totals.tax_groups.map((group) => ({
    name: group.inclusive ? labels.taxIncluded(taxName(group, labels)) : taxName(group, labels),
    rate: fmt.percent(group.rate),
    taxable: fmt.money(group.taxable_amount),
    tax: fmt.money(group.tax_amount),
  }));
}
