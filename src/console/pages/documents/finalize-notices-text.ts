// What the seller's VAT law asks every invoice to state and a draft lacks (the service's finalize-check
// `notices`), in the console's language: each by its code, in the words of the seller's country's law where
// they differ ('DE:seller_tax_number_missing'), a code this console does not know yet in the service's own
// English words. Said by finalize-notices.tsx on a draft's page and before Finalize.
import type { FinalizeCheck } from '../../api-types';
import { t } from '../../i18n';

export type FinalizeNotice = FinalizeCheck['notices'][number];

/** The words of each code: `COUNTRY:code` where that country's law words it its own way, else `code`. */
const TEXTS: Record<string, () => string> = {
  'DE:seller_tax_number_missing': () =>
    t('The seller’s tax number (Steuernummer) or VAT ID is missing (§ 14 Abs. 4 Nr. 2 UStG).'),
  'DE:seller_vat_id_missing': () =>
    t(
      'The seller’s VAT ID is missing: an intra-community supply or a reverse charge to another EU country states it (§ 14a Abs. 1, 3 UStG).',
    ),
  'DE:buyer_vat_id_missing': () =>
    t(
      'The buyer’s VAT ID is missing: an intra-community supply or a reverse charge to another EU country states it (§ 14a Abs. 1, 3 UStG).',
    ),
  'DE:buyer_address_incomplete': () =>
    t('The buyer’s full address (street, postal code, city) is missing (§ 14 Abs. 4 Nr. 1 UStG).'),
  'DE:vat_rate_missing': () =>
    t('The VAT rate, or a note that the supply is exempt, is missing (§ 14 Abs. 4 Nr. 8 UStG).'),
  'DE:vat_exemption_reason_missing': () =>
    t('The note on why the supply is exempt from VAT is missing (§ 14 Abs. 4 Nr. 8 UStG).'),
  'AT:seller_vat_id_missing': () => t('The seller’s VAT ID (UID) is missing (§ 11 Abs. 1 Z 2 UStG 1994).'),
  'AT:buyer_vat_id_missing': () =>
    t(
      'The buyer’s VAT ID (UID) is missing: a reverse charge or an intra-community supply states it (§ 11 Abs. 1a UStG 1994).',
    ),
  'AT:vat_exemption_reason_missing': () =>
    t('The note on why the supply is exempt from VAT is missing (§ 11 Abs. 1 Z 3 lit. e UStG 1994).'),
  buyer_vat_id_missing_above_10000: () =>
    t(
      'The buyer’s VAT ID (UID) is missing: an invoice above € 10,000 gross to a business states it (§ 11 Abs. 1 Z 3 lit. i UStG 1994).',
    ),
  seller_vat_id_missing: () => t('The seller’s VAT ID is missing (Art. 226 No. 3 VAT Directive).'),
  buyer_vat_id_missing: () =>
    t(
      'The buyer’s VAT ID is missing: a reverse charge or an intra-community supply states it (Art. 226 No. 4 VAT Directive).',
    ),
  vat_exemption_reason_missing: () =>
    t('The note on why the supply is exempt from VAT is missing (Art. 226 No. 11 VAT Directive).'),
  // Not the law's: a final invoice deducts the whole of an Abschlag that is not fully paid yet.
  deducted_invoice_unpaid: () =>
    t(
      'It is not fully paid yet, but its whole amount is deducted. If its payment came in, record it; otherwise the rest stays owed on that progress invoice.',
    ),
  // Not the law's either: what a credit note credits against what is left of its invoice (credit-limit.ts).
  credit_exceeds_invoice: () =>
    t(
      'This credit note credits more than is left of its invoice (or the invoice is cancelled): a correction credits at most what the invoice asked.',
    ),
  credited_above_invoice: () =>
    t(
      'The credit notes issued against this invoice credit more than it asks: raise its amount or cancel a credit note.',
    ),
};

/** What a notice is about, before its words: the line ("Line 2"), the deducted invoice; none for the rest. */
function subjectOf(field: string): string | null {
  const line = /^data\.line_items\.(\d+)\./.exec(field);
  if (line) return t('Line {n}', { n: Number(line[1]) + 1 });
  const deduction = /^data\.deductions\.(\d+)\b/.exec(field);
  if (deduction) return t('Deducted progress invoice {n}', { n: Number(deduction[1]) + 1 });
  return null;
}

/**
 * A notice in the console's language: by its code (and the seller's country), a line's with the line it is
 * about ("Line 2: …"), a deducted invoice's with its place among the deductions; the service's message for
 * a code not known here.
 */
export function noticeText(notice: FinalizeNotice, sellerCountry: string | null | undefined): string {
  const country = sellerCountry?.toUpperCase() ?? '';
  const words = TEXTS[`${country}:${notice.code}`] ?? TEXTS[notice.code];
  const text = words ? words() : notice.message;
  const subject = subjectOf(notice.field);
  return subject ? `${subject}: ${text}` : text;
}

/** The codes that are no missing detail of the invoice but something to check (deductions, credits). */
const TO_CHECK: ReadonlySet<string> = new Set([
  'deducted_invoice_unpaid',
  'credit_exceeds_invoice',
  'credited_above_invoice',
]);

/** Whether the notices say the invoice lacks details every invoice must state, not only what to check. */
export function lacksDetails(notices: readonly FinalizeNotice[]): boolean {
  return notices.some((notice) => !TO_CHECK.has(notice.code));
}

/** The question before Finalize when there are notices; empty when there are none. */
export function noticesQuestion(
  notices: readonly FinalizeNotice[],
  sellerCountry: string | null | undefined,
) {
  if (notices.length === 0) return '';
  const lines = notices.map((notice) => `• ${noticeText(notice, sellerCountry)}`).join('\n');
  const heading = lacksDetails(notices)
    ? t('The invoice lacks details every invoice must state:')
    : t('Please check before finalizing:');
  return `${heading}\n\n${lines}\n\n${t('A finalized invoice cannot be changed, only voided.')} ${t('Finalize anyway?')}`;
}
