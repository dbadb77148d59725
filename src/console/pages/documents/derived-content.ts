import type { StoredDocument } from './model';

/**
 * The content a quote's invoice or an invoice's correction (a credit note naming it, BT-25) starts from:
 * the document's lines, references and texts, without its identity, dates, parties or reason.
 */
export function derivedContent(data: StoredDocument['data'], documentType: 'invoice' | 'credit_note') {
  const {
    invoice_number: _number,
    issue_date: _issued,
    due_date: _due,
    valid_until: _valid,
    seller: _seller,
    buyer: _buyer,
    reason: _reason,
    ...content
  } = data;
  // A correction is a credit note: it takes no invoice kind (381 only), and the invoice it names is the
  // one corrected (its source), not that invoice's own predecessors, nor the Abschläge a final invoice
  // deducts (the service refuses deductions it did not derive).
  const {
    type_code: _kind,
    preceding_invoice: _preceding,
    preceding_invoices: _precedings,
    deductions: _deductions,
    ...corrected
  } = content as typeof content & { preceding_invoices?: unknown; deductions?: unknown };
  return documentType === 'credit_note' ? corrected : content;
}
