import type { DocumentData } from './document-data';

const present = (value: string | null | undefined): value is string => !!value?.trim();

/** Sellers whose VAT law asks every invoice for its date of supply, whatever its issue date: Germany (§ 14
 *  Abs. 4 Nr. 6 UStG) and Austria (§ 11 Abs. 1 Z 4 UStG, "Tag der Lieferung oder der sonstigen Leistung"). */
const SUPPLY_DATE_ALWAYS = new Set(['DE', 'AT']);

/**
 * The date of supply a German or Austrian seller's invoice or credit note states by convention when it states
 * none (§ 14 Abs. 4 Nr. 6 UStG, § 11 Abs. 1 Z 4 UStG (AT), "Leistungsdatum entspricht Rechnungsdatum", the
 * console editor's default too):
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
  if (!SUPPLY_DATE_ALWAYS.has(data.seller?.address?.country?.trim().toUpperCase() ?? '')) return null;
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
