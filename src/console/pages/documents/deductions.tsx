// "Abschläge abziehen": a final invoice (Schlussrechnung, Teilschlussrechnung, or an invoice to a customer
// with issued Abschlagsrechnungen) ticks the customer's issued progress invoices it deducts; they go as
// `deducted_invoices`, and the service states the prepaid amount and each one's net, VAT and gross on it
// (docs/documents.md, "Deducting Abschläge").

import type { ApiError } from '../../api';
import { list } from '../../api';
import { formatDate, formatMoney, t } from '../../i18n';
import { Checkbox, Fieldset } from '../../ui/form';
import { useLoad } from '../../ui/hooks';
import { allPages, deductibleOf, deductionProblemText } from './deductible';
import type { DeductedChoice, DraftForm, StoredDocument } from './model';

const FINAL_KINDS = new Set(['876', '877']);

export function DeductedInvoices({
  form,
  setForm,
  selfId,
  error,
}: {
  form: DraftForm;
  setForm: (update: (current: DraftForm) => DraftForm) => void;
  selfId: string | null;
  error: ApiError | null;
}) {
  const customerId = form.document_type === 'invoice' ? form.customer_id : '';
  // All the customer's invoices, page by page (an Abschlag of last year is no less deductible), read again
  // after a refusal: what the refusal names (voided, deducted elsewhere) is said from what they are now.
  const invoices = useLoad(
    () =>
      customerId
        ? allPages((cursor) =>
            list<StoredDocument>('/documents', {
              limit: 100,
              document_type: 'invoice',
              customer_id: customerId,
              cursor,
            }),
          )
        : Promise.resolve([] as StoredDocument[]),
    [customerId, error],
  );
  if (!customerId) return null;
  const offered = deductibleOf(invoices.data ?? [], form, selfId);
  const chosen = form.deducted_invoices;
  // Shown on a (partial) final invoice, and on any invoice to a customer with Abschläge to deduct.
  if (!FINAL_KINDS.has(form.type_code) && offered.length === 0 && chosen.length === 0) return null;
  const isChosen = (id: string) => chosen.some((d) => d.id === id);
  const toggle = (choice: DeductedChoice, on: boolean) =>
    setForm((current) => ({
      ...current,
      deducted_invoices: on
        ? [...current.deducted_invoices.filter((d) => d.id !== choice.id), choice]
        : current.deducted_invoices.filter((d) => d.id !== choice.id),
    }));
  // Chosen before but no longer offered (voided meanwhile, or now another invoice's): shown to untick.
  const stale = chosen.filter((d) => !offered.some((invoice) => invoice.id === d.id));
  const problems = (error?.fields ?? []).filter((f) => f.loc.startsWith('body.deducted_invoices'));
  return (
    <Fieldset legend={t('Deduct progress invoices')}>
      <p class="hint">
        {t(
          'Tick the progress invoices this invoice deducts: each is listed on it with its net amount, VAT and gross amount, and their sum is deducted from the invoice total.',
        )}
      </p>
      {invoices.loading && !invoices.data ? <p class="hint">{t('Loading…')}</p> : null}
      {!invoices.loading && offered.length === 0 && stale.length === 0 ? (
        <p class="hint">{t('This customer has no issued progress invoices that are not deducted yet.')}</p>
      ) : null}
      {offered.map((invoice) => (
        <Checkbox
          key={invoice.id}
          label={t('{number} of {date}: {total}', {
            number: invoice.number,
            date: formatDate(invoice.issue_date),
            total: formatMoney(invoice.totals.total.amount, invoice.currency),
          })}
          checked={isChosen(invoice.id)}
          onChange={(on) =>
            toggle({ id: invoice.id, number: invoice.number, total: invoice.totals.total.amount }, on)
          }
        />
      ))}
      {stale.map((choice) => (
        <Checkbox
          key={choice.id}
          label={t('{number} (can no longer be deducted)', { number: choice.number })}
          checked
          onChange={(on) => toggle(choice, on)}
        />
      ))}
      {problems.map((problem) => (
        <p key={problem.loc} class="problem" role="alert">
          {deductionProblemText(problem, chosen, invoices.data ?? [], form, selfId)}
        </p>
      ))}
    </Fieldset>
  );
}
