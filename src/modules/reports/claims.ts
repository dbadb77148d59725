// Issued and received documents as the claims and settlements of ageing.ts. Which documents count is the
// readers' rule (the documents' `issuedForReports`, the received documents' `receivedForReports`), not here.
import type { DocumentRow } from '../documents';
import type { PaymentRow } from '../payments';
import type { ReceivedDocumentRow, ReceivedPaymentRow } from '../receiving';
import type { Claim, Settlement } from './ageing';

/** An issued invoice (a claim on its customer) or credit note (a credit naming the invoice it corrects). */
export function claimOfDocument(row: DocumentRow): Claim {
  const credit = row.documentType === 'credit_note';
  return {
    id: row.id,
    number: row.number,
    partyId: row.customerId,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: credit ? null : row.dueDate,
    amount: row.totals.amount_due ?? row.totals.total,
    kind: credit ? 'credit' : 'claim',
    appliesTo: credit ? row.sourceDocumentId : null,
  };
}

export const settlementOfPayment = (row: PaymentRow): Settlement => ({
  claimId: row.documentId,
  date: row.date,
  amount: row.amount,
});

/** A supplier is told apart by its VAT id, else its name (received documents have no supplier record). */
export const supplierKey = (row: ReceivedDocumentRow) =>
  row.sellerTaxId ? `tax:${row.sellerTaxId}` : `name:${row.sellerName ?? ''}`;

/** A received document's date: its issue date, or the day it arrived when the file states none. */
export const receivedDate = (row: ReceivedDocumentRow) => row.issueDate ?? row.createdAt.slice(0, 10);

/** A received invoice (what the account owes a supplier) or credit note (what a supplier owes back). */
export function claimOfReceived(row: ReceivedDocumentRow): Claim {
  const credit = row.documentType === 'credit_note';
  return {
    id: row.id,
    number: row.invoiceNumber,
    partyId: supplierKey(row),
    currency: row.currency,
    issueDate: receivedDate(row),
    dueDate: credit ? null : row.dueDate,
    amount: row.amountDue,
    kind: credit ? 'credit' : 'claim',
    appliesTo: null,
  };
}

export const settlementOfReceivedPayment = (row: ReceivedPaymentRow): Settlement => ({
  claimId: row.receivedDocumentId,
  date: row.date,
  amount: row.amount,
});
