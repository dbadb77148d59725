// The document totals a received file states where its lines do not give them, kept in the data
// (`stated_totals`, docs/calculation.md rule 8b) and named in a warning; and what the file is (`format`):
// an EN 16931 invoice, or one of the kinds a receiver meets that are not (ZUGFeRD 1.0, Factur-X MINIMUM
// and BASIC WL, UBL of a national format).
import type { DocumentData } from '../../domain/document-data';
import {
  add,
  computeTotals,
  dec,
  eq,
  isDecimalString,
  type StatedTotalsInput,
  sub,
  type TotalsResult,
  toFixedString,
} from '../../domain/money';
import { minorUnitsOf } from '../../domain/reference';
import { decimalOf } from './normalize';
import type { ReceivedFormat, ReceiveWarning, StatedTotals } from './types';

type Member = keyof StatedTotalsInput;
const TERMS: Record<Member, string> = {
  subtotal: 'BT-106',
  net_total: 'BT-109',
  tax_total: 'BT-110',
  total: 'BT-112',
  amount_due: 'BT-115',
};

function totalsOf(data: DocumentData) {
  return computeTotals({
    minorUnits: minorUnitsOf(data.currency),
    lines: data.line_items,
    discounts: data.discounts,
    shipping: data.shipping,
    charges: data.charges,
    prepaid: data.prepaid_amount,
    rounding: data.rounding_amount,
    thirdPartyPayments: data.third_party_payments,
    taxAmounts: data.tax_amounts,
    stated: data.stated_totals,
  });
}

const netOf = (t: TotalsResult) =>
  sub(add(add(dec(t.subtotal), dec(t.shipping_total)), dec(t.charge_total ?? '0')), dec(t.discount_total));

const computedMember = (t: TotalsResult, m: Member) =>
  m === 'net_total' ? netOf(t) : dec((m === 'amount_due' ? (t.amount_due ?? t.total) : t[m]) as string);

/**
 * Each of BT-106/109/110/112/115 the file states that the data's own computation does not give back
 * (every one when there are no lines or the lines cannot be computed) is kept in `stated_totals`, and the
 * warning names them. Then the stated totals the file leaves out are filled from the data's totals, so
 * `totals` describes the document whole (a MINIMUM file states BT-109 and no BT-106).
 */
export function keepStatedTotals(
  data: DocumentData,
  file: Partial<StatedTotals>,
  warnings: ReceiveWarning[],
): { data: DocumentData; totals: StatedTotals } {
  const computed = totalsOf(data);
  const noLines = data.line_items.length === 0;
  const stated: StatedTotalsInput = {};
  for (const m of Object.keys(TERMS) as Member[]) {
    const value = file[m] === undefined ? undefined : decimalOf(file[m]);
    if (value === undefined || !isDecimalString(value)) continue;
    // BT-109 stands in only for the lines a file does not have (MINIMUM): with lines, BT-106 is the figure.
    if (m === 'net_total' && !noLines) continue;
    if (noLines || !computed.ok || !eq(dec(value), computedMember(computed.totals, m))) stated[m] = value;
  }
  // A stated figure kept changes what follows from it (a kept BT-112 moves the amount due): what then
  // still differs is kept too.
  const following = Object.keys(stated).length > 0 ? totalsOf({ ...data, stated_totals: stated }) : null;
  if (following?.ok) {
    for (const m of ['total', 'amount_due'] as const) {
      const value = file[m] === undefined ? undefined : decimalOf(file[m]);
      if (
        value !== undefined &&
        isDecimalString(value) &&
        !eq(dec(value), computedMember(following.totals, m))
      )
        stated[m] = value;
    }
  }
  const names = (Object.keys(TERMS) as Member[]).filter((m) => stated[m] !== undefined);
  let kept = data;
  if (names.length > 0) {
    kept = { ...data, stated_totals: Object.fromEntries(names.map((m) => [m, stated[m]])) };
    const list = names.map((m) => `${TERMS[m]} ${stated[m]}`).join(', ');
    const [term, path] = [names.map((m) => TERMS[m]).join('/'), 'stated_totals'];
    const params = Object.fromEntries(names.map((m) => [m, stated[m] as string]));
    warnings.push(
      noLines
        ? {
            term,
            path,
            message: `The file has no lines: its totals are kept as stated (${list}), not computed`,
            code: 'stated_totals_no_lines',
            params,
          }
        : {
            term,
            path,
            message: `The lines do not give the stated totals: ${list} kept as stated, not computed`,
            code: 'stated_totals',
            params,
          },
    );
  }
  const withStated = totalsOf(kept);
  const fill = (m: Member): string => {
    const value = file[m] === undefined ? undefined : decimalOf(file[m]);
    if (value !== undefined) return value;
    if (!withStated.ok) return '0';
    const t = withStated.totals;
    if (m === 'net_total') return toFixedString(netOf(t), minorUnitsOf(data.currency));
    return m === 'amount_due' ? (t.amount_due ?? t.total) : t[m as 'subtotal' | 'tax_total' | 'total'];
  };
  return {
    data: kept,
    totals: {
      subtotal: fill('subtotal'),
      discount_total: file.discount_total === undefined ? '0' : decimalOf(file.discount_total),
      shipping_total: file.shipping_total === undefined ? '0' : decimalOf(file.shipping_total),
      net_total: fill('net_total'),
      tax_total: fill('tax_total'),
      total: fill('total'),
      amount_due: fill('amount_due'),
    },
  };
}

/** What a CII file's BT-24 says it is: Factur-X / ZUGFeRD 2 MINIMUM or BASIC WL are no EN 16931 invoice. */
export function ciiFormat(customizationId: string | null): ReceivedFormat {
  const id = (customizationId ?? '').toLowerCase();
  if (/(^|:)minimum$/.test(id)) return 'factur_x_minimum';
  if (/(^|:)basicwl$/.test(id)) return 'factur_x_basic_wl';
  return 'en16931';
}

const NOT_AN_INVOICE: Partial<Record<'factur_x_minimum' | 'factur_x_basic_wl', string>> = {
  factur_x_minimum:
    'Factur-X / ZUGFeRD MINIMUM: a booking aid, not an EN 16931 invoice; the PDF is the invoice (the data has no lines and keeps the stated totals)',
  factur_x_basic_wl:
    'Factur-X / ZUGFeRD BASIC WL: a booking aid without lines, not an EN 16931 invoice; the PDF is the invoice (the data keeps the stated totals)',
};

/** The warning naming a format that is no EN 16931 invoice, first among the warnings. */
export function formatWarning(format: ReceivedFormat): ReceiveWarning | null {
  if (format !== 'factur_x_minimum' && format !== 'factur_x_basic_wl') return null;
  const [code, message] = [`format_${format}` as const, NOT_AN_INVOICE[format] as string];
  return { term: 'BT-24', path: 'GuidelineSpecifiedDocumentContextParameter', message, code, params: {} };
}
