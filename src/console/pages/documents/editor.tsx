import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, get, list, patch, post } from '../../api';
import type { BusinessProfile, BusinessProfileSummary, Customer } from '../../api-types';
import { t } from '../../i18n';
import { canChange } from '../../permissions';
import { href, navigate, useUnsavedGuard } from '../../router';
import { fieldName } from '../../ui/field-names';
import { Field, Fieldset, Select } from '../../ui/form';
import { useAction, useDebounced, useLoad } from '../../ui/hooks';
import { ErrorNotice, Loading } from '../../ui/notice';
import { useCustomers } from './customers';
import { deductionProblemText } from './deductible';
import { DeductedInvoices } from './deductions';
import { draftOf, emptyDraft, isFullDate, newLineTax, withDefaultTax, withIssueDate } from './draft-form';
import { useDraftParties } from './draft-parties';
import { CustomerTaxNote } from './editor-customer-tax';
import { LineItems, MoreFields } from './editor-fields';
import { CorrectedInvoice, createBodyOf, DraftPreview, TotalsPanel, useLiveTotals } from './editor-parts';
import { numberProblems, withClearedContent } from './form-content';

import {
  DOCUMENT_TYPES,
  type DraftForm,
  dateLabels,
  INVOICE_KINDS,
  type StoredDocument,
  typeLabel,
} from './model';
import { useProposedNumber } from './numbering';
import { ProductPicker } from './product-picker';
import { ProfileLanguageNote } from './profile-language';
import { ReverseChargeNote } from './reverse-charge';
import { DocumentView } from './view';

const FINAL_HINT = 'Tick the progress invoices it deducts under Deduct progress invoices';
const CORRECTED_HINT = 'Its number and date are written into the e-invoice (BG-3), as XRechnung asks';

export function DocumentEditor({ id, documentType }: { id?: string; documentType?: string }) {
  const existing = useLoad(
    () => (id ? get<StoredDocument>(`/documents/${encodeURIComponent(id)}`) : Promise.resolve(null)),
    [id],
  );
  if (existing.error) return <ErrorNotice error={existing.error} />;
  if (existing.loading && !existing.data) return <Loading />;
  // Someone else's draft (a member's address typed, an old link): shown, not opened for changes the API
  // would refuse (docs/roles.md "Own resources").
  if (existing.data && !canChange(existing.data)) return <DocumentView id={existing.data.id} />;
  return (
    <DraftEditor
      key={id ?? documentType}
      existing={existing.data ?? null}
      documentType={documentType ?? 'invoice'}
    />
  );
}

export function DraftEditor({
  existing,
  documentType,
}: {
  existing: StoredDocument | null;
  documentType: string;
}) {
  const [form, setForm] = useState<DraftForm>(() =>
    existing ? draftOf(existing) : emptyDraft(documentType),
  );
  const profiles = useLoad(
    () => list<BusinessProfileSummary>('/business-profiles', { limit: 100 }).then((p) => p.data),
    [],
  );
  const customers = useCustomers();
  // The chosen profile and customer as answered, for the notes below the lines.
  const parties = useDraftParties(form);
  const save = useAction();
  // Changed by the person (not by the number and currency filled in for them): asked before leaving.
  const [dirty, setDirty] = useState(false);
  const release = useUnsavedGuard(dirty);
  const change = (update: (current: DraftForm) => DraftForm) => {
    setDirty(true);
    setForm(update);
  };
  const set =
    <K extends keyof DraftForm>(name: K) =>
    (value: DraftForm[K]) =>
      change((current) => ({ ...current, [name]: value }));

  // A new document starts with the next number (useProposedNumber), the only profile (when there is one)
  // and its currency.
  // The last whole issue date: the dates that follow it keep following after the field was cleared.
  const lastIssue = useRef(form.issue_date);
  useProposedNumber(existing !== null, form, setForm);
  useEffect(() => {
    const only = profiles.data?.length === 1 ? profiles.data[0] : undefined;
    if (!existing && only && form.business_profile_id === '') chooseProfile(only.id, false);
  });

  // The profiles and customers chosen, as answered, by id: new lines start with the chosen customer's VAT
  // default, else the chosen profile's (newLineTax); an answer for one chosen before counts only for it.
  const chosen = useRef<{ profiles: Map<string, BusinessProfile>; customers: Map<string, Customer> }>({
    profiles: new Map(),
    customers: new Map(),
  });
  const withChosenTax = (current: DraftForm, currency?: string | null): DraftForm => {
    const profile = chosen.current.profiles.get(current.business_profile_id);
    const customer = chosen.current.customers.get(current.customer_id);
    return withDefaultTax(
      { ...current, currency: currency ?? current.currency },
      newLineTax(customer, profile),
      profile?.address?.country,
    );
  };

  /** `byPerson` false: the only profile, chosen for them (not a change of theirs to ask about). */
  const chooseProfile = (profileId: string, byPerson = true) => {
    if (byPerson) setDirty(true);
    setForm((current) => ({ ...current, business_profile_id: profileId }));
    if (!profileId) return;
    get<BusinessProfile>(`/business-profiles/${encodeURIComponent(profileId)}`).then(
      // Applied only while it is still the chosen one (an answer for a profile chosen before may come last).
      (profile) => {
        chosen.current.profiles.set(profileId, profile);
        if (existing) return;
        setForm((current) =>
          current.business_profile_id !== profileId
            ? current
            : withChosenTax(current, profile.default_currency),
        );
      },
      () => undefined,
    );
  };

  // Another customer's invoices are not this one's to deduct. A new document's lines not filled in yet start
  // with the customer's VAT default (a builder's § 13b) or, without one, the profile's again; lines filled in
  // keep theirs, CustomerTaxNote offers the customer's for them (docs/console.md).
  const chooseCustomer = (customerId: string) => {
    change((current) => ({
      ...current,
      customer_id: customerId,
      deducted_invoices: customerId === current.customer_id ? current.deducted_invoices : [],
    }));
    const next = customerId
      ? get<Customer>(`/customers/${encodeURIComponent(customerId)}`)
      : Promise.resolve(undefined);
    next.then(
      (customer) => {
        if (customer) chosen.current.customers.set(customerId, customer);
        if (existing) return;
        setForm((current) => (current.customer_id !== customerId ? current : withChosenTax(current)));
      },
      () => undefined,
    );
  };

  const totals = useLiveTotals(form);
  // Numbers are judged once typing pauses (`1,` on the way to `1,5` is not a mistake yet).
  const settled = useDebounced(form, 800);
  const error = (save.error ?? typingError(settled) ?? totals.error) as ApiError | null;

  const submit = async (event: Event) => {
    event.preventDefault();
    // A number that cannot be read is the person's to fix, in their language, never sent as something else.
    const unreadable = typingError(form);
    if (unreadable) {
      save.setError(unreadable);
      return;
    }
    const request = createBodyOf(form);
    if (existing && form.document_type === 'quote') {
      // Kept as `valid_until`; a quote saved before with the date as its due date gives that up.
      if (!form.due_date && existing.data.valid_until) request.valid_until = null;
      if (existing.due_date) request.due_date = null;
    } else if (existing && !form.due_date) request.due_date = null;
    // A corrected invoice's reference given up (another kind chosen, or none picked) is cleared; a source
    // the form does not offer (an invoice's quote) is left as it is.
    if (existing && draftOf(existing).source_document_id && request.source_document_id === undefined)
      request.source_document_id = null;
    const saved = await save.run(() =>
      existing
        ? patch<StoredDocument>(`/documents/${existing.id}`, withClearedContent(request, existing.data))
        : post<StoredDocument>('/documents', request),
    );
    if (saved) {
      release();
      navigate('documents', saved.id);
    }
  };

  const profileOptions = [
    { value: '', label: t('Choose…') },
    ...(profiles.data ?? []).map((entry) => ({
      value: entry.id,
      label: entry.display_name || entry.legal_name,
    })),
  ];
  const customerOptions = [
    { value: '', label: t('Choose…') },
    ...(customers.data ?? []).map((entry) => ({ value: entry.id, label: entry.name ?? entry.id })),
  ];
  const dates = dateLabels(form.document_type);
  const title = existing
    ? t('Edit {type} {number}', { type: t(typeLabel(form.document_type)), number: existing.number })
    : t(`New ${typeLabel(form.document_type).toLowerCase()}`);

  return (
    <form class="editor" onSubmit={submit} noValidate>
      <div class="page-head">
        <h1>{title}</h1>
        <a href={existing ? href('documents', existing.id) : href('documents')}>{t('Cancel')}</a>
      </div>
      <ErrorNotice
        error={save.error}
        names={fieldName}
        // A deducted Abschlag refused (voided meanwhile): said as its section says it, not in the API's words.
        words={(field) =>
          field.loc.startsWith('body.deducted_invoices')
            ? deductionProblemText(field, form.deducted_invoices, [], form, existing?.id ?? null)
            : undefined
        }
      />
      <div class="editor-grid">
        <div class="editor-main">
          <Fieldset legend={t('Document')}>
            <div class="grid">
              {existing ? null : (
                <Select
                  label={t('Type')}
                  value={form.document_type}
                  onChange={(value) =>
                    change((current) => ({ ...current, document_type: value, number: '' }))
                  }
                  options={DOCUMENT_TYPES.map((entry) => ({ value: entry.value, label: t(entry.label) }))}
                />
              )}
              <Field
                label={t('Number')}
                value={form.number}
                onInput={set('number')}
                path="number"
                error={error}
                required
              />
              <Field
                label={t(dates.issue)}
                type="date"
                value={form.issue_date}
                onInput={(value: string) =>
                  change((current) => {
                    const previous = isFullDate(current.issue_date) ? current.issue_date : lastIssue.current;
                    if (isFullDate(value)) lastIssue.current = value;
                    return withIssueDate(current, value, previous);
                  })
                }
                path="issue_date"
                error={error}
                required
              />
              <Field
                label={t(dates.due)}
                type="date"
                value={form.due_date}
                onInput={set('due_date')}
                path="due_date"
                error={error}
              />
              <Field
                label={t('Delivery date')}
                type="date"
                value={form.delivery_date}
                onInput={set('delivery_date')}
                path="delivery_date"
                error={error}
                hint={t('When the goods or services were supplied (BT-72)')}
              />
              <Field
                label={t('Currency')}
                value={form.currency}
                onInput={set('currency')}
                path="currency"
                error={error}
                required
                hint={t('ISO 4217, e.g. EUR')}
              />
            </div>
            <div class="grid">
              <div>
                <Select
                  label={t('Business profile')}
                  value={form.business_profile_id}
                  onChange={(value) => chooseProfile(value)}
                  options={profileOptions}
                  path="business_profile_id"
                  error={error}
                  required
                />
                {profiles.data?.length === 0 ? (
                  <a href={href('business-profiles', 'new')}>{t('New business profile')}</a>
                ) : null}
                <ProfileLanguageNote profileId={form.business_profile_id} documentLocale={existing?.locale} />
              </div>
              <div>
                <Select
                  label={t('Customer')}
                  value={form.customer_id}
                  onChange={chooseCustomer}
                  options={customerOptions}
                  path="customer_id"
                  error={error}
                  required
                />
                <a href={href('customers', 'new')}>{t('New customer')}</a>
              </div>
              {form.document_type === 'invoice' ? (
                <Select
                  label={t('Kind of invoice')}
                  value={form.type_code}
                  onChange={set('type_code')}
                  options={INVOICE_KINDS.map((kind) => ({ value: kind.value, label: t(kind.label) }))}
                  path="type_code"
                  error={error}
                  hint={form.type_code === '877' || form.type_code === '876' ? t(FINAL_HINT) : undefined}
                />
              ) : null}
              {form.document_type === 'credit_note' ? (
                <CorrectedInvoice
                  value={form.source_document_id}
                  onChange={set('source_document_id')}
                  error={error}
                />
              ) : null}
              {form.document_type === 'invoice' && form.type_code === '384' ? (
                <CorrectedInvoice
                  value={form.source_document_id}
                  onChange={set('source_document_id')}
                  error={error}
                  required={false}
                  hint={t(CORRECTED_HINT)}
                />
              ) : null}
              {form.document_type === 'credit_note' ? (
                <Field
                  label={t('Cause of the correction')}
                  value={form.reason}
                  onInput={set('reason')}
                  path="reason"
                  error={error}
                />
              ) : null}
            </div>
          </Fieldset>

          <LineItems form={form} setForm={change} error={error} />

          <DeductedInvoices form={form} setForm={change} selfId={existing?.id ?? null} error={error} />

          <ReverseChargeNote form={form} parties={parties} setForm={change} />
          <CustomerTaxNote form={form} parties={parties} setForm={change} />

          <ProductPicker currency={form.currency} setForm={change} />

          <MoreFields form={form} setForm={change} error={error} />
        </div>

        <aside class="editor-side">
          {numberProblems(settled).length > 0 ? (
            // Never totals that leave out what could not be read: they would look right and be wrong.
            <section class="card totals" aria-labelledby="totals-wait">
              <h2 id="totals-wait">{t('Totals')}</h2>
              <p class="problem">{t('The totals follow once every number can be read.')}</p>
            </section>
          ) : (
            <TotalsPanel
              totals={totals.totals}
              currency={form.currency}
              pending={totals.pending}
              error={totals.error}
            />
          )}
          <div class="actions">
            <button type="submit" class="primary" disabled={save.busy}>
              {t('Save')}
            </button>
          </div>
          {/* What Save does, said before it is pressed (read after it, it would say the draft was saved). */}
          <p class="hint">{t('Saving keeps it a draft: you can change it until you finalize it.')}</p>
          <DraftPreview form={form} locale={existing?.locale} />
        </aside>
      </div>
    </form>
  );
}

/** The numbers that cannot be read as they stand, marked while typing (null when all can be). */
export function typingError(form: DraftForm): ApiError | null {
  const unreadable = numberProblems(form);
  return unreadable.length > 0
    ? new ApiError(422, 'validation_error', t('Some numbers could not be read.'), unreadable)
    : null;
}
