import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, blob, call, get, list, patch, post } from '../api';
import { formatMoney, t } from '../i18n';
import { href, navigate } from '../router';
import { Field, Fieldset, Select } from '../ui/form';
import { useAction, useDebounced, useLoad } from '../ui/hooks';
import { ErrorNotice, Loading } from '../ui/notice';
import { PdfFrame } from '../ui/pdf-frame';
import { TemplateChooser } from '../ui/template-chooser';
import {
  contentOf,
  DOCUMENT_TYPES,
  type DocumentData,
  type DraftForm,
  draftOf,
  emptyDraft,
  type LineForm,
  newLine,
  nextNumber,
  type Party,
  type StoredDocument,
  type Totals,
  totallableOf,
  typeLabel,
} from './document-model';
import { documentTypeInfo } from './document-view';
import { useCustomers } from './documents';

interface Profile {
  id: string;
  legal_name: string;
  display_name?: string | null;
  default_currency?: string | null;
}

/** The seller and buyer as the API puts them in a document's data, from the chosen profile and customer. */
export async function partiesOf(
  profileId: string,
  customerId: string,
): Promise<{ seller: Party; buyer: Party }> {
  const [profile, customer] = await Promise.all([
    get<Record<string, unknown>>(`/business-profiles/${encodeURIComponent(profileId)}`),
    get<Record<string, unknown>>(`/customers/${encodeURIComponent(customerId)}`),
  ]);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const seller: Party = {
    name: String(profile.display_name ?? profile.legal_name),
    legal_name: text(profile.legal_name),
    email: text(profile.email),
    phone: text(profile.phone),
    website: text(profile.website),
    tax_id: text(profile.tax_id),
    address: (profile.address as Record<string, string> | null) ?? undefined,
  };
  const buyer: Party = {
    name: String(customer.name),
    email: text(customer.email),
    phone: text(customer.phone),
    tax_id: text(customer.tax_id),
    address: (customer.billing_address as Record<string, string> | null) ?? undefined,
  };
  return { seller, buyer };
}

/** An error of a stateless call (`body.data.x`) as if it were the form's own (`body.x`). */
function asFormError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields = error.fields.map((field) => ({
    ...field,
    loc: field.loc.replace(/^body\.data\./, 'body.'),
  }));
  return new ApiError(error.status, error.code, error.message, fields, error.details);
}

export function DocumentEditor({ id, documentType }: { id?: string; documentType?: string }) {
  const existing = useLoad(
    () => (id ? get<StoredDocument>(`/documents/${encodeURIComponent(id)}`) : Promise.resolve(null)),
    [id],
  );
  if (existing.error) return <ErrorNotice error={existing.error} />;
  if (existing.loading && !existing.data) return <Loading />;
  return (
    <DraftEditor
      key={id ?? documentType}
      existing={existing.data ?? null}
      documentType={documentType ?? 'invoice'}
    />
  );
}

function DraftEditor({ existing, documentType }: { existing: StoredDocument | null; documentType: string }) {
  const [form, setForm] = useState<DraftForm>(() =>
    existing ? draftOf(existing) : emptyDraft(documentType),
  );
  const profiles = useLoad(() => list<Profile>('/business-profiles', { limit: 100 }).then((p) => p.data), []);
  const customers = useCustomers();
  const save = useAction();
  const set =
    <K extends keyof DraftForm>(name: K) =>
    (value: DraftForm[K]) =>
      setForm((current) => ({ ...current, [name]: value }));

  // A new document starts with the next number, the only profile (when there is one) and its currency.
  useEffect(() => {
    if (existing) return;
    Promise.all([
      list<StoredDocument>('/documents', { limit: 1, document_type: form.document_type }),
      documentTypeInfo().catch(() => []),
    ]).then(
      ([page, types]) =>
        setForm((current) => ({
          ...current,
          number:
            current.number ||
            nextNumber(
              page.data[0]?.number,
              types.find((type) => type.id === current.document_type)?.number_prefix ?? 'INV-',
            ),
        })),
      () => undefined,
    );
  }, [existing, form.document_type]);
  useEffect(() => {
    const only = profiles.data?.length === 1 ? profiles.data[0] : undefined;
    if (!existing && only && form.business_profile_id === '') chooseProfile(only.id);
  });

  const chooseProfile = (profileId: string) => {
    set('business_profile_id')(profileId);
    if (!profileId) return;
    get<Profile>(`/business-profiles/${encodeURIComponent(profileId)}`).then(
      (profile) =>
        profile.default_currency &&
        !existing &&
        setForm((current) => ({ ...current, currency: profile.default_currency ?? current.currency })),
      () => undefined,
    );
  };

  const updateLine = (key: number, change: Partial<LineForm>) =>
    setForm((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, ...change } : line)),
    }));
  const removeLine = (key: number) =>
    setForm((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) }));
  const addLine = () => setForm((current) => ({ ...current, lines: [...current.lines, newLine()] }));

  const totals = useLiveTotals(form);
  const error = (save.error ?? totals.error) as ApiError | null;

  const submit = async (event: Event) => {
    event.preventDefault();
    const request = {
      document_type: form.document_type,
      number: form.number.trim(),
      issue_date: form.issue_date,
      currency: form.currency.trim().toUpperCase(),
      business_profile_id: form.business_profile_id,
      customer_id: form.customer_id,
      ...(form.due_date ? { due_date: form.due_date } : existing ? { due_date: null } : {}),
      ...(form.source_document_id ? { source_document_id: form.source_document_id } : {}),
      ...(form.document_type === 'credit_note' && form.reason.trim() ? { reason: form.reason.trim() } : {}),
      ...contentOf(form),
    };
    const saved = await save.run(() =>
      existing
        ? patch<StoredDocument>(`/documents/${existing.id}`, withClearedContent(request, existing.data))
        : post<StoredDocument>('/documents', request),
    );
    if (saved) navigate('documents', saved.id);
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
  const priced = form.document_type !== 'delivery_note';
  const title = existing
    ? t('Edit {type} {number}', { type: t(typeLabel(form.document_type)), number: existing.number })
    : t(`New ${typeLabel(form.document_type).toLowerCase()}`);

  return (
    <form class="editor" onSubmit={submit} noValidate>
      <div class="page-head">
        <h1>{title}</h1>
        <a href={existing ? href('documents', existing.id) : href('documents')}>{t('Cancel')}</a>
      </div>
      <ErrorNotice error={save.error} />
      <div class="editor-grid">
        <div class="editor-main">
          <Fieldset legend={t('Document')}>
            <div class="grid">
              {existing ? null : (
                <Select
                  label={t('Type')}
                  value={form.document_type}
                  onChange={(value) =>
                    setForm((current) => ({ ...current, document_type: value, number: '' }))
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
                label={t('Issue date')}
                type="date"
                value={form.issue_date}
                onInput={set('issue_date')}
                path="issue_date"
                error={error}
                required
              />
              <Field
                label={t('Due date')}
                type="date"
                value={form.due_date}
                onInput={set('due_date')}
                path="due_date"
                error={error}
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
                  onChange={chooseProfile}
                  options={profileOptions}
                  path="business_profile_id"
                  error={error}
                  required
                />
                {profiles.data?.length === 0 ? (
                  <a href={href('business-profiles', 'new')}>{t('New business profile')}</a>
                ) : null}
              </div>
              <div>
                <Select
                  label={t('Customer')}
                  value={form.customer_id}
                  onChange={set('customer_id')}
                  options={customerOptions}
                  path="customer_id"
                  error={error}
                  required
                />
                <a href={href('customers', 'new')}>{t('New customer')}</a>
              </div>
              {form.document_type === 'credit_note' ? (
                <CorrectedInvoice
                  value={form.source_document_id}
                  onChange={set('source_document_id')}
                  error={error}
                />
              ) : null}
              {form.document_type === 'credit_note' ? (
                <Field
                  label={t('Reason')}
                  value={form.reason}
                  onInput={set('reason')}
                  path="reason"
                  error={error}
                />
              ) : null}
            </div>
          </Fieldset>

          <Fieldset legend={t('Line items')} class="lines">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('Description')}</th>
                  <th scope="col">{t('Quantity')}</th>
                  {priced ? <th scope="col">{t('Unit price')}</th> : null}
                  {priced ? <th scope="col">{t('Tax rate')}</th> : null}
                  <th scope="col">
                    <span class="visually-hidden">{t('Actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {form.lines.map((line, index) => (
                  <tr key={line.key}>
                    <td>
                      <Field
                        label={t('Description')}
                        class="in-table"
                        value={line.name}
                        onInput={(name) => updateLine(line.key, { name })}
                        path={`line_items.${index}.name`}
                        error={error}
                      />
                    </td>
                    <td>
                      <Field
                        label={t('Quantity')}
                        class="in-table"
                        inputMode="decimal"
                        value={line.quantity}
                        onInput={(quantity) => updateLine(line.key, { quantity })}
                        path={`line_items.${index}.quantity`}
                        error={error}
                      />
                    </td>
                    {priced ? (
                      <td>
                        <Field
                          label={t('Unit price')}
                          class="in-table"
                          inputMode="decimal"
                          value={line.unit_price}
                          onInput={(unit_price) => updateLine(line.key, { unit_price })}
                          path={`line_items.${index}.unit_price`}
                          error={error}
                        />
                      </td>
                    ) : null}
                    {priced ? (
                      <td>
                        <Field
                          label={t('Tax rate')}
                          class="in-table"
                          inputMode="decimal"
                          value={line.tax_rate}
                          onInput={(tax_rate) => updateLine(line.key, { tax_rate })}
                          path={`line_items.${index}.taxes.0.rate`}
                          error={error}
                        />
                      </td>
                    ) : null}
                    <td>
                      <button
                        type="button"
                        class="icon"
                        onClick={() => removeLine(line.key)}
                        disabled={form.lines.length === 1}
                        aria-label={t('Remove line {n}', { n: index + 1 })}
                      >
                        ✕
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button type="button" onClick={addLine}>
              {t('Add line')}
            </button>
          </Fieldset>

          {priced ? (
            <Fieldset legend={t('Discount and shipping')}>
              <div class="grid">
                <Select
                  label={t('Discount type')}
                  value={form.discount_type}
                  onChange={set('discount_type')}
                  options={[
                    { value: 'percentage', label: t('Percentage') },
                    { value: 'fixed', label: t('Fixed amount') },
                  ]}
                />
                <Field
                  label={t('Discount')}
                  inputMode="decimal"
                  value={form.discount_value}
                  onInput={set('discount_value')}
                  path="discounts.0.value"
                  error={error}
                />
                <Field
                  label={t('Discount reason')}
                  value={form.discount_reason}
                  onInput={set('discount_reason')}
                  path="discounts.0.reason"
                  error={error}
                />
                <Field
                  label={t('Shipping')}
                  inputMode="decimal"
                  value={form.shipping_amount}
                  onInput={set('shipping_amount')}
                  path="shipping.amount"
                  error={error}
                />
                <Field
                  label={t('Shipping description')}
                  value={form.shipping_description}
                  onInput={set('shipping_description')}
                  path="shipping.description"
                  error={error}
                />
              </div>
            </Fieldset>
          ) : null}

          <Fieldset legend={t('Payment details')}>
            <div class="grid">
              <Field
                label={t('Payment instructions')}
                value={form.payment_instructions}
                onInput={set('payment_instructions')}
                path="payment.instructions"
                error={error}
              />
              <Field
                label={t('Bank name')}
                value={form.bank_name}
                onInput={set('bank_name')}
                path="payment.bank_account.bank_name"
                error={error}
              />
              <Field
                label={t('IBAN or account number')}
                value={form.account_number}
                onInput={set('account_number')}
                path="payment.bank_account.account_number"
                error={error}
              />
              <Field
                label={t('BIC / SWIFT')}
                value={form.swift}
                onInput={set('swift')}
                path="payment.bank_account.swift"
                error={error}
              />
              <Field
                label={t('Account holder')}
                value={form.account_name}
                onInput={set('account_name')}
                path="payment.bank_account.account_name"
                error={error}
              />
            </div>
          </Fieldset>

          <Fieldset legend={t('Notes and references')}>
            <div class="grid">
              <Field
                label={t('Notes')}
                multiline
                value={form.notes}
                onInput={set('notes')}
                path="notes"
                error={error}
                class="wide"
              />
              <Field
                label={t('Buyer reference')}
                value={form.buyer_reference}
                onInput={set('buyer_reference')}
                path="buyer_reference"
                error={error}
                hint={t('Leitweg-ID or the buyer’s order reference (BT-10)')}
              />
            </div>
          </Fieldset>
        </div>

        <aside class="editor-side">
          <TotalsPanel
            totals={totals.totals}
            currency={form.currency}
            pending={totals.pending}
            error={totals.error}
          />
          <div class="actions">
            <button type="submit" class="primary" disabled={save.busy}>
              {t('Save')}
            </button>
          </div>
          <p class="hint">{t('Saved as a draft: you can change it until you finalize it.')}</p>
          <DraftPreview form={form} />
        </aside>
      </div>
    </form>
  );
}

/** A credit note's invoice: the account's issued invoices (not drafts), newest first. */
function CorrectedInvoice(props: { value: string; onChange: (id: string) => void; error: ApiError | null }) {
  const invoices = useLoad(
    () =>
      list<StoredDocument>('/documents', { limit: 100, document_type: 'invoice' }).then((page) =>
        page.data.filter((document) => document.status !== 'draft'),
      ),
    [],
  );
  return (
    <Select
      label={t('Corrected invoice')}
      value={props.value}
      onChange={props.onChange}
      options={[
        { value: '', label: t('Choose…') },
        ...(invoices.data ?? []).map((invoice) => ({
          value: invoice.id,
          label: `${invoice.number} · ${invoice.data.buyer?.name ?? ''} · ${formatMoney(invoice.totals.total.amount, invoice.currency)}`,
        })),
      ]}
      path="source_document_id"
      error={props.error}
      required
    />
  );
}

/** PATCH replaces what it is given; content the form emptied is cleared explicitly. */
function withClearedContent(request: Record<string, unknown>, before: DocumentData): Record<string, unknown> {
  const cleared: Record<string, unknown> = { ...request };
  delete cleared.document_type;
  for (const name of ['discounts', 'shipping', 'notes', 'buyer_reference', 'payment'] as const) {
    if (cleared[name] === undefined && before[name] !== undefined) cleared[name] = null;
  }
  return cleared;
}

/** The document's totals as the service computes them, asked again 300 ms after the last keystroke. */
function useLiveTotals(form: DraftForm): { totals: Totals | null; pending: boolean; error: unknown } {
  const body = useMemo(() => {
    const totallable = totallableOf(form);
    if (!totallable) return null;
    return {
      document_type: form.document_type === 'delivery_note' ? 'invoice' : form.document_type,
      data: {
        invoice_number: form.number || 'DRAFT',
        issue_date: /^\d{4}-\d{2}-\d{2}$/.test(form.issue_date)
          ? form.issue_date
          : new Date().toISOString().slice(0, 10),
        currency: totallable.currency.trim().toUpperCase(),
        seller: { name: 'Seller' },
        buyer: { name: 'Buyer' },
        ...contentOf(totallable),
      },
    };
  }, [form]);
  const settled = useDebounced(body, 300);
  const [state, setState] = useState<{ totals: Totals | null; error: unknown }>({
    totals: null,
    error: null,
  });
  useEffect(() => {
    let current = true;
    if (settled === null) {
      setState({ totals: null, error: null });
      return;
    }
    call<{ data: { calculation: Totals } }>('POST', '/documents/calculate', { body: settled }).then(
      (answer) => current && setState({ totals: answer.data.calculation, error: null }),
      (error: unknown) =>
        current && setState((previous) => ({ totals: previous.totals, error: asFormError(error) })),
    );
    return () => {
      current = false;
    };
  }, [settled]);
  return { ...state, pending: settled !== body };
}

function TotalsPanel(props: { totals: Totals | null; currency: string; pending: boolean; error: unknown }) {
  const { totals } = props;
  const row = (label: string, amount: string | undefined, strong = false) => (
    <div class={strong ? 'total-row strong' : 'total-row'}>
      <dt>{label}</dt>
      <dd>{formatMoney(amount ?? '0', totals?.total.currency ?? props.currency)}</dd>
    </div>
  );
  return (
    <section class="card totals" aria-labelledby="totals-heading">
      <h2 id="totals-heading">{t('Totals')}</h2>
      <dl aria-live="polite" aria-busy={props.pending}>
        {row(t('Subtotal'), totals?.subtotal.amount)}
        {totals && totals.discount_total.amount !== '0.00'
          ? row(t('Discount'), `-${totals.discount_total.amount}`)
          : null}
        {totals && totals.shipping_total.amount !== '0.00'
          ? row(t('Shipping'), totals.shipping_total.amount)
          : null}
        {row(t('Tax'), totals?.tax_total.amount)}
        {row(t('Total'), totals?.total.amount, true)}
      </dl>
      {props.error ? (
        <p class="problem">{t('The totals cannot be computed until the marked fields are fixed.')}</p>
      ) : null}
    </section>
  );
}

/** The PDF of the form as it stands, drawn by a stateless render with the chosen template. */
function DraftPreview({ form }: { form: DraftForm }) {
  const [template, setTemplate] = useState('tpl_modern');
  const [pdf, setPdf] = useState<Blob | null>(null);
  const action = useAction();
  const preview = () =>
    action.run(async () => {
      if (!form.business_profile_id || !form.customer_id)
        throw new Error(t('Choose a business profile and a customer first.'));
      const parties = await partiesOf(form.business_profile_id, form.customer_id);
      const data = {
        invoice_number: form.number || 'DRAFT',
        issue_date: form.issue_date,
        ...(form.due_date ? { due_date: form.due_date } : {}),
        currency: form.currency.trim().toUpperCase(),
        ...parties,
        ...contentOf(form),
      };
      const answer = await blob('POST', '/documents/render', {
        accept: 'application/pdf',
        body: {
          document_type: form.document_type,
          data,
          template: { id: template },
          output: { delivery: 'binary' },
        },
      }).catch((error: unknown) => {
        throw asFormError(error);
      });
      setPdf(answer);
    });
  return (
    <section class="card preview" aria-label={t('Preview')}>
      <TemplateChooser value={template} onChange={setTemplate} />
      <button type="button" onClick={preview} disabled={action.busy}>
        {t('Preview')}
      </button>
      <ErrorNotice error={action.error} />
      {pdf ? <PdfFrame pdf={pdf} title={t('PDF preview')} /> : null}
    </section>
  );
}
