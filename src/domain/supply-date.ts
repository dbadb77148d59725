import type { DocumentData } from './document-data';

const present = (value: string | null | undefined): value is string => !!value?.trim();

/**
 * The date of supply a German seller's invoice or credit note states by convention when it states none
 * (§ 14 Abs. 4 Nr. 6 UStG, "Leistungsdatum entspricht Rechnungsdatum", the console editor's default too):
 * its issue date, when it has no date of supply (BT-72), no invoicing period (BG-14) and no line periods
 * (BG-26; a year's subscription is not supplied on one day). Never for a correction of an invoice (a credit
 * note naming it, a corrected invoice 384 naming its preceding invoice: that invoice's supply is meant) nor
 * for an Abschlagsrechnung (875: work not finished, § 14 Abs. 5 UStG). The PDF prints it as the date of
 * supply and the e-invoice states it as BT-72, so the two say the same. Null otherwise.
 */
export function impliedSupplyDate(
  data: DocumentData,
  documentType: string,
  correctsAnInvoice: boolean,
): string | null {
  if (present(data.delivery_date) || !present(data.issue_date)) return null;
  if (data.seller?.address?.country?.trim().toUpperCase() !== 'DE') return null;
  if (documentType !== 'invoice' && documentType !== 'credit_note') return null;
  if (correctsAnInvoice && (documentType === 'credit_note' || data.type_code === '384')) return null;
  if (data.type_code === '875') return null;
  const period = data.invoice_period;
  if (present(period?.start_date) || present(period?.end_date)) return null;
  const linePeriods = (data.line_items ?? []).some(
    (item) => present(item.period?.start_date) || present(item.period?.end_date),
  );
  return linePeriods ? null : data.issue_date.trim();
}
