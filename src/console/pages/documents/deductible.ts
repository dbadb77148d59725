// Which of a customer's invoices a final invoice may deduct (the console's "Abschläge abziehen",
// deductions.tsx), as the API takes them (docs/documents.md, "Deducting Abschläge").
import type { DraftForm, StoredDocument } from './model';

/** The statuses of an invoice that may be deducted (as the API takes them). */
const ISSUED = new Set(['finalized', 'sent', 'paid']);

/**
 * The customer's issued Abschlagsrechnungen (875) in the form's currency that no other live invoice deducts,
 * oldest first; `selfId`: the draft edited, whose own deductions are no one else's.
 */
export function deductibleOf(
  invoices: readonly StoredDocument[],
  form: Pick<DraftForm, 'currency'>,
  selfId: string | null,
): StoredDocument[] {
  const others = invoices.filter((invoice) => invoice.id !== selfId && invoice.status !== 'void');
  const taken = new Set(
    others.flatMap((invoice) => (invoice.data.deductions ?? []).map((d) => d.document_id)),
  );
  return invoices
    .filter(
      (invoice) =>
        invoice.id !== selfId &&
        ISSUED.has(invoice.status) &&
        invoice.data.type_code === '875' &&
        invoice.currency === form.currency.trim().toUpperCase() &&
        !taken.has(invoice.id),
    )
    .sort((a, b) => a.issue_date.localeCompare(b.issue_date) || a.number.localeCompare(b.number));
}
