// One form to make or change a recurring invoice and the invoice it issues (lines typed as in the document
// editor). A schedule keeps its customer and business profile (the API changes neither after creation);
// an ended one is only shown.

import { useEffect, useState } from 'preact/hooks';
import { type ApiError, list, patch, post, remove } from '../api';
import type { BusinessProfile, NumberingSequence, RecurringInvoice } from '../api-types';
import { t } from '../i18n';
import { canChange, canWrite } from '../permissions';
import { href, navigate, useUnsavedGuard } from '../router';
import { announce } from '../ui/announce';
import { Checkbox, Field, Fieldset, Select } from '../ui/form';
import { useAction, useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Notice } from '../ui/notice';
import { WriteActions } from '../ui/write-actions';
import { useCustomers } from './documents/customers';
import { newLineTax, withDefaultTax } from './documents/draft-form';
import { useDraftParties } from './documents/draft-parties';
import { typingError } from './documents/editor';
import { CustomerTaxNote } from './documents/editor-customer-tax';
import { LineItems } from './documents/editor-fields';
import { contentOf } from './documents/form-content';
import type { DraftForm } from './documents/model';
import {
  blockedReason,
  FREQUENCIES,
  numberingError,
  RECURRING_STATES,
  templateError,
} from './recurring-model';
import {
  autoSendHint,
  catchUpHint,
  countingHint,
  nextInvoiceText,
  type Schedule,
  scheduleOf,
  templateForm,
} from './recurring-schedule';

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
