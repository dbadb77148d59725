// What a received document is and what it asks of the firm: its kind ("Rechnungskorrektur", an invoice's
// BT-3 kind), whether anything is paid on it (the service refuses payments on a credit note and on an invoice
// stating a negative amount due, docs/receiving.md), its amount as the books see it (a credit negative, as the
// received documents CSV writes it), and the inbox's own warnings (another file of its number stating other
// amounts). Shared by the received screens and the dashboard.
import type { ReceivedDocument } from '../api-types';
import { titleOf } from './documents/model';

type Figures = Pick<ReceivedDocument, 'document_type' | 'amount_due' | 'amount_paid'>;

/** Its heading word, untranslated: "Credit note", an invoice's kind ("Self-billed invoice"), else "Invoice". */
export const kindOf = (item: Pick<ReceivedDocument, 'document_type' | 'type_code'>) =>
  titleOf({ document_type: item.document_type, data: { type_code: item.type_code } });

const zero = (amount: string) => !/[1-9]/.test(amount);
const below = (amount: string) => amount.startsWith('-') && !zero(amount);

/** `-amount`, as written (`1656.25` is `-1656.25`, `-10000.00` is `10000.00`). */
export const negated = (amount: string) =>
  below(amount) ? amount.slice(1) : zero(amount) ? amount : `-${amount.replace(/^-/, '')}`;

/**
 * Nothing is paid on it: a credit note, or an invoice stating a negative amount due (no payment is ever
 * recorded on one, so what is due is what it states).
 */
export const isCredit = (item: Figures) =>
  item.document_type === 'credit_note' || (below(item.amount_due) && zero(item.amount_paid));

/** What the seller owes back on a credit (positive), as stated: a credit note's amount, a negative invoice's. */
export const creditOf = (item: Figures) =>
  item.document_type === 'credit_note' ? item.amount_due.replace(/^-/, '') : negated(item.amount_due);

/** The amount the lists show: what is due, or a credit as a negative amount. */
export const signedDue = (item: Figures) => (isCredit(item) ? negated(creditOf(item)) : item.amount_due);

/** Its total as the books see it: a credit note's negative. */
export const signedTotal = (item: Pick<ReceivedDocument, 'document_type' | 'total'>) =>
  item.document_type === 'credit_note' ? negated(item.total) : item.total;

export type OtherFile = NonNullable<ReceivedDocument['warnings'][number]['other_file']>;

/** The other files of its seller, number and date stating other amounts (code `differing_total`). */
export const differingFiles = (item: Pick<ReceivedDocument, 'warnings'>): OtherFile[] =>
  item.warnings.flatMap((w) => (w.code === 'differing_total' && w.other_file ? [w.other_file] : []));
