// Issued documents and their payments as the claims and settlements of ageing.ts's `openPosition` (the
// customer statement). Which documents count is the reader's rule (the documents' `issuedForReports`).
import { creditedAmount, type DocumentRow } from '../documents';
import type { PaymentRow } from '../payments';
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
    // A credit note entered with negative amounts credits as much as one entered positive.
    amount: credit ? creditedAmount(row.totals) : (row.totals.amount_due ?? row.totals.total),
    kind: credit ? 'credit' : 'claim',
    appliesTo: credit ? row.sourceDocumentId : null,
  };
}

export const settlementOfPayment = (row: PaymentRow): Settlement => ({
  claimId: row.documentId,
  date: row.date,
  amount: row.amount,
});
