import { useState } from 'preact/hooks';
import { ApiError, blob, call, list, post } from '../../api';
import type { Delivery } from '../../api-types';
import { formatDate, t } from '../../i18n';
import { Field } from '../../ui/form';
import { saveBlob, useAction, useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice, Notice } from '../../ui/notice';
import { PdfPages } from '../../ui/pdf-pages';
import { TemplateChooser } from '../../ui/template-chooser';
import type { StoredDocument } from './model';

/** Document data drawn by a stateless render (nothing stored; counts as a render), as PDF bytes. */
export function statelessPdf(
  documentType: string,
  data: unknown,
  template: string,
  format: 'pdf' | 'facturx_pdf' = 'pdf',
): Promise<Blob> {
  return blob('POST', '/documents/render', {
    accept: 'application/pdf',
    body: {
      document_type: documentType,
      data,
      template: { id: template },
      output: { format, delivery: 'binary' },
    },
  });
}

/** What a stored document's data holds beside its content (the create body names them itself). */
const IDENTITY = [
  'invoice_number',
  'issue_date',
  'due_date',
  'currency',
  'locale',
  'reason',
  'seller',
  'buyer',
];

/** A stored draft drawn as its stored PDF will be (POST /documents/preview; nothing stored). */
function draftPdf(document: StoredDocument, template: string): Promise<Blob> {
  const content = Object.fromEntries(
    Object.entries(document.data).filter(([key]) => !IDENTITY.includes(key)),
  );
  const optional = {
    due_date: document.due_date,
    locale: document.locale,
    source_document_id: document.source_document_id,
    reason: document.reason,
  };
  return blob('POST', '/documents/preview', {
    accept: 'application/pdf',
    body: {
      document_type: document.document_type,
      number: document.number,
      issue_date: document.issue_date,
      currency: document.currency,
      business_profile_id: document.business_profile_id,
      customer_id: document.customer_id,
      ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value)),
      ...content,
      template_id: template,
    },
  });
}

/**
 * A PDF of the document as it is (or will be) stored: a draft through the preview, a finalized one as a
 * stored render; a draft's Factur-X is drawn from its data (stateless).
 */
export function pdfOf(
  document: StoredDocument,
  template: string,
  format: 'pdf' | 'facturx_pdf',
): Promise<Blob> {
  if (document.status === 'draft' && format === 'pdf') return draftPdf(document, template);
  if (document.status === 'draft')
    return statelessPdf(document.document_type, document.data, template, format);
  return blob('POST', `/documents/${document.id}/renders`, {
    accept: 'application/pdf',
    body: { template_id: template, format },
  });
}

export function Downloads({ document, template }: { document: StoredDocument; template: string }) {
  const action = useAction();
  const name = document.number.replace(/[^\w.-]+/g, '_');
  const pdf = () => action.run(async () => saveBlob(await pdfOf(document, template, 'pdf'), `${name}.pdf`));
  const facturX = () =>
    action.run(async () => saveBlob(await pdfOf(document, template, 'facturx_pdf'), `${name}-factur-x.pdf`));
  const xml = (profile: string, suffix: string) =>
    action.run(async () =>
      saveBlob(
        await blob('GET', `/documents/${document.id}/xml?profile=${profile}`, { accept: 'application/xml' }),
        `${name}-${suffix}.xml`,
      ),
    );
  return (
    <section class="card downloads" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">{t('Downloads')}</h2>
      <p class="hint">{t('PDFs are drawn with the template chosen under Template.')}</p>
      <div class="toolbar">
        <button type="button" class="primary" disabled={action.busy} onClick={pdf}>
          {t('Download PDF')}
        </button>
        <button type="button" disabled={action.busy} onClick={() => xml('peppol_bis_billing_3', 'ubl')}>
          {t('Download UBL')}
        </button>
        <button type="button" disabled={action.busy} onClick={() => xml('factur_x_en16931', 'cii')}>
          {t('Download CII')}
        </button>
        <button type="button" disabled={action.busy} onClick={() => xml('xrechnung_ubl', 'xrechnung')}>
          {t('Download XRechnung')}
        </button>
        <button type="button" disabled={action.busy} onClick={facturX}>
          {t('Download Factur-X')}
        </button>
      </div>
      <ErrorNotice error={action.error} />
    </section>
  );
}

export function DocumentPreview(props: {
  document: StoredDocument;
  template: string;
  onTemplate: (id: string) => void;
}) {
  const { document, template } = props;
  const [pdf, setPdf] = useState<Blob | null>(null);
  const action = useAction();
  const show = () => action.run(async () => setPdf(await pdfOf(document, template, 'pdf')));
  return (
    <section class="card preview" aria-label={t('Preview')}>
      <TemplateChooser value={template} onChange={props.onTemplate} />
      <button type="button" disabled={action.busy} onClick={show}>
        {t('Preview')}
      </button>
      <ErrorNotice error={action.error} />
      {pdf ? <PdfPages pdf={pdf} title={t('PDF preview')} /> : null}
    </section>
  );
}

/**
 * Send by e-mail: a card of its own, or `bare` inside the send card that also offers the networks (its
 * heading is that card's).
 */
export function SendForm({
  document,
  onSent,
  bare = false,
}: {
  document: StoredDocument;
  onSent: () => void;
  bare?: boolean;
}) {
  const [to, setTo] = useState(document.data.buyer?.email ?? '');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const action = useAction();
  const send = async (event: Event) => {
    event.preventDefault();
    const body = { to: to.split(/[,;\s]+/).filter(Boolean), ...(message ? { message } : {}) };
    const delivery = await action.run(async () => {
      try {
        return await post(`/documents/${document.id}/send`, body);
      } catch (error) {
        // Sending attaches the latest PDF; a document never rendered gets one first.
        if (!(error instanceof ApiError) || error.status !== 409 || !/render/i.test(error.message))
          throw error;
        await call('POST', `/documents/${document.id}/renders`, { body: {} });
        return await post(`/documents/${document.id}/send`, body);
      }
    });
    if (delivery) {
      setSent(true);
      onSent();
    }
  };
  return (
    <form
      class={bare ? 'send-email' : 'card'}
      onSubmit={send}
      aria-labelledby={bare ? undefined : 'send-heading'}
      aria-label={bare ? t('Send by email') : undefined}
    >
      {bare ? null : <h2 id="send-heading">{t('Send by email')}</h2>}
      <Field
        label={t('To')}
        type="email"
        value={to}
        onInput={setTo}
        path="to"
        error={action.error as ApiError | null}
        required
      />
      <Field label={t('Message')} multiline value={message} onInput={setMessage} />
      <button type="submit" disabled={action.busy || to.trim() === ''}>
        {t('Send')}
      </button>
      <ErrorNotice error={action.error} />
      {sent ? <Notice kind="ok">{t('Queued for sending. The status shows under Emails.')}</Notice> : null}
    </form>
  );
}

/**
 * The document's emails and where each stands (queued, sent, failed, bounced). `round` changes when one was
 * sent from this page: asked again at once, since sending leaves a credit note or a document already marked
 * sent unchanged (its `updated_at` too).
 */
export function Deliveries({ document, round = 0 }: { document: StoredDocument; round?: number }) {
  const deliveries = useLoad(
    () => list<Delivery>(`/documents/${document.id}/deliveries`, { limit: 20 }).then((page) => page.data),
    [document.id, document.updated_at, round],
  );
  if (!deliveries.data || deliveries.data.length === 0) return null;
  return (
    <section class="card" aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">{t('Emails')}</h2>
      <ul class="plain">
        {deliveries.data.map((delivery) => (
          <li key={delivery.id}>
            {delivery.to.join(', ')} <Badge tone={delivery.status}>{t(delivery.status)}</Badge>{' '}
            <span class="hint">{formatDate(delivery.sent_at ?? delivery.created_at)}</span>
            {/* Why it did not arrive (or not for everyone): the mail server's own answer, as it gave it. */}
            {delivery.error_message &&
            (delivery.status === 'bounced' || delivery.status === 'failed' || delivery.status === 'sent') ? (
              <div class="hint">
                {t('The mail server answered:')} {delivery.error_message}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
