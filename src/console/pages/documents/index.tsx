import { useState } from 'preact/hooks';
import { ApiError, get, list, post } from '../../api';
import type { BusinessProfileSummary, FinalizeCheck } from '../../api-types';
import { formatDate, formatMoney, t } from '../../i18n';
import { canChange, canWrite } from '../../permissions';
import { href, navigate } from '../../router';
import { fieldName } from '../../ui/field-names';
import { findingText } from '../../ui/findings';
import { Checkbox, Field, plainProblem, Select } from '../../ui/form';
import { useLoad } from '../../ui/hooks';
import { messageOf } from '../../ui/messages';
import { Badge, ErrorNotice, Notice } from '../../ui/notice';
import { Pager, usePages } from '../../ui/pager';
import { useCustomers } from './customers';
import { DocumentEditor } from './editor';
import { noticesQuestion } from './finalize-notices-text';
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

/** What became of one draft chosen to be finalized. */
type Outcome =
  | { id: string; number: string; done: 'finalized' }
  | { id: string; number: string; done: 'kept' }
  | { id: string; number: string; done: 'refused'; reasons: string[] };

/** A refusal of finalize in the console's words: each field or finding named, else the message made plain. */
function refusalReasons(error: unknown): string[] {
  if (error instanceof ApiError) {
    const found = error.details.violations;
    if (error.code === 'compliance_failed' && Array.isArray(found)) {
      return [
        t('The e-invoice this customer needs would be rejected; the document stays a draft. Fix:'),
        ...(found as FinalizeCheck['violations']).map((v) => `${fieldName(v.field)}: ${findingText(v)}`),
      ];
    }
    if (error.fields.length > 0) {
      return [
        messageOf(error).text,
        ...error.fields.map((f) => `${fieldName(f.loc)}: ${plainProblem(f.msg, f.loc)}`),
      ];
    }
  }
  return [messageOf(error).text];
}

/**
 * Finalizes one draft as its own page does (view.tsx): finalize's check first (what the buyer's e-invoice
 * would reject refuses it, field by field), then what VAT law asks every invoice to state and the Peppol
 * reach asked, each a question naming this document (Cancel keeps it a draft), then the API's finalize.
 */
async function finalizeOne(document: StoredDocument): Promise<Outcome> {
  const { id, number } = document;
  const path = `/documents/${id}` as const;
  try {
    const found = await post<FinalizeCheck>(`${path}/finalize-check`);
    if (found.violations.length > 0)
      throw new ApiError(422, 'compliance_failed', '', [], { violations: found.violations });
    const lacking = noticesQuestion(found.notices ?? [], document.data.seller?.address?.country);
    if (lacking && !confirm(`${number}\n\n${lacking}`)) return { id, number, done: 'kept' };
    const network = await get<{ warnings: string[] }>(`${path}/network-check`).catch(() => ({
      warnings: [] as string[],
    }));
    if (
      network.warnings.length > 0 &&
      !confirm(
        `${number}\n\n${t('The buyer may not be reachable over Peppol.')}\n\n${network.warnings.join('\n')}\n\n${t('Finalize anyway?')}`,
      )
    )
      return { id, number, done: 'kept' };
    const finalized = await post<StoredDocument>(`${path}/finalize`);
    return { id, number: finalized.number || number, done: 'finalized' };
  } catch (error) {
    return { id, number, done: 'refused', reasons: refusalReasons(error) };
  }
}

/** The summary of a run: what was finalized, what was kept a draft when asked, what was refused and why. */
function FinalizeSummary({ outcomes }: { outcomes: Outcome[] }) {
  const finalized = outcomes.filter((o) => o.done === 'finalized');
  const kept = outcomes.filter((o) => o.done === 'kept');
  const refused = outcomes.filter((o) => o.done === 'refused');
  const link = (o: Outcome) => <a href={href('documents', o.id)}>{o.number}</a>;
  return (
    <Notice kind={finalized.length === outcomes.length ? 'ok' : 'warn'}>
      <div class="finalize-summary">
        <p>
          <strong>
            {t('{done} of {chosen} finalized.', { done: finalized.length, chosen: outcomes.length })}
          </strong>{' '}
          {finalized.map((o, i) => (
            <span key={o.id}>
              {i > 0 ? ', ' : ''}
              {link(o)}
            </span>
          ))}
        </p>
        {kept.length > 0 ? (
          <p>
            {t('Kept as drafts, as you answered:')}{' '}
            {kept.map((o, i) => (
              <span key={o.id}>
                {i > 0 ? ', ' : ''}
                {link(o)}
              </span>
            ))}
          </p>
        ) : null}
        {refused.length > 0 ? (
          <>
            <p>{t('Not finalized:')}</p>
            <ul>
              {refused.map((o) => (
                <li key={o.id}>
                  {link(o)}: {o.done === 'refused' ? o.reasons.join(' ') : ''}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </Notice>
  );
}

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
  // Drafts chosen to be finalized together (an imported history: each one through finalize, one by one).
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const write = canWrite();
  // The drafts this person may finalize (a member: their own), as the document's own page offers it.
  const drafts = pages.items.filter((document) => document.status === 'draft' && canChange(document));
  const chosenDrafts = drafts.filter((document) => chosen.has(document.id));
  const choose = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = drafts.length > 0 && chosenDrafts.length === drafts.length;
  const finalizeChosen = async () => {
    const run = chosenDrafts;
    if (run.length === 0 || progress !== null) return;
    setOutcomes(null);
    const results: Outcome[] = [];
    for (const document of run) {
      setProgress({ done: results.length, of: run.length });
      // One after the other, as numbers are given in that order; a refusal stops none of the others.
      results.push(await finalizeOne(document));
    }
    setProgress(null);
    setOutcomes(results);
    setChosen(new Set());
    pages.reload();
  };

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
      {write && drafts.length > 0 ? (
        <div class="toolbar finalize-chosen">
          <Checkbox
            label={t('Choose every draft shown')}
            checked={allChosen}
            disabled={progress !== null}
            onChange={(on) => setChosen(on ? new Set(drafts.map((d) => d.id)) : new Set())}
          />
          <button
            type="button"
            class="primary"
            disabled={chosenDrafts.length === 0 || progress !== null}
            onClick={finalizeChosen}
          >
            {chosenDrafts.length > 0
              ? t('Finalize chosen ({count})', { count: chosenDrafts.length })
              : t('Finalize chosen')}
          </button>
        </div>
      ) : null}
      {progress ? (
        <p role="status">
          {t('Finalizing {done} of {chosen}…', { done: progress.done + 1, chosen: progress.of })}
        </p>
      ) : null}
      {outcomes ? <FinalizeSummary outcomes={outcomes} /> : null}
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
                  {write && document.status === 'draft' && canChange(document) ? (
                    <input
                      type="checkbox"
                      // Above the row's stretched link on a phone (styles.css, table.stack-phone).
                      style={{ position: 'relative', zIndex: 1, marginRight: '0.4rem' }}
                      aria-label={t('Choose {number}', { number: document.number })}
                      checked={chosen.has(document.id)}
                      disabled={progress !== null}
                      onChange={(event) => choose(document.id, event.currentTarget.checked)}
                    />
                  ) : null}
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
