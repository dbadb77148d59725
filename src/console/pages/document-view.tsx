import { useState } from 'preact/hooks';
import { ApiError, blob, call, get, list, post, remove } from '../api';
import { formatDate, formatMoney, t } from '../i18n';
import { href, navigate } from '../router';
import { Field, Select } from '../ui/form';
import { saveBlob, useAction, useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../ui/notice';
import { PdfFrame } from '../ui/pdf-frame';
import { TemplateChooser } from '../ui/template-chooser';
import { PROFILES, STATUS_LABELS, type StoredDocument, typeLabel } from './document-model';

interface Transition {
  action: 'finalize' | 'mark-sent' | 'mark-paid' | 'mark-unpaid' | 'void' | 'archive' | 'restore';
  label: string;
  from: string[];
  danger?: boolean;
}

// Which buttons a status offers (SPEC 3, stored document), narrowed to the actions the document's type has
// (GET /reference/document-types); the API still decides, and a 409 is shown as it comes.
const TRANSITIONS: Transition[] = [
  { action: 'finalize', label: 'Finalize', from: ['draft'] },
  { action: 'mark-sent', label: 'Mark sent', from: ['finalized'] },
  { action: 'mark-paid', label: 'Mark paid', from: ['sent'] },
  { action: 'mark-unpaid', label: 'Mark unpaid', from: ['paid'] },
  { action: 'void', label: 'Void', from: ['finalized', 'sent'], danger: true },
  { action: 'archive', label: 'Archive', from: ['finalized', 'sent', 'paid', 'void'] },
  { action: 'restore', label: 'Restore', from: ['archived'] },
];

interface DocumentTypeInfo {
  id: string;
  number_prefix: string;
  actions: string[];
}

let documentTypes: Promise<DocumentTypeInfo[]> | null = null;

/** The reference list of document types, asked once per page load. */
export function documentTypeInfo(): Promise<DocumentTypeInfo[]> {
  documentTypes ??= list<DocumentTypeInfo>('/reference/document-types').then(
    (page) => page.data,
    (error: unknown) => {
      documentTypes = null;
      throw error;
    },
  );
  return documentTypes;
}

export function DocumentView({ id }: { id: string }) {
  const loaded = useLoad(() => get<StoredDocument>(`/documents/${encodeURIComponent(id)}`), [id]);
  const types = useLoad(() => documentTypeInfo().catch(() => [] as DocumentTypeInfo[]), []);
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [template, setTemplate] = useState('tpl_modern');
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  const document = loaded.data;
  if (!document) return <Loading />;
  const data = document.data;
  const path = `/documents/${document.id}` as const;

  const transition = async (step: Transition) => {
    if (
      step.danger &&
      !confirm(
        t('{action} {number}? This cannot be undone.', { action: t(step.label), number: document.number }),
      )
    )
      return;
    const changed = await action.run(() => post<StoredDocument>(`${path}/${step.action}`));
    if (changed) {
      setDone(t('{action}: done.', { action: t(step.label) }));
      loaded.reload();
    }
  };
  const duplicate = async () => {
    const copy = await action.run(() => post<StoredDocument>(`${path}/duplicate`));
    if (copy) navigate('documents', copy.id, 'edit');
  };
  const destroy = async () => {
    if (!confirm(t('Delete the draft {number}?', { number: document.number }))) return;
    const gone = await action.run(() => remove(path));
    if (gone !== undefined) navigate('documents');
  };

  return (
    <section class="document">
      <div class="page-head">
        <h1>
          {t(typeLabel(document.document_type))} {document.number}{' '}
          <Badge tone={document.status}>{t(STATUS_LABELS[document.status] ?? document.status)}</Badge>
        </h1>
        <a href={href('documents')}>{t('Back to the list')}</a>
      </div>
      <div class="toolbar" role="toolbar" aria-label={t('Document actions')}>
        {document.status === 'draft' ? (
          <button type="button" onClick={() => navigate('documents', document.id, 'edit')}>
            {t('Edit')}
          </button>
        ) : null}
        {TRANSITIONS.filter(
          (step) =>
            step.from.includes(document.status) &&
            (types.data?.find((type) => type.id === document.document_type)?.actions.includes(step.action) ??
              true),
        ).map((step) => (
          <button
            key={step.action}
            type="button"
            class={step.action === 'finalize' ? 'primary' : step.danger ? 'danger' : ''}
            disabled={action.busy}
            onClick={() => transition(step)}
          >
            {t(step.label)}
          </button>
        ))}
        <button type="button" disabled={action.busy} onClick={duplicate}>
          {t('Duplicate')}
        </button>
        {document.status === 'draft' ? (
          <button type="button" class="danger" disabled={action.busy} onClick={destroy}>
            {t('Delete')}
          </button>
        ) : null}
      </div>
      <ErrorNotice error={action.error} />
      {done ? <Notice kind="ok">{done}</Notice> : null}

      <div class="document-grid">
        <div>
          <div class="parties">
            <div class="card">
              <h2>{t('From')}</h2>
              <PartyBlock party={data.seller} />
            </div>
            <div class="card">
              <h2>{t('To')}</h2>
              <PartyBlock party={data.buyer} />
            </div>
            <div class="card">
              <h2>{t('Dates')}</h2>
              <p>
                {t('Issue date')}: {formatDate(document.issue_date)}
                <br />
                {document.due_date ? `${t('Due date')}: ${formatDate(document.due_date)}` : null}
              </p>
            </div>
          </div>
          <table class="list lines-view">
            <thead>
              <tr>
                <th scope="col">{t('Description')}</th>
                <th scope="col" class="num">
                  {t('Quantity')}
                </th>
                <th scope="col" class="num">
                  {t('Unit price')}
                </th>
                <th scope="col" class="num">
                  {t('Tax rate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {(data.line_items ?? []).map((line, index) => (
                <tr key={index}>
                  <td>
                    {line.name}
                    {line.description ? <div class="hint">{line.description}</div> : null}
                  </td>
                  <td class="num">
                    {line.quantity} {line.unit ?? ''}
                  </td>
                  <td class="num">
                    {line.unit_price ? formatMoney(line.unit_price, document.currency) : ''}
                  </td>
                  <td class="num">{(line.taxes ?? []).map((tax) => `${tax.rate} %`).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.notes ? <p class="notes">{data.notes}</p> : null}
          <Downloads document={document} template={template} />
          <ComplianceCheck document={document} />
        </div>
        <aside>
          <section class="card totals">
            <h2>{t('Totals')}</h2>
            <dl>
              <div class="total-row">
                <dt>{t('Subtotal')}</dt>
                <dd>{formatMoney(document.totals.subtotal.amount, document.currency)}</dd>
              </div>
              {document.totals.discount_total.amount !== '0.00' ? (
                <div class="total-row">
                  <dt>{t('Discount')}</dt>
                  <dd>-{formatMoney(document.totals.discount_total.amount, document.currency)}</dd>
                </div>
              ) : null}
              {document.totals.shipping_total.amount !== '0.00' ? (
                <div class="total-row">
                  <dt>{t('Shipping')}</dt>
                  <dd>{formatMoney(document.totals.shipping_total.amount, document.currency)}</dd>
                </div>
              ) : null}
              <div class="total-row">
                <dt>{t('Tax')}</dt>
                <dd>{formatMoney(document.totals.tax_total.amount, document.currency)}</dd>
              </div>
              <div class="total-row strong">
                <dt>{t('Total')}</dt>
                <dd>{formatMoney(document.totals.total.amount, document.currency)}</dd>
              </div>
            </dl>
          </section>
          <Deliveries document={document} />
          {['finalized', 'sent', 'paid'].includes(document.status) ? (
            <SendForm document={document} onSent={loaded.reload} />
          ) : null}
          <DocumentPreview document={document} template={template} onTemplate={setTemplate} />
        </aside>
      </div>
    </section>
  );
}

function PartyBlock({
  party,
}: {
  party?: { name: string; email?: string; tax_id?: string; address?: Record<string, string> };
}) {
  if (!party) return null;
  const address = party.address ?? {};
  return (
    <p>
      <strong>{party.name}</strong>
      {[
        address.line1,
        address.line2,
        [address.postal_code, address.city].filter(Boolean).join(' '),
        address.country,
      ]
        .filter(Boolean)
        .map((line) => (
          <span key={line}>
            <br />
            {line}
          </span>
        ))}
      {party.email ? (
        <>
          <br />
          {party.email}
        </>
      ) : null}
      {party.tax_id ? (
        <>
          <br />
          {t('Tax ID')}: {party.tax_id}
        </>
      ) : null}
    </p>
  );
}

/** A PDF of the document: a draft is drawn from its data (stateless), a finalized one as a stored render. */
function pdfOf(document: StoredDocument, template: string, format: 'pdf' | 'facturx_pdf'): Promise<Blob> {
  if (document.status === 'draft') {
    return blob('POST', '/documents/render', {
      accept: 'application/pdf',
      body: {
        document_type: document.document_type,
        data: document.data,
        template: { id: template },
        output: { format, delivery: 'binary' },
      },
    });
  }
  return blob('POST', `/documents/${document.id}/renders`, {
    accept: 'application/pdf',
    body: { template_id: template, format },
  });
}

function Downloads({ document, template }: { document: StoredDocument; template: string }) {
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
      <p class="hint">{t('PDFs are drawn with the template chosen beside the preview.')}</p>
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

interface Violation {
  rule: string;
  path: string;
  message: string;
  severity: string;
}

interface ComplianceResult {
  valid: boolean;
  fully_checked: boolean;
  ruleset_version: string;
  violations: Violation[];
}

export function ComplianceReport({ result }: { result: ComplianceResult }) {
  return (
    <div class="compliance">
      {result.valid && result.fully_checked ? (
        <Notice kind="ok">
          {t('Valid under the official rules ({version}).', { version: result.ruleset_version })}
        </Notice>
      ) : result.valid ? (
        <Notice kind="info">
          {t('The built-in checks found no problem; the official rules did not run.')}
        </Notice>
      ) : (
        <Notice kind="warn">
          {t('{n} problems found.', { n: result.violations.filter((v) => v.severity === 'fatal').length })}
        </Notice>
      )}
      {!result.fully_checked ? (
        <p class="hint">{t('Only the built-in checks ran; install a rule pack for the official ones.')}</p>
      ) : null}
      {result.violations.length > 0 ? (
        <table class="list">
          <thead>
            <tr>
              <th scope="col">{t('Rule')}</th>
              <th scope="col">{t('Field')}</th>
              <th scope="col">{t('Problem')}</th>
            </tr>
          </thead>
          <tbody>
            {result.violations.map((violation, index) => (
              <tr key={index} class={violation.severity === 'warning' ? 'warning' : ''}>
                <td>
                  <code>{violation.rule}</code>
                  {violation.severity === 'warning' ? <Badge tone="warn">{t('warning')}</Badge> : null}
                </td>
                <td>
                  <code>{violation.path}</code>
                </td>
                <td>{violation.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function ComplianceCheck({ document }: { document: StoredDocument }) {
  const [profile, setProfile] = useState('xrechnung_ubl');
  const [result, setResult] = useState<ComplianceResult | null>(null);
  const action = useAction();
  const check = () =>
    action.run(async () =>
      setResult(
        await post<ComplianceResult>('/documents/validate-compliance', {
          profile,
          document_type: document.document_type,
          data: document.data,
        }),
      ),
    );
  return (
    <section class="card" aria-labelledby="compliance-heading">
      <h2 id="compliance-heading">{t('E-invoice compliance')}</h2>
      <div class="inline">
        <Select
          label={t('Profile')}
          value={profile}
          onChange={(value) => {
            setProfile(value);
            setResult(null);
          }}
          options={PROFILES}
        />
        <button type="button" disabled={action.busy} onClick={check}>
          {t('Check compliance')}
        </button>
      </div>
      <ErrorNotice error={action.error} />
      {result ? <ComplianceReport result={result} /> : null}
    </section>
  );
}

function SendForm({ document, onSent }: { document: StoredDocument; onSent: () => void }) {
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
    <form class="card" onSubmit={send} aria-labelledby="send-heading">
      <h2 id="send-heading">{t('Send by email')}</h2>
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
      {sent ? <Notice kind="ok">{t('Queued for sending. The status shows under deliveries.')}</Notice> : null}
    </form>
  );
}

interface Delivery {
  id: string;
  to: string[];
  status: string;
  created_at: string;
  sent_at: string | null;
}

/** The document's emails and where each stands (queued, sent, failed, bounced). */
function Deliveries({ document }: { document: StoredDocument }) {
  const deliveries = useLoad(
    () => list<Delivery>(`/documents/${document.id}/deliveries`, { limit: 20 }).then((page) => page.data),
    [document.id, document.updated_at],
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
          </li>
        ))}
      </ul>
    </section>
  );
}

function DocumentPreview(props: {
  document: StoredDocument;
  template: string;
  onTemplate: (id: string) => void;
}) {
  const { document, template } = props;
  const [pdf, setPdf] = useState<Blob | null>(null);
  const action = useAction();
  const show = () =>
    action.run(async () =>
      setPdf(
        await blob('POST', '/documents/render', {
          accept: 'application/pdf',
          body: {
            document_type: document.document_type,
            data: document.data,
            template: { id: template },
            output: { delivery: 'binary' },
          },
        }),
      ),
    );
  return (
    <section class="card preview" aria-label={t('Preview')}>
      <TemplateChooser value={template} onChange={props.onTemplate} />
      <button type="button" disabled={action.busy} onClick={show}>
        {t('Preview')}
      </button>
      <ErrorNotice error={action.error} />
      {pdf ? <PdfFrame pdf={pdf} title={t('PDF preview')} /> : null}
    </section>
  );
}
