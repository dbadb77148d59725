import { useState } from 'preact/hooks';
import { blob, call, get, list, patch, remove } from '../api';
import type { ReceivedDocument, ReceivedPayment } from '../api-types';
import { formatDate, formatMoney, locale, t } from '../i18n';
import { subtractAmounts } from '../numbers';
import { canWrite } from '../permissions';
import { href, navigate } from '../router';
import { Field, Select } from '../ui/form';
import { saveBlob, useAction, useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../ui/notice';
import { Pager, usePages } from '../ui/pager';
import { PdfPages } from '../ui/pdf-pages';
import { ComplianceReport } from './documents/compliance';
import { PaymentsCard, type SkontoOffer } from './documents/payments';
import {
  formatName,
  LinesCard,
  PaymentCard,
  ReadingNotesCard,
  SOURCE_LABELS,
  SourceFacts,
} from './received-details';
import { NetworkOrigin, useTransport } from './received-network';

const STATUS_LABELS: Record<string, string> = {
  received: 'Received',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
};

export function ReceivedPage({ route }: { route: string[] }) {
  const [id] = route;
  // Keyed: another document's note, PDF or half-written answer never shows under this one.
  return id ? <ReceivedView key={id} id={id} /> : <ReceivedList />;
}

function ValidBadge({ valid }: { valid: boolean | null }) {
  if (valid === null) return <Badge>{t('Not checked')}</Badge>;
  return valid ? <Badge tone="ok">{t('Valid')}</Badge> : <Badge tone="bad">{t('Invalid')}</Badge>;
}

const contentTypeOf = (file: File) =>
  file.type === 'application/pdf' || /\.pdf$/i.test(file.name) ? 'application/pdf' : 'application/xml';

function Upload({ onStored }: { onStored: () => void }) {
  const [results, setResults] = useState<{ name: string; text: string; ok: boolean; id?: string }[]>([]);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);

  const take = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    const outcomes: typeof results = [];
    for (const file of files) {
      try {
        const answer = await call<{ data: ReceivedDocument }>('POST', '/received-documents', {
          raw: file,
          contentType: contentTypeOf(file),
          fileName: file.name,
        });
        const stored = answer.data;
        const text = stored.duplicate_of
          ? t('Stored as another file of an invoice received already.')
          : stored.valid === false
            ? t('Stored; it breaks official rules.')
            : t('Stored.');
        outcomes.push({
          name: file.name,
          text,
          ok: !stored.duplicate_of && stored.valid !== false,
          id: stored.id,
        });
      } catch (error) {
        outcomes.push({
          name: file.name,
          text: error instanceof Error ? error.message : String(error),
          ok: false,
        });
      }
    }
    setResults(outcomes);
    setBusy(false);
    onStored();
  };

  return (
    <section class="card">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; the labelled file button inside does the same from the keyboard */}
      <div
        class={over ? 'drop over' : 'drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          take([...(event.dataTransfer?.files ?? [])]);
        }}
      >
        <p>{t('Drop XRechnung, ZUGFeRD, Factur-X or Peppol files here, or')}</p>
        <label class="button primary file">
          {t('Upload e-invoice')}
          <input
            type="file"
            multiple
            accept=".xml,.pdf,application/xml,text/xml,application/pdf"
            disabled={busy}
            onChange={(event) => {
              const input = event.currentTarget;
              take([...(input.files ?? [])]).then(() => {
                input.value = '';
              });
            }}
          />
        </label>
      </div>
      {busy ? <Loading /> : null}
      {results.length > 0 ? (
        <ul class="upload-results" aria-live="polite">
          {results.map((result) => (
            <li key={result.name} class={result.ok ? 'ok' : 'bad'}>
              <strong>{result.name}</strong>: {result.text}{' '}
              {result.id ? <a href={href('received', result.id)}>{t('Open')}</a> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ReceivedList() {
  const [status, setStatus] = useState('');
  const [valid, setValid] = useState('');
  const [source, setSource] = useState('');
  const pages = usePages<ReceivedDocument>(
    (cursor) => list<ReceivedDocument>('/received-documents', { limit: 25, cursor, status, valid, source }),
    [status, valid, source],
  );
  return (
    <section>
      <div class="page-head">
        <h1>{t('Received')}</h1>
      </div>
      <Upload onStored={pages.reload} />
      <search class="filters">
        <Select
          label={t('Status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: t('Any') },
            ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label: t(label) })),
          ]}
        />
        <Select
          label={t('Validity')}
          value={valid}
          onChange={setValid}
          options={[
            { value: '', label: t('Any') },
            { value: 'true', label: t('Valid') },
            { value: 'false', label: t('Invalid') },
          ]}
        />
        <Select
          label={t('Source')}
          value={source}
          onChange={setSource}
          options={[
            { value: '', label: t('Any') },
            ...Object.entries(SOURCE_LABELS).map(([value, label]) => ({ value, label: t(label) })),
          ]}
        />
      </search>
      <ErrorNotice error={pages.error} />
      <div class="table-scroll">
        <table class="list">
          <thead>
            <tr>
              <th scope="col">{t('Number')}</th>
              <th scope="col">{t('Seller')}</th>
              <th scope="col">{t('Issue date')}</th>
              <th scope="col">{t('Status')}</th>
              <th scope="col">{t('Validity')}</th>
              <th scope="col">{t('Source')}</th>
              <th scope="col" class="num">
                {t('Amount due')}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((item) => (
              <tr key={item.id}>
                <td>
                  <a href={href('received', item.id)}>{item.invoice_number}</a>
                  {item.duplicate_of ? <Badge tone="warn">{t('Duplicate')}</Badge> : null}
                </td>
                <td>{item.seller.name}</td>
                <td>{formatDate(item.issue_date)}</td>
                <td>
                  <Badge tone={item.status}>{t(STATUS_LABELS[item.status] ?? item.status)}</Badge>
                </td>
                <td>
                  <ValidBadge valid={item.valid} />
                </td>
                <td title={item.email?.subject ?? item.file_name ?? undefined}>
                  {t(SOURCE_LABELS[item.source] ?? item.source)}
                  {item.email?.from ? <div class="hint">{item.email.from}</div> : null}
                </td>
                <td class="num">{formatMoney(item.amount_due, item.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!pages.loading && pages.items.length === 0 ? (
        <p class="empty">{t('No e-invoices received yet.')}</p>
      ) : null}
      <Pager pages={pages} />
    </section>
  );
}

function ReceivedView({ id }: { id: string }) {
  const path = `/received-documents/${encodeURIComponent(id)}` as const;
  const loaded = useLoad(() => get<ReceivedDocument>(path), [id]);
  const action = useAction();
  const [note, setNote] = useState<string | null>(null);
  const [pdf, setPdf] = useState<Blob | null>(null);
  // Over a network, the answers go back to the seller (received-network.tsx) instead of the local status.
  const transport = useTransport(loaded.data);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  const item = loaded.data;
  if (!item) return <Loading />;
  const networked = transport.data ?? null;

  const setStatus = async (status: string) => {
    if (await action.run(() => patch(path, { status }))) loaded.reload();
  };
  const saveNote = async () => {
    if (await action.run(() => patch(path, { note: note === '' ? null : note }))) loaded.reload();
  };
  const original = () =>
    action.run(async () =>
      saveBlob(
        await blob('GET', `${path}/original`, { accept: '*/*' }),
        `${(item.invoice_number ?? item.id).replace(/[^\w.-]+/g, '_')}.${item.content_type.includes('pdf') ? 'pdf' : 'xml'}`,
      ),
    );
  const visualize = () =>
    action.run(async () =>
      setPdf(await blob('GET', `${path}/pdf?lang=${locale()}`, { accept: 'application/pdf' })),
    );
  const destroy = async () => {
    if (!confirm(t('Delete this received document and its original file?'))) return;
    if ((await action.run(() => remove(path))) !== undefined) navigate('received');
  };

  return (
    <section>
      <div class="page-head">
        <h1>
          {t('Invoice {number} from {seller}', {
            number: String(item.invoice_number),
            seller: String(item.seller.name),
          })}{' '}
          <Badge tone={item.status}>{t(STATUS_LABELS[item.status] ?? item.status)}</Badge>
        </h1>
        <a href={href('received')}>{t('Back to the list')}</a>
      </div>
      {item.duplicate_of ? (
        <Notice kind="warn">
          {t(
            'Another file of an invoice received already (same seller, number and date): record its payment on the file that counts.',
          )}{' '}
          <a href={href('received', item.duplicate_of)}>{t('Open the file that counts')}</a>
        </Notice>
      ) : null}
      <div class="toolbar" role="toolbar" aria-label={t('Received document actions')}>
        {networked ? null : (
          <>
            <button
              type="button"
              class="primary"
              disabled={action.busy || item.status === 'approved'}
              onClick={() => setStatus('approved')}
            >
              {t('Approve')}
            </button>
            <button
              type="button"
              disabled={action.busy || item.status === 'rejected'}
              onClick={() => setStatus('rejected')}
            >
              {t('Reject')}
            </button>
            <button
              type="button"
              disabled={action.busy || item.status === 'paid'}
              onClick={() => setStatus('paid')}
            >
              {t('Mark paid')}
            </button>
          </>
        )}
        <button type="button" disabled={action.busy} onClick={original}>
          {t('Download original')}
        </button>
        {/* Taking in, approving and paying are the books' (an accountant's too); deleting is not. */}
        {canWrite() ? (
          <button type="button" class="danger" disabled={action.busy} onClick={destroy}>
            {t('Delete')}
          </button>
        ) : null}
      </div>
      <ErrorNotice error={action.error} />
      <div class="document-grid">
        <div>
          <dl class="facts card">
            <dt>{t('Seller')}</dt>
            <dd>
              {item.seller.name}
              {item.seller.tax_id ? ` · ${item.seller.tax_id}` : ''}
            </dd>
            <dt>{t('Issue date')}</dt>
            <dd>{formatDate(item.issue_date)}</dd>
            <dt>{t('Total')}</dt>
            <dd>{formatMoney(item.total, item.currency)}</dd>
            <dt>{t('Amount due')}</dt>
            <dd>{formatMoney(item.amount_due, item.currency)}</dd>
            <dt>{t('Format')}</dt>
            <dd>{formatName(item)}</dd>
            <dt>{t('Validity')}</dt>
            <dd>
              <ValidBadge valid={item.valid} />
            </dd>
            <SourceFacts item={item} />
          </dl>
          {networked ? (
            <NetworkOrigin
              transport={networked}
              onAnswered={() => {
                transport.reload();
                loaded.reload();
              }}
            />
          ) : (
            <ErrorNotice error={transport.error} />
          )}
          <PaymentCard payment={item.payment} amountDue={item.amount_due} currency={item.currency} />
          <PaymentsCard
            path={`${path}/payments`}
            deletePath={(paymentId) => `${path}/payments/${encodeURIComponent(paymentId)}`}
            amountPaid={item.amount_paid}
            amountDue={item.amount_due}
            currency={item.currency}
            skonto={receivedSkonto(item.payment, item.amount_due)}
            onChange={loaded.reload}
          />
          <LinesCard lines={item.lines} currency={item.currency} />
          <ReadingNotesCard warnings={item.warnings} />
          <section class="card">
            <h2>{t('Validation report')}</h2>
            {item.compliance ? (
              <ComplianceReport result={item.compliance} />
            ) : (
              <p>{t('No official profile applies to this file.')}</p>
            )}
          </section>
          <section class="card">
            <Field label={t('Note')} multiline value={note ?? item.note ?? ''} onInput={setNote} />
            <button type="button" disabled={action.busy || note === null} onClick={saveNote}>
              {t('Save note')}
            </button>
          </section>
        </div>
        <aside>
          <section class="card preview">
            <button type="button" disabled={action.busy} onClick={visualize}>
              {t('Show as PDF')}
            </button>
            {pdf ? <PdfPages pdf={pdf} title={t('Received invoice as PDF')} /> : null}
          </section>
        </aside>
      </div>
    </section>
  );
}

/** The supplier's first Skonto term as the payment form offers it: pay `amount`, `discount` deducted. */
function receivedSkonto(payment: ReceivedPayment, due: string): SkontoOffer | null {
  const term = payment.early_payment_discounts?.[0];
  if (!term?.amount) return null;
  const discount = subtractAmounts(due, term.amount);
  return discount === null
    ? null
    : { percent: term.percent, payBy: term.pay_by, discount, amount: term.amount };
}
