// One form to make or change a recurring invoice and the invoice it issues (lines typed as in the document
// editor). A schedule keeps its customer and business profile (the API changes neither after creation);
// an ended one is only shown.

import { useEffect, useState } from 'preact/hooks';
import { type ApiError, list, patch, post, remove } from '../api';
import type { BusinessProfile, NumberingSequence, RecurringInvoice } from '../api-types';
import { formatDate, localToday, t } from '../i18n';
import { canChange, canWrite } from '../permissions';
import { href, navigate, useUnsavedGuard } from '../router';
import { announce } from '../ui/announce';
import { Checkbox, Field, Fieldset, Select } from '../ui/form';
import { useAction, useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Notice } from '../ui/notice';
import { WriteActions } from '../ui/write-actions';
import { useCustomers } from './documents/customers';
import { draftOf, emptyDraft, newLineTax, withDefaultTax } from './documents/draft-form';
import { useDraftParties } from './documents/draft-parties';
import { typingError } from './documents/editor';
import { CustomerTaxNote } from './documents/editor-customer-tax';
import { LineItems } from './documents/editor-fields';
import { contentOf } from './documents/form-content';
import type { DraftForm, StoredDocument } from './documents/model';
import { catchUpDates, nextNumbers } from './recurring-dates';
import {
  blockedReason,
  FREQUENCIES,
  numberingError,
  RECURRING_STATES,
  templateError,
} from './recurring-model';

interface Schedule {
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

function scheduleOf(existing: RecurringInvoice | undefined): Schedule {
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
function autoSendHint(schedule: Schedule, customers: { id: string; email?: string | null }[] | null) {
  const customer = customers?.find((c) => c.id === schedule.customer_id);
  const text = !schedule.auto_finalize
    ? t('Only finalized invoices can be e-mailed.')
    : customer && !customer.email?.trim()
      ? t('This customer has no e-mail address: add one to the customer to send the invoices.')
      : null;
  return text ? <small class="hint">{text}</small> : null;
}

/** The template's lines and references as the document editor's form, to type them the same way. */
function templateForm(existing?: RecurringInvoice): DraftForm {
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
function nextInvoiceText(existing: RecurringInvoice): string {
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
function catchUpHint(schedule: {
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
function countingHint(first: string): string {
  const next = nextNumbers(first);
  if (!next) return t('Each later invoice counts it up: RE-2026-002, RE-2026-003, …');
  return t('Each later invoice counts it up: {next}, {after}, …', { next: next[0], after: next[1] });
}

export function RecurringForm({
  existing,
  onChanged,
}: {
  existing?: RecurringInvoice;
  onChanged?: () => void;
}) {
  const [schedule, setSchedule] = useState(() => scheduleOf(existing));
  const [form, setForm] = useState<DraftForm>(() => templateForm(existing));
  const [dirty, setDirty] = useState(false);
  const release = useUnsavedGuard(dirty);
  const profiles = useLoad(
    () => list<BusinessProfile>('/business-profiles', { limit: 100 }).then((p) => p.data),
    [],
  );
  const customers = useCustomers();
  const sequences = useLoad(
    () => list<NumberingSequence>('/numbering-sequences', { limit: 100 }).then((p) => p.data),
    [],
  );
  const action = useAction();
  const error = numberingError(action.error as ApiError | null);
  const set =
    <K extends keyof Schedule>(name: K) =>
    (value: Schedule[K]) => {
      setDirty(true);
      setSchedule((current) => ({ ...current, [name]: value }));
    };
  const changeLines = (update: (current: DraftForm) => DraftForm) => {
    setDirty(true);
    setForm(update);
  };
  // An ended schedule, or someone else's to a member (docs/roles.md "Own resources"), is shown, not changed.
  const mine = canWrite() && canChange(existing);
  const editable = existing?.status !== 'cancelled' && mine;
  // Blocked: why, in the console's words (the service's sentence on request).
  const blocked = existing ? blockedReason(existing) : null;
  // The only business profile is the one meant until another is made.
  const only = profiles.data?.length === 1 ? (profiles.data[0]?.id ?? '') : '';
  const profileId = schedule.business_profile_id || only;
  // Numbers from a sequence when the account has one, unless another choice was made: its first (the list
  // is newest first; a credit note or quote sequence made later is not taken for invoices unasked).
  const sequenceId = schedule.numbering_sequence_id ?? sequences.data?.at(-1)?.id ?? '';
  // The chosen profile and customer as answered (the customer's VAT for new lines, the profile's country).
  const parties = useDraftParties({
    ...form,
    business_profile_id: profileId,
    customer_id: schedule.customer_id,
  });
  // A new template's lines not filled in yet start with the chosen customer's VAT for new lines (a builder's
  // § 13b), else the profile's, as a new document's do (newLineTax); choosing another customer undoes the
  // first one's. Lines filled in keep theirs: CustomerTaxNote offers the customer's for every line.
  useEffect(() => {
    if (existing) return;
    const { profile, customer } = parties;
    if (!profile && !customer) return;
    setForm((current) => withDefaultTax(current, newLineTax(customer, profile), profile?.address?.country));
  }, [existing, parties.profile, parties.customer]);

  const save = async (event: Event) => {
    event.preventDefault();
    // Marked at the lines as typed (they show the template's problems at their own paths too).
    const unreadable = typingError(form);
    if (unreadable) {
      action.setError(unreadable);
      return;
    }
    const { line_items, discounts, shipping, tax_scheme, notes, buyer_reference, order_reference, payment } =
      contentOf(form);
    const days = schedule.due_in_days.trim();
    const firstNumber = schedule.invoice_number.trim();
    const invoice_template = {
      currency: form.currency.trim().toUpperCase() || 'EUR',
      line_items,
      ...(discounts ? { discounts } : {}),
      ...(shipping ? { shipping } : {}),
      ...(tax_scheme ? { tax_scheme } : {}),
      ...(notes ? { notes } : {}),
      ...(buyer_reference ? { buyer_reference } : {}),
      ...(order_reference ? { order_reference } : {}),
      ...(payment ? { payment } : {}),
      ...(days ? { due_in_days: /^\d+$/.test(days) ? Number(days) : days } : {}),
      // One source of numbers: a sequence, or the first invoice's number continued.
      ...(sequenceId === '' && firstNumber ? { invoice_number: firstNumber } : {}),
      service_period: schedule.service_period,
    };
    const interval = schedule.interval.trim();
    const count = schedule.max_occurrences.trim();
    const common = {
      frequency: schedule.frequency,
      interval: /^\d+$/.test(interval) ? Number(interval) : interval,
      end_date: schedule.end_date || null,
      // A count that is no whole number goes as typed: the service's 422 is shown at the field.
      max_occurrences: count === '' ? null : /^\d+$/.test(count) ? Number(count) : count,
      numbering_sequence_id: sequenceId || null,
      auto_finalize: schedule.auto_finalize,
      auto_send: schedule.auto_finalize && schedule.auto_send,
      invoice_template,
    };
    const saved = await action.run(() =>
      existing
        ? patch<RecurringInvoice>(`/recurring-invoices/${existing.id}`, common)
        : post<RecurringInvoice>('/recurring-invoices', {
            ...common,
            business_profile_id: profileId,
            customer_id: schedule.customer_id,
            start_date: schedule.start_date,
          }),
    );
    if (saved) {
      release();
      // Said on the list it goes back to (the list alone does not say so).
      announce(t('Recurring invoice saved.'));
      navigate('recurring');
    }
  };
  const step = async (name: 'pause' | 'resume' | 'cancel') => {
    if (!existing) return;
    // The page's unsaved-changes guard would not ask here: the page stays, the form is loaded anew.
    const lost = dirty ? ` ${t('Your unsaved changes will be lost.')}` : '';
    const question =
      name === 'cancel'
        ? t('End this recurring invoice for good? This cannot be undone.')
        : name === 'pause'
          ? t('Pause this recurring invoice?')
          : t('Resume this recurring invoice?');
    if ((name === 'cancel' || dirty) && !confirm(`${question}${lost}`)) return;
    const done = await action.run(() =>
      name === 'cancel'
        ? remove(`/recurring-invoices/${existing.id}`)
        : post(`/recurring-invoices/${existing.id}/${name}`),
    );
    if (done !== undefined) {
      release();
      onChanged?.();
    }
  };

  const choices = (entries: { id: string; label: string }[]) => [
    { value: '', label: t('Choose…') },
    ...entries.map((entry) => ({ value: entry.id, label: entry.label })),
  ];
  return (
    <form class="editor" onSubmit={save} noValidate>
      <div class="page-head">
        <h1>
          {existing ? t('Recurring invoice') : t('New recurring invoice')}{' '}
          {existing ? <Badge>{t(RECURRING_STATES[existing.status] ?? existing.status)}</Badge> : null}
        </h1>
        <a href={href('recurring')}>{t('Back to the list')}</a>
      </div>
      {existing ? <p class="next-invoice">{nextInvoiceText(existing)}</p> : null}
      {blocked ? (
        <Notice kind="warn">
          {t('The last invoice could not be created:')} {blocked.text}
          {blocked.technical ? (
            <>
              <br />
              <small class="hint">
                {t('The service’s message:')} {blocked.technical}
              </small>
            </>
          ) : null}
        </Notice>
      ) : null}
      <ErrorNotice error={action.error} />
      {/* An ended schedule, or another's, is shown, not changed: every control inside is disabled. */}
      <fieldset class="bare" disabled={!editable}>
        <Fieldset legend={t('Schedule')}>
          <div class="grid">
            <Select
              label={t('Business profile')}
              value={profileId}
              onChange={set('business_profile_id')}
              options={choices(
                (profiles.data ?? []).map((p) => ({ id: p.id, label: p.display_name || p.legal_name })),
              )}
              path="business_profile_id"
              error={error}
              disabled={!!existing}
              required
            />
            <Select
              label={t('Customer')}
              value={schedule.customer_id}
              onChange={set('customer_id')}
              options={choices((customers.data ?? []).map((c) => ({ id: c.id, label: c.name ?? c.id })))}
              path="customer_id"
              error={error}
              disabled={!!existing}
              hint={
                existing
                  ? t(
                      'A schedule keeps its customer and business profile. To bill another customer, create a new recurring invoice.',
                    )
                  : undefined
              }
              required
            />
            <Select
              label={t('Frequency')}
              value={schedule.frequency}
              onChange={set('frequency')}
              options={FREQUENCIES.map((entry) => ({ value: entry.value, label: t(entry.label) }))}
              path="frequency"
              error={error}
            />
            <Field
              label={t('Every how many')}
              inputMode="numeric"
              value={schedule.interval}
              onInput={set('interval')}
              path="interval"
              error={error}
              hint={t('2 with Monthly: every other month')}
            />
            <Field
              label={t('First invoice on')}
              type="date"
              value={schedule.start_date}
              onInput={set('start_date')}
              path="start_date"
              error={error}
              readOnly={!!existing}
              hint={existing ? undefined : catchUpHint(schedule)}
              required
            />
            <Field
              label={t('Contract ends on')}
              hint={t('Its last day: billed in arrears, the last stretch is invoiced the day after.')}
              type="date"
              value={schedule.end_date}
              onInput={set('end_date')}
              path="end_date"
              error={error}
            />
            <Field
              label={t('Number of invoices')}
              hint={
                existing && existing.occurrences_created > 0
                  ? t('The contract ends after this many invoices ({count} made so far); empty: no limit.', {
                      count: existing.occurrences_created,
                    })
                  : t('The contract ends after this many invoices; empty: no limit.')
              }
              inputMode="numeric"
              value={schedule.max_occurrences}
              onInput={set('max_occurrences')}
              path="max_occurrences"
              error={error}
            />
            <Field
              label={t('Payment due after (days)')}
              inputMode="numeric"
              value={schedule.due_in_days}
              onInput={set('due_in_days')}
              path="invoice_template.due_in_days"
              error={error}
            />
            <Select
              label={t('Service period of each invoice')}
              value={schedule.service_period}
              onChange={set('service_period')}
              options={[
                { value: 'in_advance', label: t('In advance: from its date to the next invoice') },
                { value: 'in_arrears', label: t('In arrears: since the previous invoice') },
                { value: 'none', label: t('None') },
              ]}
              path="invoice_template.service_period"
              error={error}
            />
            <Select
              label={t('Numbering sequence')}
              value={sequenceId}
              onChange={set('numbering_sequence_id')}
              options={[
                ...(sequences.data ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.name} (${s.next_preview})`,
                })),
                // A blocked schedule's sequence may have been deleted since: shown as such, not as a blank.
                ...(sequences.data && sequenceId && !sequences.data.some((s) => s.id === sequenceId)
                  ? [{ value: sequenceId, label: t('A numbering sequence that no longer exists') }]
                  : []),
                { value: '', label: t('Continue the first invoice’s number') },
              ]}
              path="numbering_sequence_id"
              error={error}
            />
            {sequenceId === '' ? (
              <Field
                label={t('First invoice’s number')}
                value={schedule.invoice_number}
                onInput={set('invoice_number')}
                placeholder="RE-2026-001"
                path="invoice_template.invoice_number"
                error={error}
                hint={
                  existing && schedule.invoice_number === scheduleOf(existing).invoice_number
                    ? t(
                        'The next invoices count on from the last one made; another number here starts a new series.',
                      )
                    : countingHint(schedule.invoice_number)
                }
                required
              />
            ) : null}
          </div>
          <Checkbox
            label={t('Finalize each invoice (otherwise it waits as a draft)')}
            checked={schedule.auto_finalize}
            onChange={(checked) => {
              set('auto_finalize')(checked);
              if (!checked) set('auto_send')(false);
            }}
          />
          <Checkbox
            label={t('Send each invoice by e-mail')}
            checked={schedule.auto_finalize && schedule.auto_send}
            onChange={set('auto_send')}
            disabled={!schedule.auto_finalize}
          />
          {autoSendHint(schedule, customers.data ?? null)}
        </Fieldset>
        <LineItems form={form} setForm={changeLines} error={templateError(error)} />
        {editable ? <CustomerTaxNote form={form} parties={parties} setForm={changeLines} /> : null}
      </fieldset>
      <WriteActions row={existing}>
        {editable ? (
          <button type="submit" class="primary" disabled={action.busy}>
            {t('Save')}
          </button>
        ) : null}
        {existing?.status === 'active' ? (
          <button type="button" disabled={action.busy} onClick={() => step('pause')}>
            {t('Pause')}
          </button>
        ) : null}
        {existing?.status === 'paused' ? (
          <button type="button" disabled={action.busy} onClick={() => step('resume')}>
            {t('Resume')}
          </button>
        ) : null}
        {existing && editable ? (
          <button type="button" class="danger" disabled={action.busy} onClick={() => step('cancel')}>
            {t('End')}
          </button>
        ) : null}
      </WriteActions>
    </form>
  );
}
