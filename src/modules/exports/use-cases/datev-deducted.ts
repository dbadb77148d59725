// What a final invoice books back (datev-lines.ts): which invoices' prepaid amount (BT-113) is what earlier
// partial invoices were paid, and the invoices a final invoice deducts by reference, each as it was booked
// when issued (its own tax groups, its own rate to the euro).
import { precedingInvoicesOf } from '../../../domain/document-content';
import type { DocumentData } from '../../../domain/document-data';
import { euroRateOf } from '../../../domain/euro-rate';
import { dec, eq, isDecimalString, isZero } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import { type DocumentRow, findDocument } from '../../documents';
import type { ReceivedDocumentRow } from '../../receiving';
import type { DeductedInvoice } from './datev-bookings';

/**
 * The invoices whose prepaid amount (BT-113) is what earlier partial invoices were paid, each booked when
 * it was issued: the construction trades' partial (cumulative), partial final and final invoices (875-877),
 * and a commercial or partial invoice (380, 326) that names the invoice it follows (BG-3: a final invoice
 * after partial or advance invoices). Any other invoice's prepaid amount (a deposit, paid at the checkout)
 * was booked by nobody before: it is not booked back (datev-bookings.ts prepaidByCase); nor a corrected
 * invoice's (384: what was paid on the invoice it corrects, which its cancellation took out).
 */
const DEDUCTS_PARTIAL_INVOICES: ReadonlySet<string> = new Set(['875', '876', '877']);
const FINAL_WITH_PRECEDING: ReadonlySet<string> = new Set(['380', '326']);

/** Whether an invoice's kind and references make its prepaid amount what partial invoices were paid. */
function deductsPartialInvoices(data: DocumentData, followsStored: boolean): boolean {
  const code = data.type_code ?? '380';
  if (DEDUCTS_PARTIAL_INVOICES.has(code)) return true;
  return FINAL_WITH_PRECEDING.has(code) && (precedingInvoicesOf(data).length > 0 || followsStored);
}

/** A received invoice's prepaid amount to book back (its BG-3 is in its data); null for anything else. */
export function receivedDeducted(row: ReceivedDocumentRow): string | null {
  const data = row.data as DocumentData;
  return row.documentType === 'invoice' && deductsPartialInvoices(data, false)
    ? (data.prepaid_amount ?? null)
    : null;
}

/**
 * An issued document's prepaid amount to book back: an invoice's when it deducts partial invoices (its
 * BG-3 its `preceding_invoice`, or a source that is an invoice); a credit note's when the invoice it
 * corrects did, so the correction mirrors what that invoice booked; null for anything else.
 */
export async function issuedDeducted(ctx: AccountCtx, row: DocumentRow): Promise<string | null> {
  const own = row.totals.prepaid_amount ?? (row.data as DocumentData).prepaid_amount ?? null;
  if (own === null || !isDecimalString(own) || isZero(dec(own))) return null;
  const source = row.sourceDocumentId
    ? await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId)
    : undefined;
  if (row.documentType === 'invoice')
    return deductsPartialInvoices(row.data as DocumentData, source?.documentType === 'invoice') ? own : null;
  if (row.documentType !== 'credit_note' || source?.documentType !== 'invoice') return null;
  const corrected = source.sourceDocumentId
    ? await findDocument(ctx.db, ctx.accountId, source.sourceDocumentId)
    : undefined;
  return deductsPartialInvoices(source.data as DocumentData, corrected?.documentType === 'invoice')
    ? own
    : null;
}

/**
 * The invoices a final invoice deducts by reference (data.deductions), each with ITS OWN tax groups: those
 * of the deducted invoice's stored totals (read by its `document_id`), the one source the deduction's
 * figures were copied from (documents/use-cases/deducted-invoices.ts, deductionOf), so a deduction's split
 * by rate (and category) is not stored a second time. Taken only when the invoice still states the total
 * and VAT the deduction does (issued totals do not change); else the deduction's own figures when it had
 * one rate (`tax_rate`: one group, no category, as taxCaseOf reads a bare rate); else null for the whole
 * document, which then books back its prepaid amount as one typed (split by its own tax cases). In another
 * currency than the euro, each is booked back at its own rate to the euro, the one its booking had (the
 * final invoice's rate of months later would take back another euro amount than was booked).
 */
export async function deductedOf(ctx: AccountCtx, row: DocumentRow): Promise<DeductedInvoice[] | null> {
  const deductions = (row.data as DocumentData).deductions ?? [];
  if (deductions.length === 0) return null;
  const parts: DeductedInvoice[] = [];
  for (const deduction of deductions) {
    const found = deduction.document_id
      ? await findDocument(ctx.db, ctx.accountId, deduction.document_id)
      : undefined;
    const totals = found?.totals;
    if (
      found?.documentType === 'invoice' &&
      totals?.tax_groups &&
      isDecimalString(totals.total) &&
      isDecimalString(totals.tax_total) &&
      eq(dec(totals.total), dec(deduction.total)) &&
      eq(dec(totals.tax_total), dec(deduction.tax_amount))
    )
      parts.push({
        total: deduction.total,
        taxGroups: totals.tax_groups,
        euroRate: euroRateOf(found.currency, found.data as Record<string, unknown>),
      });
    else if (deduction.tax_rate !== undefined)
      parts.push({
        total: deduction.total,
        taxGroups: [
          {
            category: null,
            rate: deduction.tax_rate,
            taxable_amount: deduction.net_amount,
            tax_amount: deduction.tax_amount,
          },
        ],
        // Its own rate to the euro where it is still there (a deduction read from an older record).
        ...(found ? { euroRate: euroRateOf(found.currency, found.data as Record<string, unknown>) } : {}),
      });
    else return null;
  }
  return parts;
}
