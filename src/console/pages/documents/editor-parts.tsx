import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, blob, call, list } from '../../api';
import type { Calculation, Totals } from '../../api-types';
import { formatMoney, localToday, t } from '../../i18n';
import { Select } from '../../ui/form';
import { useAction, useDebounced, useLoad } from '../../ui/hooks';
import { ErrorNotice } from '../../ui/notice';
import { PdfPages } from '../../ui/pdf-pages';
import { TemplateChooser } from '../../ui/template-chooser';
import { correctedOf } from './draft-form';
import { contentOf, deductedOf, totallableOf, withDeducted } from './form-content';
import type { DraftForm, StoredDocument } from './model';

/** An error of a stateless call (`body.data.x`) as if it were the form's own (`body.x`). */
export function asFormError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields = error.fields.map((field) => ({
    ...field,
    loc: field.loc.replace(/^body\.data\./, 'body.'),
  }));
  return new ApiError(error.status, error.code, error.message, fields, error.details);
}

/**
 * A credit note's invoice, or a corrected invoice's (384): the account's issued invoices (not drafts),
 * newest first. A credit note needs one; a corrected invoice is asked for it (XRechnung BR-DE-26).
 */
export function CorrectedInvoice(props: {
  value: string;
  onChange: (id: string) => void;
  error: ApiError | null;
  required?: boolean;
  hint?: string;
}) {
  const invoices = useLoad(
    () =>
      list<StoredDocument>('/documents', { limit: 100, document_type: 'invoice' }).then((page) =>
        page.data.filter((document) => document.status !== 'draft'),
      ),
    [],
  );
  return (
    <Select
      label={t('Original invoice')}
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
      required={props.required ?? true}
      hint={props.hint}
    />
  );
}

/** An amount shown as taken off: `-8000.00` for 8000.00, `5.00` for -5.00. */
const negated = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/** Live totals, and whether their prepaid amount is the sum of ticked progress invoices (not a typed one). */
export type LiveTotals = Totals & { deducting?: boolean };

/** Whether the form a totals request was made of ticked progress invoices to deduct. */
const DEDUCTING = new WeakMap<object, boolean>();
const deductingOf = (request: object) => DEDUCTING.get(request) ?? false;

/** The document's totals as the service computes them, asked again 300 ms after the last keystroke. */
export function useLiveTotals(form: DraftForm): {
  totals: LiveTotals | null;
  pending: boolean;
  error: unknown;
} {
  const body = useMemo(() => {
    const totallable = totallableOf(form);
    if (!totallable) return null;
    const request = {
      document_type: form.document_type === 'delivery_note' ? 'invoice' : form.document_type,
      data: {
        invoice_number: form.number || 'DRAFT',
        issue_date: /^\d{4}-\d{2}-\d{2}$/.test(form.issue_date) ? form.issue_date : localToday(),
        currency: totallable.currency.trim().toUpperCase(),
        seller: { name: 'Seller' },
        buyer: { name: 'Buyer' },
        ...contentOf(totallable),
      },
    };
    DEDUCTING.set(request, deductedOf(form).length > 0);
    return request;
  }, [form]);
  const settled = useDebounced(body, 300);
  const [state, setState] = useState<{ totals: LiveTotals | null; error: unknown }>({
    totals: null,
    error: null,
  });
  useEffect(() => {
    let current = true;
    if (settled === null) {
      setState({ totals: null, error: null });
      return;
    }
    call<{ data: Calculation }>('POST', '/documents/calculate', { body: settled }).then(
      (answer) =>
        current &&
        setState({ totals: { ...answer.data.calculation, deducting: deductingOf(settled) }, error: null }),
      (error: unknown) =>
        current && setState((previous) => ({ totals: previous.totals, error: asFormError(error) })),
    );
    return () => {
      current = false;
    };
  }, [settled]);
  return { ...state, pending: settled !== body };
}

export function TotalsPanel(props: {
  totals: LiveTotals | null;
  currency: string;
  pending: boolean;
  error: unknown;
}) {
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
        {totals?.prepaid_amount && /[1-9]/.test(totals.prepaid_amount.amount)
          ? row(
              totals.deducting ? t('Less progress invoices') : t('Already paid'),
              negated(totals.prepaid_amount.amount),
            )
          : null}
        {totals?.amount_due && totals.amount_due.amount !== totals.total.amount
          ? row(t('Amount due'), totals.amount_due.amount, true)
          : null}
      </dl>
      {props.error ? (
        <p class="problem">{t('The totals cannot be computed until the marked fields are fixed.')}</p>
      ) : null}
    </section>
  );
}

/** The body of POST /documents (and of its preview) from the form. */
export function createBodyOf(form: DraftForm, locale?: string | null): Record<string, unknown> {
  return {
    document_type: form.document_type,
    ...(form.number.trim() ? { number: form.number.trim() } : {}),
    issue_date: form.issue_date,
    currency: form.currency.trim().toUpperCase(),
    business_profile_id: form.business_profile_id,
    customer_id: form.customer_id,
    ...(locale ? { locale } : {}),
    // A quote's second date is how long it holds (`valid_until`, "Gültig bis" on its PDF), not a due date.
    ...(form.due_date
      ? { [form.document_type === 'quote' ? 'valid_until' : 'due_date']: form.due_date }
      : {}),
    ...(correctedOf(form) ? { source_document_id: correctedOf(form) } : {}),
    ...(form.document_type === 'credit_note' && form.reason.trim() ? { reason: form.reason.trim() } : {}),
    ...withDeducted(contentOf(form), form),
  };
}

/**
 * The form drawn exactly as the stored document's PDF will be (POST /documents/preview: the document's
 * language else the business profile's, the profile's page size, logo and bank account), on canvases.
 */
export function DraftPreview({ form, locale }: { form: DraftForm; locale?: string | null }) {
  const [template, setTemplate] = useState('tpl_modern');
  const [pdf, setPdf] = useState<Blob | null>(null);
  const action = useAction();
  const preview = () =>
    action.run(async () => {
      if (!form.business_profile_id || !form.customer_id)
        throw new Error(t('Choose a business profile and a customer first.'));
      const body = { ...createBodyOf(form, locale), template_id: template };
      setPdf(await blob('POST', '/documents/preview', { accept: 'application/pdf', body }));
    });
  return (
    <section class="card preview" aria-label={t('Preview')}>
      <TemplateChooser value={template} onChange={setTemplate} />
      <button type="button" onClick={preview} disabled={action.busy}>
        {t('Preview')}
      </button>
      <ErrorNotice error={action.error} />
      {pdf ? <PdfPages pdf={pdf} title={t('PDF preview')} /> : null}
    </section>
  );
}
