// Recurring invoices (/api/v1/recurring-invoices): the schedules with their next date and state, and one
// form to make or change a schedule and the invoice it issues (lines typed as in the document editor).
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, list, patch, post, remove } from '../api';
import type { BusinessProfile, NumberingSequence, RecurringInvoice } from '../api-types';
import { formatDate, t } from '../i18n';
import { href, navigate, useUnsavedGuard } from '../router';
import { Checkbox, Field, Fieldset, Select } from '../ui/form';
import { useAction, useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../ui/notice';
import { useCustomers } from './documents/customers';
import { draftOf, emptyDraft, withDefaultTax } from './documents/draft-form';
import { typingError } from './documents/editor';
import { LineItems } from './documents/editor-fields';
import { contentOf } from './documents/form-content';
import type { DraftForm, StoredDocument } from './documents/model';

const FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'daily', label: 'Daily' },
];

const RECURRING_STATES: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

export function RecurringPage({ route }: { route: string[] }) {
  const [id] = route;
  if (id === 'new') return <RecurringForm />;
  if (id) return <RecurringEditor id={id} />;
  return <RecurringList />;
}

function RecurringList() {
  const schedules = useLoad(() => list<RecurringInvoice>('/recurring-invoices', { limit: 100 }), []);
  const customers = useCustomers();
  const nameOf = (id: string) => customers.data?.find((c) => c.id === id)?.name ?? id;
  return (
    <section>
      <div class="page-head">
        <h1>{t('Recurring invoices')}</h1>
        <button type="button" class="primary" onClick={() => navigate('recurring', 'new')}>
          {t('New recurring invoice')}
        </button>
      </div>
      <ErrorNotice error={schedules.error} />
      {schedules.loading && !schedules.data ? <Loading /> : null}
      {schedules.data?.data.length === 0 ? <p>{t('No recurring invoices yet.')}</p> : null}
      {schedules.data && schedules.data.data.length > 0 ? (
        <table class="list">
          <thead>
            <tr>
              <th scope="col">{t('Customer')}</th>
              <th scope="col">{t('Every')}</th>
              <th scope="col">{t('Next invoice')}</th>
              <th scope="col">{t('Invoices issued')}</th>
              <th scope="col">{t('Status')}</th>
            </tr>
          </thead>
          <tbody>
            {schedules.data.data.map((schedule) => (
              <tr key={schedule.id}>
                <td>
                  <a href={href('recurring', schedule.id)}>{nameOf(schedule.customer_id)}</a>
                </td>
                <td>{frequencyText(schedule.frequency, schedule.interval)}</td>
                <td>{formatDate(schedule.next_occurrence_date)}</td>
                <td>{schedule.occurrences_created}</td>
                <td>
                  <Badge tone={schedule.status === 'active' ? 'finalized' : 'draft'}>
                    {t(RECURRING_STATES[schedule.status] ?? schedule.status)}
                  </Badge>
                  {schedule.last_error ? <Badge tone="void">{t('Blocked')}</Badge> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function frequencyText(frequency: string, interval: number): string {
  const label = t(FREQUENCIES.find((entry) => entry.value === frequency)?.label ?? frequency);
  return interval > 1 ? t('{label}, every {n}', { label, n: interval }) : label;
}

function RecurringEditor({ id }: { id: string }) {
  const loaded = useLoad(() => get<RecurringInvoice>(`/recurring-invoices/${encodeURIComponent(id)}`), [id]);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  return (
    <RecurringForm key={`${id}-${loaded.data.status}`} existing={loaded.data} onChanged={loaded.reload} />
  );
}

interface Schedule {
  business_profile_id: string;
  customer_id: string;
  frequency: string;
  interval: string;
  start_date: string;
  end_date: string;
  numbering_sequence_id: string;
  due_in_days: string;
  /** Each invoice's service period: in_advance, in_arrears or none. */
  service_period: string;
  auto_finalize: boolean;
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

function RecurringForm({ existing, onChanged }: { existing?: RecurringInvoice; onChanged?: () => void }) {
  const today = new Date().toISOString().slice(0, 10);
  const [initial] = useState<Schedule>(() => ({
    business_profile_id: existing?.business_profile_id ?? '',
    customer_id: existing?.customer_id ?? '',
    frequency: existing?.frequency ?? 'monthly',
    interval: String(existing?.interval ?? 1),
    start_date: existing?.start_date ?? today,
    end_date: existing?.end_date ?? '',
    numbering_sequence_id: existing?.numbering_sequence_id ?? '',
    due_in_days: String(existing?.invoice_template.due_in_days ?? 14),
    service_period: String(existing?.invoice_template.service_period ?? 'in_advance'),
    auto_finalize: existing?.auto_finalize ?? false,
  }));
  const [schedule, setSchedule] = useState(initial);
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
  const error = action.error as ApiError | null;
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
  const editable = existing?.status !== 'cancelled';
  // The only business profile is the one meant until another is made.
  const only = profiles.data?.length === 1 ? (profiles.data[0]?.id ?? '') : '';
  const profileId = schedule.business_profile_id || only;
  // A new template's lines start with the profile's VAT for new lines, as a new document's do.
  useEffect(() => {
    if (existing || !profileId) return;
    let chosen = true; // an answer for a profile chosen before this one is not applied
    get<BusinessProfile>(`/business-profiles/${encodeURIComponent(profileId)}`).then(
      (profile) => chosen && setForm((current) => withDefaultTax(current, profile.default_tax)),
      () => undefined,
    );
    return () => {
      chosen = false;
    };
  }, [existing, profileId]);

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
      service_period: schedule.service_period,
    };
    const interval = schedule.interval.trim();
    const common = {
      frequency: schedule.frequency,
      interval: /^\d+$/.test(interval) ? Number(interval) : interval,
      end_date: schedule.end_date || null,
      numbering_sequence_id: schedule.numbering_sequence_id || null,
      auto_finalize: schedule.auto_finalize,
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
      navigate('recurring');
    }
  };
  const step = async (name: 'pause' | 'resume' | 'cancel') => {
    if (!existing) return;
    if (name === 'cancel' && !confirm(t('End this recurring invoice for good? This cannot be undone.')))
      return;
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
      {existing?.last_error ? <Notice kind="warn">{existing.last_error}</Notice> : null}
      <ErrorNotice error={action.error} />
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
            required
          />
          <Select
            label={t('Customer')}
            value={schedule.customer_id}
            onChange={set('customer_id')}
            options={choices((customers.data ?? []).map((c) => ({ id: c.id, label: c.name ?? c.id })))}
            path="customer_id"
            error={error}
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
            required
          />
          <Field
            label={t('Last invoice by')}
            type="date"
            value={schedule.end_date}
            onInput={set('end_date')}
            path="end_date"
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
            value={schedule.numbering_sequence_id}
            onChange={set('numbering_sequence_id')}
            options={[
              { value: '', label: t('Continue the first invoice’s number') },
              ...(sequences.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.next_preview})` })),
            ]}
            path="numbering_sequence_id"
            error={error}
          />
        </div>
        <Checkbox
          label={t('Finalize each invoice (otherwise it waits as a draft)')}
          checked={schedule.auto_finalize}
          onChange={set('auto_finalize')}
        />
      </Fieldset>
      <LineItems form={form} setForm={changeLines} error={templateError(error)} />
      <div class="actions">
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
      </div>
    </form>
  );
}

/** The template's field problems (`body.invoice_template.line_items.0.quantity`) at the lines' own paths. */
function templateError(error: ApiError | null): ApiError | null {
  if (!error) return null;
  const fields = error.fields.map((field) => ({
    ...field,
    loc: field.loc.replace(/^body\.invoice_template\./, 'body.'),
  }));
  return new ApiError(error.status, error.code, error.message, fields, error.details);
}
