// Which of a customer's invoices a final invoice may deduct (the console's "Abschläge abziehen",
// deductions.tsx), as the API takes them (docs/documents.md, "Deducting Abschläge"), and what the service's
// refusal of one says in the console's words.
import type { Pagination } from '../../api-types';
import { t } from '../../i18n';
import { type DeductedChoice, type DraftForm, STATUS_LABELS, type StoredDocument } from './model';

/** The statuses of an invoice that may be deducted (as the API takes them). */
const ISSUED = new Set(['finalized', 'sent', 'paid']);

/**
 * The kinds offered: Abschlagsrechnungen (875) and Teilrechnungen (326). The API deducts any issued invoice
 * of the customer, but a plain 380 carries no mark that it was a down payment: offering every 380 would
 * bury the Abschläge among the customer's ordinary invoices.
 */
const PARTIAL_KINDS = new Set(['875', '326']);

/** At most this many of the customer's invoices are read (page by page) to find its Abschläge. */
export const INVOICES_READ = 2000;

/**
 * The customer's issued Abschlagsrechnungen (875) and Teilrechnungen (326) in the form's currency that no
 * other live invoice deducts, oldest first; `selfId`: the draft edited, whose own deductions are no one else's.
 */
export function deductibleOf(
  invoices: readonly StoredDocument[],
  form: Pick<DraftForm, 'currency'>,
  selfId: string | null,
): StoredDocument[] {
  const taken = new Set(
    invoices
      .filter((invoice) => invoice.id !== selfId && invoice.status !== 'void')
      .flatMap((invoice) => (invoice.data.deductions ?? []).map((d) => d.document_id)),
  );
  return invoices
    .filter(
      (invoice) =>
        invoice.id !== selfId &&
        ISSUED.has(invoice.status) &&
        PARTIAL_KINDS.has(invoice.data.type_code ?? '380') &&
        invoice.currency === form.currency.trim().toUpperCase() &&
        !taken.has(invoice.id),
    )
    .sort((a, b) => a.issue_date.localeCompare(b.issue_date) || a.number.localeCompare(b.number));
}

/** Every invoice the pages give (up to INVOICES_READ), the next page asked by its cursor. */
export async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ data: T[]; pagination: Pagination }>,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    all.push(...next.data);
    cursor = next.pagination.has_more ? (next.pagination.next_cursor ?? undefined) : undefined;
  } while (cursor && all.length < INVOICES_READ);
  return all;
}

/** A problem of the API at `body.deducted_invoices[.<i>]` (its `type` says what kind). */
export interface DeductionProblem {
  loc: string;
  msg: string;
  type?: string;
}

/**
 * What the service's refusal of a deducted invoice says, in the console's words: by the problem's `type`
 * and the position it names (`body.deducted_invoices.<i>`, the i-th id sent: `chosen[i]`), with what the
 * customer's invoices (read again after the refusal) say of that invoice now. The API's English sentence
 * is never shown.
 */
export function deductionProblemText(
  problem: DeductionProblem,
  chosen: readonly DeductedChoice[],
  invoices: readonly StoredDocument[],
  form: Pick<DraftForm, 'currency'>,
  selfId: string | null,
): string {
  const index = /^body\.deducted_invoices\.(\d+)$/.exec(problem.loc)?.[1];
  if (index === undefined) return t('Only an invoice deducts progress invoices.');
  const choice = chosen[Number(index)];
  const invoice = choice ? invoices.find((i) => i.id === choice.id) : undefined;
  const number = choice?.number || invoice?.number || t('The invoice');
  if (problem.type === 'not_found') return t('{number} no longer exists: untick it.', { number });
  if (problem.type === 'conflict') {
    const by = invoices.find(
      (other) =>
        other.id !== selfId &&
        other.status !== 'void' &&
        (other.data.deductions ?? []).some((d) => d.document_id === choice?.id),
    );
    return by
      ? t('{number} is already deducted by {by} ({status}): untick it here or there.', {
          number,
          by: by.number,
          status: t(STATUS_LABELS[by.status] ?? by.status),
        })
      : t('{number} is already deducted by another invoice: untick it.', { number });
  }
  // Corrected by a credit note since (a Storno, or part of it): what is left of it is typed as already paid.
  if (problem.type === 'corrected')
    return t(
      '{number} was corrected by a credit note: untick it and enter what is left of it under “Already paid”.',
      { number },
    );
  if (choice && choice.id === selfId) return t('An invoice cannot deduct itself.');
  // Voided: as the service's problem says it (the invoices on screen may be read before the void), or as
  // the invoices read now say.
  if (invoice?.status === 'void' || / is void$/.test(problem.msg))
    return t('{number} has been voided: untick it.', { number });
  if (invoice && !ISSUED.has(invoice.status))
    return t('{number} is “{status}”: only finalized, sent or paid invoices are deducted.', {
      number,
      status: t(STATUS_LABELS[invoice.status] ?? invoice.status),
    });
  if (invoice && invoice.currency !== form.currency.trim().toUpperCase())
    return t('{number} is in {currency}, this invoice in {own}.', {
      number,
      currency: invoice.currency,
      own: form.currency.trim().toUpperCase(),
    });
  return t('{number} cannot be deducted: only issued invoices of this customer in its currency are.', {
    number,
  });
}
