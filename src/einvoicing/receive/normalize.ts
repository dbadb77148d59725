// The decimals and dates of mapped data as the document data writes them, whichever syntax it was read from.
import type { DocumentData } from '../../domain/document-data';
import { type Decimal, dec, div, mul, round } from '../../domain/money';
import { defined } from './dom';

type Tax = NonNullable<DocumentData['line_items'][number]['taxes']>[number];

const TEN_PLACES = dec('10000000000');

/** The data keeps at most 10 decimal places. */
export const toTenPlaces = (d: Decimal): Decimal => div(round(mul(d, TEN_PLACES), 0), TEN_PLACES);

/**
 * An xs:decimal as the data writes decimals: "100." -> "100", ".5" -> "0.5", "+1" -> "1", "1.000000000000" ->
 * "1", "-0.00" -> "0.00", "007.50" -> "7.50".
 */
export function decimalOf(value: string): string {
  let v = value.trim().replace(/^\+/, '');
  if (v.endsWith('.')) v = v.slice(0, -1);
  if (v.startsWith('.')) v = `0${v}`;
  if (v.startsWith('-.')) v = `-0${v.slice(1)}`;
  // Zeros in front say nothing either ("0000000000000007" is 7): a padded field is no 16-digit amount.
  v = v.replace(/^(-?)0+(?=\d)/, '$1');
  // More places than the data keeps (10): the zeros at the end say nothing ("30.00000000000").
  const point = v.indexOf('.');
  if (point >= 0 && v.length - point - 1 > 10) v = v.replace(/0+$/, '').replace(/\.$/, '');
  // Negative zero ("-0", "-0.00") is zero: shown and summed as "-0" it would read as a credit.
  if (/^-0+(\.0+)?$/.test(v)) v = v.slice(1);
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
    preceding_invoices: data.preceding_invoices?.map((p) =>
      p.issue_date ? { ...p, issue_date: dateOf(p.issue_date) } : p,
    ),
    line_items: data.line_items.map((l) => ({
      ...l,
      quantity: decimalOf(l.quantity),
      unit_price: fix(l.unit_price),
      price_base_quantity: fix(l.price_base_quantity),
      gross_unit_price: fix(l.gross_unit_price),
      discount: l.discount && { ...l.discount, value: decimalOf(l.discount.value) },
      charges: l.charges?.map((c) => ({ ...c, amount: decimalOf(c.amount) })),
      taxes: taxes(l.taxes),
    })),
  };
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
