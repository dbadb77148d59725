// What reading UBL and CII have in common: prices per unit, VAT categories as line taxes, allowances as
// discounts, notes with a subject code.
import type { DocumentData } from '../../domain/document-data';
import {
  computeTotals,
  type Decimal,
  dec,
  div,
  eq,
  isDecimalString,
  isNegative,
  isZero,
  lt,
  type MinorUnits,
  mul,
  normalizeRate,
  round,
  sub,
  sum,
  toPlainString,
} from '../../domain/money';
import { minorUnitsOf } from '../../domain/reference';
import { defined } from './dom';
import type { ReceiveWarning } from './types';

type Line = DocumentData['line_items'][number];
type Tax = NonNullable<Line['taxes']>[number];
type Discount = NonNullable<Line['discount']>;

export interface TaxInfo {
  category: string;
  rate: string;
}

export interface Money {
  amount: string;
  reason?: string;
  code?: string;
}

const TEN_PLACES = dec('10000000000');

/** The data keeps at most 10 decimal places. */
const toTenPlaces = (d: Decimal): Decimal => div(round(mul(d, TEN_PLACES), 0), TEN_PLACES);

/** An xs:decimal as the data writes decimals: "100." -> "100", ".5" -> "0.5", "+1" -> "1", "1.000000000000" -> "1". */
export function decimalOf(value: string): string {
  let v = value.trim().replace(/^\+/, '');
  if (v.endsWith('.')) v = v.slice(0, -1);
  if (v.startsWith('.')) v = `0${v}`;
  if (v.startsWith('-.')) v = `-0${v.slice(1)}`;
  // More places than the data keeps (10): the zeros at the end say nothing ("30.00000000000").
  const point = v.indexOf('.');
  if (point >= 0 && v.length - point - 1 > 10) v = v.replace(/0+$/, '').replace(/\.$/, '');
  return v;
}

type Data = DocumentData;

/** Every amount, quantity and rate of mapped data in the data's decimal form (see decimalOf). */
export function normalizeDecimals(data: Data): Data {
  const fix = (v: string | undefined) => (v === undefined ? v : decimalOf(v));
  const taxes = (list: Tax[] | undefined) => list?.map((t) => ({ ...t, rate: decimalOf(t.rate) }));
  return {
    ...data,
    prepaid_amount: fix(data.prepaid_amount),
    rounding_amount: fix(data.rounding_amount),
    third_party_payments: data.third_party_payments?.map((p) => ({ ...p, amount: decimalOf(p.amount) })),
    discounts: data.discounts?.map((d) => ({ ...d, value: decimalOf(d.value) })),
    shipping: data.shipping && {
      ...data.shipping,
      amount: decimalOf(data.shipping.amount),
      taxes: taxes(data.shipping.taxes),
    },
    charges: data.charges?.map((c) => ({ ...c, amount: decimalOf(c.amount), taxes: taxes(c.taxes) })),
    tax_amounts: data.tax_amounts?.map((t) => ({
      ...t,
      rate: decimalOf(t.rate),
      amount: decimalOf(t.amount),
    })),
    line_items: data.line_items.map((l) => ({
      ...l,
      quantity: decimalOf(l.quantity),
      unit_price: fix(l.unit_price),
      discount: l.discount && { ...l.discount, value: decimalOf(l.discount.value) },
      charges: l.charges?.map((c) => ({ ...c, amount: decimalOf(c.amount) })),
      taxes: taxes(l.taxes),
    })),
  };
}

/** BT-146 / BT-149: a price per base quantity becomes a price per unit, exactly when it divides. */
export function perUnitPrice(
  price: string,
  baseQuantity: string | undefined,
  where: string,
  warnings: ReceiveWarning[],
): string {
  price = decimalOf(price);
  if (baseQuantity !== undefined) baseQuantity = decimalOf(baseQuantity);
  if (baseQuantity === undefined || eq(dec(baseQuantity), dec('1')) || eq(dec(baseQuantity), dec('0'))) {
    return price;
  }
  const exact = div(dec(price), dec(baseQuantity));
  const kept = toTenPlaces(exact);
  if (!eq(kept, exact)) {
    warnings.push({
      term: 'BT-149',
      path: where,
      message: `The price ${price} per ${baseQuantity} units is kept as ${toPlainString(kept)} per unit (rounded)`,
    });
  }
  return toPlainString(kept);
}

/** A line's VAT category (BT-151/152) as its one tax, with the breakdown's exemption reason (BT-120/121). */
export function taxesOf(info: TaxInfo, exemptions: Map<string, { reason?: string; code?: string }>): Tax[] {
  const exemption = exemptions.get(`${info.category}|${info.rate}`) ?? exemptions.get(`${info.category}|0`);
  const tax: Tax = { name: 'VAT', rate: info.rate, category: info.category };
  if (exemption?.reason) tax.exemption_reason = exemption.reason;
  if (exemption?.code) tax.exemption_reason_code = exemption.code;
  return [tax];
}

const ALLOWANCE_CODE = /^[0-9]{1,3}$/;

/** An allowance (BG-20, BG-27) as a fixed discount; a document allowance keeps its VAT rate (BT-95/96). */
export function discountOf(
  amount: string,
  reason: string | undefined,
  code: string | undefined,
  taxes?: Tax[],
): Discount & { taxes?: Tax[] } {
  const discount: Discount & { taxes?: Tax[] } = { type: 'fixed', value: amount };
  if (reason) discount.reason = reason;
  if (code && ALLOWANCE_CODE.test(code)) discount.reason_code = code;
  if (taxes) discount.taxes = taxes;
  return discount;
}

/** A line's allowances (BG-27) as its one discount; several are added up (and said so). */
export function lineDiscountOf(
  allowances: Money[],
  where: string,
  warnings: ReceiveWarning[],
): Discount | undefined {
  if (allowances.length === 0) return undefined;
  const first = allowances[0] as Money;
  if (allowances.length === 1) return discountOf(first.amount, first.reason, first.code);
  warnings.push({
    term: 'BG-27',
    path: where,
    message: `${allowances.length} line allowances are kept as one discount`,
  });
  const total = sum(allowances.map((a) => dec(a.amount)));
  return discountOf(toPlainString(total), first.reason, first.code);
}

/**
 * BT-6 and BT-111: the data states the VAT total in the accounting currency through an exchange rate,
 * which the file does not give. The rate its two VAT totals imply (BT-111 / BT-110, at most 10 places) is
 * kept when it gives back exactly the stated BT-111, and said so; otherwise BT-111 is not kept.
 */
export function accountingCurrencyOf(
  stated: { currency: string; taxTotal: string | undefined },
  documentTaxTotal: string | undefined,
  where: string,
  warnings: ReceiveWarning[],
): DocumentData['tax_currency'] {
  const mu = minorUnitsOf(stated.currency);
  const values = [stated.taxTotal, documentTaxTotal].map((v) => (v === undefined ? v : decimalOf(v)));
  const [accounting, document] = values;
  if (
    accounting !== undefined &&
    document !== undefined &&
    isDecimalString(accounting) &&
    isDecimalString(document)
  ) {
    const base = dec(document);
    const rate = isZero(base) ? undefined : toTenPlaces(div(dec(accounting), base));
    if (
      rate !== undefined &&
      !isNegative(rate) &&
      !isZero(rate) &&
      eq(round(mul(base, rate), mu), dec(accounting))
    ) {
      const kept = toPlainString(rate);
      warnings.push({
        term: 'BT-111',
        path: where,
        message: `The VAT total in ${stated.currency} (${accounting}) states no exchange rate: kept as the rate it implies, ${kept}`,
      });
      return { currency: stated.currency, exchange_rate: kept };
    }
  }
  warnings.push({
    term: 'BT-111',
    path: where,
    message: `The VAT total in ${stated.currency} is not kept (no exchange rate is stated)`,
  });
  return undefined;
}

/** The freight charge (reason code FC) as the shipping: its reason (BT-104) is the shipping's description. */
export function shippingOf(charge: {
  amount: string;
  reason?: string;
  reason_code?: string;
  taxes: Tax[];
}): NonNullable<DocumentData['shipping']> {
  const { reason, ...rest } = charge;
  return defined({ description: reason, ...rest });
}

/** BT-22 notes joined; BT-21 from the first note's `#CODE#` prefix (the UBL binding). */
export function splitNote(notes: string[]): { note?: string; subjectCode?: string } {
  if (notes.length === 0) return {};
  const first = notes[0] as string;
  const match = /^#([A-Z]{3})#/.exec(first);
  const texts = match ? [first.slice(match[0].length), ...notes.slice(1)] : notes;
  const note = texts
    .map((n) => n.trim())
    .filter(Boolean)
    .join('\n\n');
  return { note: note || undefined, subjectCode: match?.[1] };
}

/**
 * A line's quantity with the sign its stated net amount (BT-131) implies: a return is sometimes written
 * as a positive quantity and price with a negative line amount.
 */
export function signedQuantity(quantity: string, price: string, lineAmount: string | undefined): string {
  const q = decimalOf(quantity);
  if (lineAmount === undefined) return q;
  const product = mul(dec(q), dec(decimalOf(price)));
  const stated = dec(decimalOf(lineAmount));
  const negative = (d: typeof stated) => d.toString().startsWith('-');
  if (eq(product, dec('0')) || eq(stated, dec('0')) || negative(product) === negative(stated)) return q;
  return q.startsWith('-') ? q.slice(1) : `-${q}`;
}

/**
 * BT-146 as the line's own amount implies it: when quantity x price, rounded to the currency, is not the
 * stated net amount plus allowances less charges (a sender that rounded its price, or its amount, another
 * way), the price that gives the stated amount is kept (and said so), so the line adds up as the sender
 * meant: the net amount (BT-131) is what the totals and the VAT are made of.
 */
export function impliedPrice(
  line: {
    quantity: string;
    price: string;
    amount?: string;
    allowances: string[];
    charges: string[];
    /** The currency's decimals (2 when not given). */
    minorUnits?: MinorUnits;
  },
  where: string,
  warnings: ReceiveWarning[],
): string {
  if (line.amount === undefined) return line.price;
  const quantity = dec(line.quantity);
  if (isZero(quantity)) return line.price;
  const mu = line.minorUnits ?? 2;
  const gross = sub(
    sum([dec(decimalOf(line.amount)), ...line.allowances.map((a) => dec(decimalOf(a)))]),
    sum(line.charges.map((c) => dec(decimalOf(c)))),
  );
  if (eq(round(mul(quantity, dec(line.price)), mu), gross)) return line.price;
  const kept = toTenPlaces(div(gross, quantity));
  const price = toPlainString(kept);
  warnings.push({
    term: 'BT-146',
    path: where,
    message: `${line.quantity} x ${line.price} is not the stated line amount ${line.amount}: the price is kept as ${price}`,
  });
  return price;
}

/**
 * A document allowance keeps its VAT rate (BT-95/96), also one no line carries: EN 16931 lets an
 * allowance stand in a VAT category of its own, which the data holds as a fixed discount of that tax
 * (docs/calculation.md rule 5a). Only a percentage of a tax no line carries would mean nothing: it is
 * spread over every line instead.
 */
export function pinnableDiscounts(data: DocumentData): DocumentData {
  if (!data.discounts) return data;
  const carried = (tax: Tax) =>
    data.line_items.some((l) =>
      (l.taxes ?? []).some(
        (t) => t.category === tax.category && eq(dec(decimalOf(t.rate)), dec(decimalOf(tax.rate))),
      ),
    );
  return {
    ...data,
    discounts: data.discounts.map((d) => {
      const pin = d.taxes?.[0];
      if (!pin || d.type === 'fixed' || carried(pin)) return d;
      const { taxes: _dropped, ...rest } = d;
      return rest;
    }),
  };
}

/**
 * What the data refuses although a file may state it, kept where the data can hold it and said so: a due
 * date before the issue date (BT-9) goes into the payment terms (BT-20), a link that is no http(s) URL
 * (BT-124) into the document's description (BT-123).
 */
export function keepRefused(data: DocumentData, warnings: ReceiveWarning[]): DocumentData {
  let out = data;
  if (data.due_date && data.issue_date && data.due_date < data.issue_date) {
    const { due_date, ...rest } = out;
    const due = `Due date: ${due_date}`;
    const instructions = data.payment?.instructions;
    out = {
      ...rest,
      payment: { ...data.payment, instructions: instructions ? `${instructions}\n${due}` : due },
    };
    warnings.push({
      term: 'BT-9',
      path: 'DueDate',
      message: `The due date ${due_date} is before the issue date ${data.issue_date}: kept in the payment terms`,
    });
  }
  if (data.supporting_documents?.some((d) => d.url !== undefined && !/^https?:\/\//.test(d.url))) {
    out = {
      ...out,
      supporting_documents: data.supporting_documents.map((d) => {
        if (d.url === undefined || /^https?:\/\//.test(d.url)) return d;
        const { url, ...rest } = d;
        warnings.push({
          term: 'BT-124',
          path: `AdditionalDocumentReference[${d.id}]`,
          message: `The link ${url} is no http(s) URL: kept in the description`,
        });
        return { ...rest, description: rest.description ? `${rest.description} (${url})` : url };
      }),
    };
  }
  return out;
}

/**
 * BT-117 as stated, kept (`tax_amounts`) only for the groups whose stated tax is not what the data's
 * once-per-group rounding gives, and only within BR-CO-17's one unit: a file whose figures disagree more
 * keeps the computed amounts (its stated totals then say so).
 */
export function statedTaxAmounts(data: DocumentData): DocumentData {
  const { tax_amounts: stated, ...rest } = data;
  if (!stated) return data;
  const outcome = computeTotals({
    minorUnits: minorUnitsOf(data.currency),
    lines: rest.line_items,
    discounts: rest.discounts,
    shipping: rest.shipping,
    charges: rest.charges,
    prepaid: rest.prepaid_amount,
    rounding: rest.rounding_amount,
  });
  if (!outcome.ok) return rest;
  const differing = stated.filter((t) => {
    if (!isDecimalString(t.amount) || !isDecimalString(t.rate)) return false;
    const group = outcome.totals.tax_groups.find(
      (g) => !g.inclusive && g.category === t.category && g.rate === normalizeRate(t.rate),
    );
    if (group === undefined) return false;
    const off = sub(dec(t.amount), dec(group.tax_amount));
    return !isZero(off) && lt(isNegative(off) ? sub(dec('0'), off) : off, dec('1'));
  });
  return differing.length > 0 ? { ...rest, tax_amounts: differing } : rest;
}

/** A date as the data writes it: `2013-08-01T00:00:00`, `2016-04-04+01:00` and `20130801` as `2013-08-01`. */
export function dateOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ][0-9:.]*)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (iso) return iso[1];
  const basic = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  return basic ? `${basic[1]}-${basic[2]}-${basic[3]}` : value;
}

type Period = DocumentData['invoice_period'];
const periodOf = (p: Period): Period =>
  p && defined({ start_date: dateOf(p.start_date), end_date: dateOf(p.end_date) });

/** Every date of mapped data as the data writes dates (see dateOf); anything else stays as written. */
export function normalizeDates(data: Data): Data {
  return defined({
    ...data,
    issue_date: dateOf(data.issue_date),
    due_date: dateOf(data.due_date),
    delivery_date: dateOf(data.delivery_date),
    tax_point_date: dateOf(data.tax_point_date),
    invoice_period: periodOf(data.invoice_period),
    preceding_invoice: data.preceding_invoice && {
      ...data.preceding_invoice,
      ...(data.preceding_invoice.issue_date && { issue_date: dateOf(data.preceding_invoice.issue_date) }),
    },
    line_items: data.line_items.map((l) => (l.period ? { ...l, period: periodOf(l.period) } : l)),
  });
}
