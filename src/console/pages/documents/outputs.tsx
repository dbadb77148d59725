import { useState } from 'preact/hooks';
import { ApiError, blob, call, get, list, post } from '../../api';
import type { Customer, Delivery } from '../../api-types';
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
  einvoiceProfile = null,
}: {
  document: StoredDocument;
  onSent: () => void;
  bare?: boolean;
  /** The customer's e-invoice profile: an XML buyer may take the XML alone. */
  einvoiceProfile?: Customer['einvoice_profile'] | null;
}) {
  const [to, setTo] = useState(document.data.buyer?.email ?? '');
  const [message, setMessage] = useState('');
  const [withPdf, setWithPdf] = useState(true);
  const [sent, setSent] = useState(false);
  const action = useAction();
  const earlier = useLoad(
    () => list<Delivery>(`/documents/${document.id}/deliveries`, { limit: 50 }).then((page) => page.data),
    [document.id, document.updated_at, sent],
  );
  // An XRechnung or Peppol buyer's intake reads the XML: the PDF beside it may be left out (an invoice,
  // a correction: the types that carry an e-invoice).
  const xmlBuyer =
    (einvoiceProfile === 'xrechnung_ubl' ||
      einvoiceProfile === 'xrechnung_cii' ||
      einvoiceProfile === 'peppol_bis_billing_3') &&
    (document.document_type === 'invoice' || document.document_type === 'credit_note');
  const send = async (event: Event) => {
    event.preventDefault();
    // Sent before: asked first, naming the first sending, since a second invoice document may be read as a
    // second invoice (§ 14c UStG); the service marks the e-mail a copy (docs/deliveries.md).
    const first = firstSending(document, earlier.data ?? []);
    if (
      first &&
      !confirm(
        first.to
          ? t(
              'This invoice was sent on {date} to {to}. Sent again, the e-mail is marked as a copy (subject and text), so that it is not booked twice. Send the copy?',
              { date: formatDate(first.at), to: first.to },
            )
          : t(
              'This invoice was sent on {date}. Sent again, the e-mail is marked as a copy (subject and text), so that it is not booked twice. Send the copy?',
              { date: formatDate(first.at) },
            ),
      )
    )
      return;
    const body = {
      to: to.split(/[,;\s]+/).filter(Boolean),
      ...(message ? { message } : {}),
      ...(xmlBuyer && !withPdf ? { attach_pdf: false } : {}),
    };
    const delivery = await action.run(async () => {
      // Sending attaches the PDF kept as issued (or the newest render); a document never drawn is refused
      // (409). Asked in that order, it is drawn first: no refused request on the way.
      const render = () => call('POST', `/documents/${document.id}/renders`, { body: {} });
      if (await neverDrawn(document, einvoiceProfile)) await render();
      try {
        return await post(`/documents/${document.id}/send`, body);
      } catch (error) {
        // Still never drawn (its files could not be read just now): drawn now, and sent again.
        if (!(error instanceof ApiError) || error.status !== 409 || !/render/i.test(error.message))
          throw error;
        await render();
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
      {xmlBuyer ? (
        <label class="checkbox">
          <input
            type="checkbox"
            checked={withPdf}
            onChange={(event) => setWithPdf((event.target as HTMLInputElement).checked)}
          />{' '}
          {t('Attach the PDF beside the e-invoice (a copy to read)')}
        </label>
      ) : null}
      <button type="submit" disabled={action.busy || to.trim() === ''}>
        {t('Send')}
      </button>
      <ErrorNotice error={action.error} />
      {sent ? <Notice kind="ok">{t('Queued for sending. The status shows under Emails.')}</Notice> : null}
    </form>
  );
}

/**
 * Whether a send must draw the document first: it keeps no PDF as issued yet (GET issued-files; docs/renders.md
 * "Issued is issued"). A buyer who gets Factur-X has it drawn by the send itself (an invoice or a credit note:
 * the e-invoice types), so never here: a plain PDF drawn first would be a second unit of quota. A list that
 * cannot be read leaves it to the send (which still says what is missing).
 */
async function neverDrawn(
  document: Pick<StoredDocument, 'id' | 'document_type'>,
  einvoiceProfile: Customer['einvoice_profile'] | null,
): Promise<boolean> {
  if (einvoiceProfile === 'factur_x_en16931' && MARKED.has(document.document_type)) return false;
  const files = await get<{ kind: string }[]>(`/documents/${document.id}/issued-files`).catch(() => null);
  return files !== null && !files.some((file) => file.kind === 'pdf');
}

/** Which invoice documents a second e-mail of is a copy (the service marks those: docs/deliveries.md). */
const MARKED = new Set(['invoice', 'credit_note']);

/**
 * When the document first reached its customer, and to whom: the earliest e-mail that went out and was not
 * refused (a reminder's letter aside: it follows a sending), else the document's own `sent_at` (marked sent,
 * a network). Null for a document never sent, or of a type not marked as a copy.
 */
export function firstSending(
  document: Pick<StoredDocument, 'document_type' | 'sent_at'>,
  deliveries: Pick<Delivery, 'status' | 'sent_at' | 'to' | 'cc' | 'retry_of'>[],
): { at: string; to: string | null } | null {
  if (!MARKED.has(document.document_type)) return null;
  const mailed = deliveries
    .filter((d) => (d.status === 'sent' || d.status === 'delivered') && d.sent_at)
    .sort((a, b) => (a.sent_at ?? '').localeCompare(b.sent_at ?? ''))[0];
  const candidates = [
    ...(mailed?.sent_at ? [{ at: mailed.sent_at, to: [...mailed.to, ...mailed.cc].join(', ') }] : []),
    ...(document.sent_at ? [{ at: document.sent_at, to: null }] : []),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const first = candidates[0];
  if (!first) return null;
  // Marked sent in the same minute as the e-mail went out: the e-mail did it, and it names the addresses.
  const sameMoment = mailed?.sent_at?.slice(0, 16) === first.at.slice(0, 16);
  return mailed && sameMoment ? { at: first.at, to: [...mailed.to, ...mailed.cc].join(', ') } : first;
}

/** Why an e-mail did not reach (everyone), in the console's words; the service's own sentence on hover. */
function failureText(delivery: Delivery): string {
  switch (delivery.error_code) {
    case 'recipient_rejected':
      return t('The recipient’s mail server refused the address (wrong address or mailbox closed).');
    case 'partly_rejected':
      return t('Not delivered to every address: the recipient’s mail server refused some.');
    case 'bounced_later':
      return t('Sent, but the recipient’s mail server reported afterwards that it could not deliver it.');
    case 'message_refused':
      return t('Your mail server refused the e-mail.');
    case 'login_refused':
      return t('Your mail server refused the login: check the SMTP settings.');
    case 'gave_up':
      return t('Your mail server could not be reached; sending was given up.');
    case 'retrying':
      return t('The last attempt did not go through; it is tried again.');
    case 'mail_not_configured':
      return t('E-mail is not set up on this installation.');
    case 'link_expired':
      return t('The PDF’s link expired before the e-mail went out: send it again.');
    case 'einvoice_failed':
      return t('The e-invoice (XML) could not be written for this document.');
    case 'document_deleted':
      return t('The document was deleted before the e-mail went out.');
    case 'file_missing':
      return t('A file of the e-mail is missing from storage.');
    case 'reminder_obsolete':
      return t('Not sent: the invoice was paid, settled or cancelled before the reminder went out.');
    default:
      return delivery.error_message ?? '';
  }
}

/**
 * The document's emails and where each stands (queued, sent, failed, bounced): to whom (and in copy), the
 * subject as sent, when, and why one did not arrive. `round` changes when one was sent from this page: asked
 * again at once, since sending leaves a credit note or a document already marked sent unchanged (its
 * `updated_at` too).
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
            {delivery.to.join(', ')}
            {delivery.cc.length > 0
              ? ` (${t('Cc: {addresses}', { addresses: delivery.cc.join(', ') })})`
              : ''}{' '}
            <Badge tone={delivery.status}>{t(delivery.status)}</Badge>{' '}
            <span class="hint">{formatDate(delivery.sent_at ?? delivery.created_at)}</span>
            <div class="hint">{delivery.subject}</div>
            {delivery.error_message && delivery.status !== 'delivered' ? (
              <div class="hint" title={delivery.error_message}>
                {failureText(delivery)}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
