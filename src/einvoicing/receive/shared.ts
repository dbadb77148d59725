// What reading UBL and CII have in common: prices per unit, VAT categories as line taxes, allowances as
// discounts, notes with a subject code.
import type { DocumentData } from '../../domain/document-data';
import {
  type Decimal,
  dec,
  div,
  eq,
  gt,
  isNegative,
  isZero,
  mul,
  round,
  sub,
  sum,
  toPlainString,
} from '../../domain/money';
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
    discounts: data.discounts?.map((d) => ({ ...d, value: decimalOf(d.value) })),
    shipping: data.shipping && {
      ...data.shipping,
      amount: decimalOf(data.shipping.amount),
      taxes: taxes(data.shipping.taxes),
    },
    charges: data.charges?.map((c) => ({ ...c, amount: decimalOf(c.amount), taxes: taxes(c.taxes) })),
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

const SLACK = dec('0.02');

/**
 * BT-146 as the line's own amount implies it: when quantity x price strays more than 0.02 (Peppol R120)
 * from the stated net amount plus allowances less charges, the price that gives the stated amount is kept
 * (and said so), so the line adds up as the sender meant.
 */
export function impliedPrice(
  line: { quantity: string; price: string; amount?: string; allowances: string[]; charges: string[] },
  where: string,
  warnings: ReceiveWarning[],
): string {
  if (line.amount === undefined) return line.price;
  const quantity = dec(line.quantity);
  if (isZero(quantity)) return line.price;
  const gross = sub(
    sum([dec(decimalOf(line.amount)), ...line.allowances.map((a) => dec(decimalOf(a)))]),
    sum(line.charges.map((c) => dec(decimalOf(c)))),
  );
  const difference = sub(mul(quantity, dec(line.price)), gross);
  const off = isNegative(difference) ? sub(dec('0'), difference) : difference;
  if (!gt(off, SLACK)) return line.price;
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
 * A document allowance keeps its VAT rate only when some line carries that rate: EN 16931 lets an
 * allowance stand in a category of its own (often one of zero), which the data cannot express; such a one
 * is spread over every line instead.
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
      if (!pin || carried(pin)) return d;
      const { taxes: _dropped, ...rest } = d;
      return rest;
    }),
  };
}
