// Which VAT category each line and the shipping charge carry, and the exemption texts of BG-23. EN 16931
// knows exactly one VAT category per line (BT-151) and per charge (BT-102); the money module allows any
// number of taxes, so a document that uses more (or none) cannot be written and is reported instead.

import type { DocumentData } from '../../domain/document-data';
import { type Decimal, dec, isZero, normalizeRate, type TotalsResult } from '../../domain/money';
import { labelsFor } from '../../rendering/labels';
import type { EInvoiceProblem } from './errors';
import type { EVatCategory } from './types';

type Tax = NonNullable<DocumentData['line_items'][number]['taxes']>[number];

export interface VatTax {
  category: string;
  /** Normalized like the totals' groups ("19.00" -> "19"). */
  rate: string;
  rateValue: Decimal;
  inclusive: boolean;
  source: Tax;
}

/** The totals' group key: (category, rate, inclusive), as the money module groups. */
export const groupKey = (category: string | null, rate: string, inclusive: boolean) =>
  `${inclusive ? 'i' : 'e'}|${rate}|${category ?? ''}`;
/** EN 16931's breakdown key: one BG-23 per (category, rate), inclusive or not (BR-S-08 sums both). */
export const vatKey = (category: string, rate: string) => `${rate}|${category}`;

/** BT-152, BT-96, BT-103: category O states no rate (BR-O-05..07). */
export const vatCategory = (category: string, rate: string): EVatCategory => ({
  code: category,
  rate: category === 'O' ? null : rate,
});

export function toVatTax(taxes: readonly Tax[] | null | undefined): VatTax | null {
  const tax = taxes?.length === 1 ? taxes[0] : undefined;
  if (tax === undefined) return null;
  const category = tax.category?.trim();
  if (!category) return null;
  const rate = normalizeRate(tax.rate);
  return { category, rate, rateValue: dec(rate), inclusive: tax.inclusive === true, source: tax };
}

export function lineTaxes(data: DocumentData, problems: EInvoiceProblem[]): (VatTax | null)[] {
  return data.line_items.map((line, i) => {
    const vat = toVatTax(line.taxes);
    if (vat === null) {
      problems.push({
        rule: 'BR-CO-04',
        path: `data.line_items.${i}.taxes`,
        message: 'Each invoice line needs exactly one tax with a VAT category (BT-151).',
      });
    }
    return vat;
  });
}

// Rule 6 of docs/calculation.md: without its own taxes, shipping takes the set every line with a nonzero
// amount carries when all carry the same one (name included), else none. Mirrored here, not imported,
// because the money module keeps it private; the tests pin the two together through the totals.
const signature = (tax: Tax) =>
  `${groupKey(tax.category ?? null, normalizeRate(tax.rate), tax.inclusive === true)}|${tax.name === undefined ? '' : `=${tax.name}`}`;

function inheritedTaxes(data: DocumentData, totals: TotalsResult): Tax[] {
  let shared: { sig: string; taxes: Tax[] } | undefined;
  for (const [i, line] of data.line_items.entries()) {
    if (isZero(dec(totals.lines[i]?.amount ?? '0'))) continue;
    const taxes = line.taxes ?? [];
    const sig = taxes.map(signature).sort().join('\n');
    if (shared === undefined) shared = { sig, taxes };
    else if (shared.sig !== sig) return [];
  }
  return shared?.taxes ?? [];
}

/** The shipping charge's VAT category; null when there is no charge (or a problem was reported). */
export function shippingTax(data: DocumentData, totals: TotalsResult, problems: EInvoiceProblem[]) {
  if (isZero(dec(totals.shipping_total))) return null;
  return chargeTax(
    data.shipping?.taxes,
    data,
    totals,
    problems,
    'data.shipping.taxes',
    'The shipping charge',
  );
}

/** Each document charge's VAT category (like shipping's); null for a zero charge. */
export function documentChargeTaxes(
  data: DocumentData,
  totals: TotalsResult,
  problems: EInvoiceProblem[],
): (VatTax | null)[] {
  return (totals.charges ?? []).map((charge, k) => {
    if (isZero(dec(charge.amount))) return null;
    const taxes = data.charges?.[k]?.taxes;
    return chargeTax(
      taxes,
      data,
      totals,
      problems,
      `data.charges.${k}.taxes`,
      `The charge "${charge.reason}"`,
    );
  });
}

function chargeTax(
  given: readonly Tax[] | undefined,
  data: DocumentData,
  totals: TotalsResult,
  problems: EInvoiceProblem[],
  path: string,
  what: string,
): VatTax | null {
  const vat = toVatTax(given ?? inheritedTaxes(data, totals));
  if (vat === null) {
    problems.push({
      rule: 'BR-37',
      path,
      message: `${what} needs exactly one tax with a VAT category (BT-102).`,
    });
  }
  return vat;
}

// Categories whose BG-23 must say why no VAT is charged (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10).
// For all but E the category itself is the reason, so its VATEX code is stated when none is given, and
// beside it, when no reason is typed, the words the PDF prints for it (rendering/view/vat-note.ts): a German
// § 13b invoice states "Steuerschuldnerschaft des Leistungsempfängers" (§ 14a Abs. 5 UStG), and the
// e-invoice is the invoice, not the code alone. An exemption (E) has many possible grounds and is never
// guessed. S and Z must not carry one (BR-S-10, BR-Z-10).
const DEFAULT_VATEX: Record<string, string | null> = {
  E: null,
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
};

/**
 * The words the PDF prints for a category that is its own reason (AE, K, G, O), in the document's language
 * as its seller's country words it (an Austrian firm's "Übergang der Steuerschuld"); null for the others.
 */
export function categoryWordsOf(data: DocumentData): (category: string) => string | null {
  const notes: Partial<Record<string, string>> = labelsFor(
    data.locale ?? '',
    data.seller?.address?.country,
  ).vatCategoryNotes;
  return (category) => notes[category] ?? null;
}

/**
 * BT-120 / BT-121 for one breakdown: the first tax of that category and rate that states a reason; a
 * category that is its own reason with the PDF's words for it (`words`) where no reason is typed.
 */
export function exemptionOf(
  category: string,
  rate: string,
  taxes: readonly (VatTax | null)[],
  words: (category: string) => string | null = () => null,
): { reason: string | null; code: string | null } {
  if (!(category in DEFAULT_VATEX)) return { reason: null, code: null };
  for (const tax of taxes) {
    if (tax === null || tax.category !== category || tax.rate !== rate) continue;
    const reason = tax.source.exemption_reason?.trim() || null;
    const code = tax.source.exemption_reason_code?.trim() || null;
    if (reason !== null || code !== null) return { reason: reason ?? words(category), code };
  }
  return { reason: words(category), code: DEFAULT_VATEX[category] ?? null };
}
