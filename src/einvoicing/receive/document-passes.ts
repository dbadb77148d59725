// Passes over the whole mapped document, whichever syntax it was read from: what the file states that the
// data would otherwise drop or compute another way.
import type { DocumentData } from '../../domain/document-data';
import {
  computeTotals,
  dec,
  eq,
  gt,
  isDecimalString,
  isNegative,
  isZero,
  lt,
  normalizeRate,
  sub,
  sum,
} from '../../domain/money';
import { minorUnitsOf } from '../../domain/reference';
import { decimalOf } from './normalize';
import type { ReceiveWarning, StatedPercentage } from './types';

type Tax = NonNullable<DocumentData['line_items'][number]['taxes']>[number];

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
 * BT-94: a document allowance stated as a percentage (BT-94 of BT-93) is kept as a percentage discount
 * when the data computes the same from it: the base is what the percentage is of here (the lines of the
 * allowance's VAT rate, docs/calculation.md rule 5a) and the document's totals come out the same to the
 * cent as with the stated amount. Otherwise the amount stands, as stated, and a warning quotes the
 * percentage and its base.
 */
export function statedPercentages(
  data: DocumentData,
  bases: readonly StatedPercentage[] | undefined,
  warnings: ReceiveWarning[],
): DocumentData {
  const discounts = data.discounts;
  if (!discounts || !bases?.some((b) => b.percent !== undefined)) return data;
  const fixed = totalsOf(data);
  let kept = discounts;
  discounts.forEach((discount, k) => {
    const [percent, base] = [bases[k]?.percent, bases[k]?.base].map((v) =>
      v === undefined ? v : decimalOf(v),
    );
    if (discount.type !== 'fixed' || percent === undefined) return;
    const candidate = kept.map((d, i) =>
      i === k ? { ...d, type: 'percentage' as const, value: percent } : d,
    );
    const same = () => {
      if (!fixed.ok || !isDecimalString(percent) || !isDecimalString(base)) return false;
      const p = dec(percent);
      if (!gt(p, ZERO) || gt(p, HUNDRED)) return false;
      const pin = discount.taxes?.[0];
      const of = fixed.totals.lines
        .filter((_, i) => pin === undefined || carries(data.line_items[i]?.taxes, pin))
        .map((line) => dec(line.amount));
      if (!eq(sum(of), dec(base))) return false;
      const outcome = totalsOf({ ...data, discounts: candidate });
      return outcome.ok && sameTotals(outcome.totals, fixed.totals);
    };
    if (same()) kept = candidate;
    else
      warnings.push({
        term: 'BT-94',
        path: `discounts.${k}`,
        message: `Stated as ${percent} % of ${base ?? 'no base amount'}: kept as its amount, ${discount.value} (a percentage is kept only of the amount of the lines it reduces, giving the same amount)`,
        code: 'document_allowance_percentage',
        params: { percent, ...(base !== undefined && { base }), amount: discount.value },
      });
  });
  return kept === discounts ? data : { ...data, discounts: kept };
}

const ZERO = dec('0');
const HUNDRED = dec('100');

const carries = (taxes: Tax[] | undefined, pin: Tax) =>
  (taxes ?? []).some(
    (t) => t.category === pin.category && eq(dec(decimalOf(t.rate)), dec(decimalOf(pin.rate))),
  );

function totalsOf(data: DocumentData) {
  return computeTotals({
    minorUnits: minorUnitsOf(data.currency),
    lines: data.line_items,
    discounts: data.discounts,
    shipping: data.shipping,
    charges: data.charges,
    prepaid: data.prepaid_amount,
    rounding: data.rounding_amount,
  });
}

type Totals = Extract<ReturnType<typeof totalsOf>, { ok: true }>['totals'];

/** The same document totals and the same VAT groups, each to the cent. */
function sameTotals(a: Totals, b: Totals): boolean {
  const groups = (t: Totals) =>
    JSON.stringify(t.tax_groups.map((g) => [g.category, g.rate, g.taxable_amount, g.tax_amount]));
  return (
    a.discount_total === b.discount_total &&
    a.subtotal === b.subtotal &&
    a.tax_total === b.tax_total &&
    a.total === b.total &&
    groups(a) === groups(b)
  );
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
      code: 'due_date_before_issue_date',
      params: { due_date: data.due_date, issue_date: data.issue_date },
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
          code: 'link_not_http',
          params: { url },
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
  const outcome = totalsOf(rest);
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
