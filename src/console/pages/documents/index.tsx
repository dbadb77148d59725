import { useState } from 'preact/hooks';
import { list } from '../../api';
import type { BusinessProfileSummary } from '../../api-types';
import { formatDate, formatMoney, t } from '../../i18n';
import { canWrite } from '../../permissions';
import { href, navigate } from '../../router';
import { Checkbox, Field, Select } from '../../ui/form';
import { useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice } from '../../ui/notice';
import { Pager, usePages } from '../../ui/pager';
import { useCustomers } from './customers';
import { DocumentEditor } from './editor';
import { DOCUMENT_TYPES, listedTotal, STATUS_LABELS, STATUSES, type StoredDocument, titleOf } from './model';
import { DocumentView } from './view';

/**
 * Escape closes an open menu of links (a <details>, which the browser leaves open) and puts focus back on
 * its summary, as the account switcher does: a keyboard user is not left inside a panel covering the page.
 */
function closeOnEscape(event: KeyboardEvent) {
  const menu = event.currentTarget as HTMLDetailsElement;
  if (event.key !== 'Escape' || !menu.open) return;
  event.preventDefault();
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

export function DocumentsPage({ route }: { route: string[] }) {
  const [id, mode] = route;
  // A role that can never write (an accountant) reads: an editor's address typed shows the list or the document.
  if (!canWrite() && id === 'new') return <DocumentList />;
  if (!canWrite() && id && mode === 'edit') return <DocumentView key={id} id={id} />;
  // Keyed by what it edits: going from one document's editor straight to another's or to a new one (the
  // address typed, back and forward) starts from that document, not from the form left behind.
  if (id === 'new') return <DocumentEditor key={`new/${mode}`} documentType={mode ?? 'invoice'} />;
  if (id && mode === 'edit') return <DocumentEditor key={id} id={id} />;
  // Keyed: a message of one document (a refused finalize) never shows on the next.
  if (id) return <DocumentView key={id} id={id} />;
  return <DocumentList />;
}

/** The first screen of a fresh install: the three steps to a first invoice, each done or a link to do it. */
export function GettingStarted() {
  const profiles = useLoad(
    () => list<BusinessProfileSummary>('/business-profiles', { limit: 1 }).then((page) => page.data.length),
    [],
  );
  const customers = useCustomers();
  const hasProfile = (profiles.data ?? 0) > 0;
  const hasCustomer = (customers.data?.length ?? 0) > 0;
  return (
    <section class="card getting-started" aria-labelledby="start-heading">
      <h2 id="start-heading">{t('Your first invoice in three steps')}</h2>
      <ol>
        <li class={hasProfile ? 'done' : ''}>
          {hasProfile ? (
            t('Your business profile is there.')
          ) : (
            <a href={href('business-profiles', 'new')}>{t('Enter your business: name, address, tax ID')}</a>
          )}
        </li>
        <li class={hasCustomer ? 'done' : ''}>
          {hasCustomer ? (
            t('You have a customer.')
          ) : (
            <a href={href('customers', 'new')}>{t('Add the customer you bill')}</a>
          )}
        </li>
        <li>
          <a href={href('documents', 'new', 'invoice')}>
            {t('Write the invoice: lines, preview, save, finalize, download')}
          </a>
        </li>
      </ol>
    </section>
  );
}

/**
 * Paid in part: a payment recorded, something still due, and not marked paid (a person may mark an invoice
 * paid short of its amount) nor voided. A credit note naming the invoice lowers what is due too (the service
 * then says `partially_paid` as well): that is no payment, so only what is still due is said.
 */
export const partlyPaid = (document: Pick<StoredDocument, 'payment_status' | 'status' | 'amount_paid'>) =>
  stillDue(document) && /[1-9]/.test(document.amount_paid);

/** Something paid or credited, the rest still due: what the list says under the total. */
export const stillDue = (document: Pick<StoredDocument, 'payment_status' | 'status'>) =>
  document.payment_status === 'partially_paid' && document.status !== 'paid' && document.status !== 'void';

export function DocumentList() {
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [customer, setCustomer] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [overdue, setOverdue] = useState(false);
  const customers = useCustomers();
  const names = new Map((customers.data ?? []).map((entry) => [entry.id, entry.name ?? entry.id]));
  const pages = usePages<StoredDocument>(
    (cursor) =>
      list<StoredDocument>('/documents', {
        limit: 25,
        cursor,
        document_type: type,
        status,
        customer_id: customer,
        issued_from: from,
        issued_to: to,
        overdue: overdue ? 'true' : '',
      }),
    [type, status, customer, from, to, overdue],
  );
  const any = { value: '', label: t('Any') };

  return (
    <section>
      <div class="page-head">
        <h1>{t('Documents')}</h1>
        {canWrite() ? (
          <div class="new-documents">
            <button type="button" class="primary" onClick={() => navigate('documents', 'new', 'invoice')}>
              {t('New invoice')}
            </button>
            <details class="menu" onKeyDown={closeOnEscape}>
              <summary>{t('Other document types')}</summary>
              <ul>
                {DOCUMENT_TYPES.filter((entry) => entry.value !== 'invoice').map((entry) => (
                  <li key={entry.value}>
                    <a href={href('documents', 'new', entry.value)}>
                      {t(`New ${entry.label.toLowerCase()}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          </div>
        ) : null}
      </div>
      <search class="filters">
        <Select
          label={t('Type')}
          value={type}
          onChange={setType}
          options={[any, ...DOCUMENT_TYPES.map((entry) => ({ value: entry.value, label: t(entry.label) }))]}
        />
        <Select
          label={t('Status')}
          value={status}
          onChange={setStatus}
          options={[any, ...STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value] ?? value) }))]}
        />
        <Select
          label={t('Customer')}
          value={customer}
          onChange={setCustomer}
          options={[
            any,
            ...(customers.data ?? []).map((entry) => ({ value: entry.id, label: entry.name ?? entry.id })),
          ]}
        />
        <Field label={t('Issued from')} type="date" value={from} onInput={setFrom} />
        <Field label={t('Issued to')} type="date" value={to} onInput={setTo} />
        <Checkbox label={t('Overdue only')} checked={overdue} onChange={setOverdue} />
      </search>
      <ErrorNotice error={pages.error} />
      <div class="table-scroll">
        <table class="list documents-list stack-phone">
          <thead>
            <tr>
              <th scope="col">{t('Number')}</th>
              <th scope="col" class="type-column">
                {t('Type')}
              </th>
              <th scope="col">{t('Customer')}</th>
              <th scope="col">{t('Date')}</th>
              <th scope="col">{t('Due')}</th>
              <th scope="col">{t('Status')}</th>
              <th scope="col" class="num">
                {t('Total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((document) => (
              <tr key={document.id}>
                <td>
                  <a class="row-link" href={href('documents', document.id)}>
                    {document.number}
                  </a>
                  {/* Under the number where the window is too narrow for its own column (styles.css). */}
                  <div class="hint type-under-number">{t(titleOf(document))}</div>
                </td>
                <td class="type-column">{t(titleOf(document))}</td>
                <td>{names.get(document.customer_id) ?? document.data.buyer?.name ?? ''}</td>
                <td data-label={t('Date')}>{formatDate(document.issue_date)}</td>
                <td data-label={t('Due')} data-empty={document.due_date ? undefined : ''}>
                  {formatDate(document.due_date)}
                  {(document.days_overdue ?? 0) > 0 ? (
                    <div class="hint overdue">
                      {document.days_overdue === 1
                        ? t('1 day overdue')
                        : t('{days} days overdue', { days: document.days_overdue ?? 0 })}
                    </div>
                  ) : null}
                </td>
                <td class="side row-1">
                  <Badge tone={document.status}>{t(STATUS_LABELS[document.status] ?? document.status)}</Badge>
                  {partlyPaid(document) ? <div class="hint partly-paid">{t('Partly paid')}</div> : null}
                </td>
                <td class="num side row-2">
                  {formatMoney(listedTotal(document), document.totals.total.currency)}
                  {stillDue(document) ? (
                    <div class="hint still-due">
                      {t('{amount} still due', {
                        amount: formatMoney(document.amount_due, document.currency),
                      })}
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!pages.loading && pages.items.length === 0 ? (
        type || status || customer || from || to || overdue ? (
          <p class="empty">{t('No documents match these filters.')}</p>
        ) : canWrite() ? (
          <GettingStarted />
        ) : (
          <p class="empty">{t('No documents yet.')}</p>
        )
      ) : null}
      <Pager pages={pages} />
    </section>
  );
}
