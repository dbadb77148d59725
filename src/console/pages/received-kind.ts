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

const DECIMAL = /^-?\d+(\.\d+)?$/;
const placesOf = (amount: string) => (amount.split('.')[1] ?? '').length;
/** `amount` in units of 10^-places, exactly (no float ever holds money). */
const scaled = (amount: string, places: number) => {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const units = BigInt(whole + fraction.padEnd(places, '0'));
  return amount.startsWith('-') ? -units : units;
};

/** Whether two decimal strings are the same amount (`10.5` and `10.50`); text that is no decimal only as written. */
export function sameAmount(a: string, b: string): boolean {
  if (!DECIMAL.test(a) || !DECIMAL.test(b)) return a === b;
  const places = Math.max(placesOf(a), placesOf(b));
  return scaled(a, places) === scaled(b, places);
}

/** The amount due the file states (BT-115): what is still due plus what was paid on it. */
export function statedDue(item: Pick<ReceivedDocument, 'amount_due' | 'amount_paid'>): string {
  const { amount_due: due, amount_paid: paid } = item;
  if (!DECIMAL.test(due) || !DECIMAL.test(paid)) return due;
  const places = Math.max(placesOf(due), placesOf(paid));
  const sum = scaled(due, places) + scaled(paid, places);
  const digits = (sum < 0n ? -sum : sum).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return sum < 0n ? `-${text}` : text;
}

/**
 * What another file of its number states otherwise than this one: its total (its amount due the same or
 * not), or, with the same total, only its amount due (another prepaid amount). Another currency is another
 * total.
 */
export function howItDiffers(
  item: Pick<ReceivedDocument, 'total' | 'amount_due' | 'amount_paid' | 'currency'>,
  other: OtherFile,
): 'total' | 'amount_due' | 'both' {
  const currency = other.currency === item.currency;
  const total = currency && sameAmount(other.total, item.total);
  const due = currency && sameAmount(other.amount_due, statedDue(item));
  if (total) return due ? 'total' : 'amount_due';
  return due ? 'total' : 'both';
}
