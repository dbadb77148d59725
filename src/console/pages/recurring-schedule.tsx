// The recurring form's schedule fields as typed, and what the form says of them: the next invoice, the
// dates a past first date invoices at once, the numbers that follow, the e-mail hint.

import type { RecurringInvoice } from '../api-types';
import { formatDate, localToday, t } from '../i18n';
import { draftOf, emptyDraft } from './documents/draft-form';
import type { DraftForm, StoredDocument } from './documents/model';
import { catchUpDates, nextNumbers } from './recurring-dates';

export interface Schedule {
  business_profile_id: string;
  customer_id: string;
  frequency: string;
  interval: string;
  start_date: string;
  end_date: string;
  /** How many invoices the contract has in all (`max_occurrences`); '' for no limit. */
  max_occurrences: string;
  /** '' continues the first invoice's number; null on a new form: the first sequence, if there is one. */
  numbering_sequence_id: string | null;
  /** The first invoice's number (the template's `invoice_number`), continued by each later one. */
  invoice_number: string;
  due_in_days: string;
  /** Each invoice's service period: in_advance, in_arrears or none. */
  service_period: string;
  auto_finalize: boolean;
  /** E-mail each finalized invoice to the customer (needs auto_finalize). */
  auto_send: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function scheduleOf(existing: RecurringInvoice | undefined): Schedule {
  const template = existing?.invoice_template ?? {};
  return {
    business_profile_id: existing?.business_profile_id ?? '',
    customer_id: existing?.customer_id ?? '',
    frequency: existing?.frequency ?? 'monthly',
    interval: String(existing?.interval ?? 1),
    start_date: existing?.start_date ?? localToday(),
    end_date: existing?.end_date ?? '',
    max_occurrences: existing?.max_occurrences ? String(existing.max_occurrences) : '',
    numbering_sequence_id: existing
      ? (existing.numbering_sequence_id ?? text(template.numbering_sequence_id))
      : null,
    invoice_number: text(template.invoice_number) || text(template.number),
    due_in_days: String(template.due_in_days ?? 14),
    service_period: String(template.service_period ?? 'in_advance'),
    auto_finalize: existing?.auto_finalize ?? false,
    auto_send: existing?.auto_send ?? false,
  };
}

/** Under the e-mail checkbox: it needs finalizing, and a customer with an e-mail address. */
export function autoSendHint(schedule: Schedule, customers: { id: string; email?: string | null }[] | null) {
  const customer = customers?.find((c) => c.id === schedule.customer_id);
  const text = !schedule.auto_finalize
    ? t('Only finalized invoices can be e-mailed.')
    : customer && !customer.email?.trim()
      ? t('This customer has no e-mail address: add one to the customer to send the invoices.')
      : null;
  return text ? <small class="hint">{text}</small> : null;
}

/** The template's lines and references as the document editor's form, to type them the same way. */
export function templateForm(existing?: RecurringInvoice): DraftForm {
  if (!existing) return emptyDraft('invoice');
  const template = existing.invoice_template;
  return draftOf({
    document_type: 'invoice',
    number: '',
    issue_date: existing.start_date,
    due_date: null,
    currency: String(template.currency ?? 'EUR'),
    business_profile_id: existing.business_profile_id,
    customer_id: existing.customer_id,
    source_document_id: null,
    data: template,
  } as unknown as StoredDocument);
}

/** What the page says of the next invoice: its date, or why none comes; and when the contract ends. */
export function nextInvoiceText(existing: RecurringInvoice): string {
  const ends =
    existing.end_date && existing.status !== 'cancelled'
      ? ` ${t('The contract ends on {date}.', { date: formatDate(existing.end_date) })}`
      : '';
  // Resume continues at the next date from today: what fell into the pause is not billed afterwards.
  if (existing.status === 'paused')
    return `${t('Paused: no invoice is made until it is resumed.')} ${t('Dates that pass while it is paused are not invoiced later.')}${ends}`;
  if (existing.status === 'cancelled' || !existing.next_occurrence_date) return t('No further invoices.');
  // Blocked (last_error): the pending date's invoice was refused and the service skips the schedule until
  // it is changed (docs/recurring-invoices.md, Failures), so "next invoice on" that date would promise one.
  if (existing.last_error)
    return `${t('The invoice of {date} was not made, and none after it until the cause is fixed: correct it (here or at the customer) and save, then it is made.', { date: formatDate(existing.next_occurrence_date) })}${ends}`;
  return `${t('Next invoice on {date}', { date: formatDate(existing.next_occurrence_date) })}${ends}`;
}

/** A new schedule's first date in the past: every date up to today is invoiced at once when it is saved. */
export function catchUpHint(schedule: {
  start_date: string;
  frequency: string;
  interval: string;
  end_date: string;
  service_period: string;
  max_occurrences: string;
}) {
  const dates = catchUpDates(
    schedule.start_date,
    schedule.frequency,
    schedule.interval,
    schedule.end_date,
    localToday(),
    schedule.service_period,
    schedule.max_occurrences,
  );
  if (dates.length === 0) return undefined;
  if (dates.length === 1) return t('This date has passed: its invoice is made as soon as you save.');
  return t(
    'This date has passed: saving makes {count} invoices at once, one for each date from {first} to {last}.',
    {
      count: dates.length,
      first: formatDate(dates[0]),
      last: formatDate(dates.at(-1)),
    },
  );
}

/** What the first invoice's number field says the later ones become. */
export function countingHint(first: string): string {
  const next = nextNumbers(first);
  if (!next) return t('Each later invoice counts it up: RE-2026-002, RE-2026-003, …');
  return t('Each later invoice counts it up: {next}, {after}, …', { next: next[0], after: next[1] });
}
