// Why no VAT is charged, printed: an invoice whose lines are exempt (a German "Kleinunternehmer", § 19
// UStG), reverse charged (§ 13b UStG: "Steuerschuldnerschaft des Leistungsempfängers", a wording § 14a (5)
// UStG asks for), an intra-community supply, an export or outside the scope of VAT must say so on the
// invoice. The e-invoice states it as BT-120/BT-121 (einvoicing/semantic/taxes.ts exemptionOf); the PDF
// prints the same: the reason entered with the tax, else the words the law fixes for its VATEX code (a
// French franchise en base: "TVA non applicable, art. 293 B du CGI"), else the category's own words in the
// document's language, else its VATEX code.
import { type DocumentData, documentTaxes } from '../../domain/document-data';
import { dec, eq, type TotalsResult } from '../../domain/money';
import type { Labels } from '../labels';
import { fr } from '../labels/fr';

type TaxEntry = NonNullable<DocumentData['line_items'][number]['taxes']>[number];

/** The categories whose invoice says why it charges no VAT (EN 16931 BR-E-10, BR-AE-10, BR-IC-10, ...). */
const EXPLAINED = new Set(['E', 'AE', 'K', 'G', 'O']);

/** Whether the document states why a group of this category and rate charges no VAT (BT-120 or BT-121). */
export function groundStated(data: DocumentData, category: string, rate: string): boolean {
  const { reason, code } = statedReason(documentTaxes(data), category, rate);
  return reason !== null || code !== null;
}

/** The first reason (BT-120) or code (BT-121) given with a tax of this category and rate. */
function statedReason(taxes: readonly TaxEntry[], category: string, rate: string) {
  for (const tax of taxes) {
    if (tax.category !== category || !eq(dec(tax.rate), dec(rate))) continue;
    const reason = tax.exemption_reason?.trim();
    const code = tax.exemption_reason_code?.trim();
    if (reason || code) return { reason: reason || null, code: code || null };
  }
  return { reason: null, code: null };
}

/**
 * The VAT note of a document: one sentence per VAT group that needs one (each only once), or null. A group
 * of an exemption (E) with neither reason nor code prints none: its ground is never guessed.
 */
export function vatNoteOf(data: DocumentData, totals: TotalsResult, labels: Labels): string | null {
  const taxes = documentTaxes(data);
  const sentences: string[] = [];
  for (const group of totals.tax_groups) {
    const category = group.category;
    if (category === null || !EXPLAINED.has(category)) continue;
    const { reason, code } = statedReason(taxes, category, group.rate);
    const own = labels.vatCategoryNotes[category as keyof Labels['vatCategoryNotes']];
    const sentence = reason ?? codeWords(code, labels) ?? own ?? code;
    if (sentence && !sentences.includes(sentence)) sentences.push(sentence);
  }
  return sentences.length > 0 ? sentences.join('\n') : null;
}

/** The fixed legal mention of a VATEX code in the document's language, else in French (the codes that have
 *  one are French); null for a code whose words the law leaves to the seller. */
function codeWords(code: string | null, labels: Labels): string | null {
  if (code === null) return null;
  const key = code.toUpperCase();
  return labels.exemptionCodeNotes?.[key] ?? fr.exemptionCodeNotes?.[key] ?? null;
}
