import { useState } from 'preact/hooks';
import { ApiError, get, list, post, remove } from '../../api';
import type { Address, Channel, DocumentTypeInfo, FinalizeCheck, Party } from '../../api-types';
import { DOCUMENT_ACTIONS, type DocumentAction } from '../../document-actions';
import { currentLanguage, formatDate, formatDecimal, formatMoney, localToday, perBase, t } from '../../i18n';
import { loadChannels, usableChannels } from '../../networks';
import { can, canChange, canWrite } from '../../permissions';
import { href, navigate } from '../../router';
import { countryName } from '../../seller-countries';
import { focusAfterAction } from '../../ui/focus-kept';
import { useAction, useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice, Loading, Said } from '../../ui/notice';
import { NotYours } from '../../ui/write-actions';
import { formatRate, unitShort } from '../products';
import { ComplianceCheck } from './compliance';
import { DeliveryTimeline } from './delivery-timeline';
import { documentTypeInfo } from './document-types';
import { inDays, nextNumber } from './draft-form';
import { FinalizeNoticesList } from './finalize-notices';
import { noticesQuestion } from './finalize-notices-text';
import { FinalizeRefusedFields, finalizeRefusal } from './finalize-refused';
import { FollowUps, liveCorrections, liveInvoices, readFollowUps, useFollowUps } from './follow-ups';
import { useMailWatch } from './mail-watch';
import { STATUS_LABELS, type StoredDocument, titleOf } from './model';
import { numberPrefix } from './numbering';
import { Deliveries, DocumentPreview, Downloads } from './outputs';
import { Payments } from './payments';
import { ProfileLanguageNote } from './profile-language';
import { Reminders } from './reminders';
import { SendPanel } from './send';
import { TotalsCard } from './totals-card';

export interface Transition {
  action: DocumentAction;
  label: string;
  from: readonly string[];
  danger?: boolean;
}

/**
 * Marking paid or unpaid keeps the books (an accountant's too, and a member's for what they made); the
 * other steps change the document: its creator's, or an owner's or admin's (docs/roles.md "Own resources").
 */
const mayTake = (action: DocumentAction, document: StoredDocument) =>
  action === 'mark-paid' || action === 'mark-unpaid'
    ? can('books:keep') || canChange(document)
    : canChange(document);

/** How each action's button reads; which actions exist and from where is the service's (generated). */
const BUTTONS: Record<DocumentAction, { label: string; danger?: boolean }> = {
  finalize: { label: 'Finalize' },
  'mark-sent': { label: 'Mark sent' },
  'mark-paid': { label: 'Mark paid' },
  'mark-unpaid': { label: 'Mark unpaid' },
  void: { label: 'Void', danger: true },
  archive: { label: 'Archive' },
  restore: { label: 'Restore' },
};

/** What is said once a step is taken: what the document now is ("Finalized."), not "Finalize: done.". */
const DONE: Record<DocumentAction, () => string> = {
  finalize: () => t('Finalized.'),
  'mark-sent': () => t('Marked as sent.'),
  'mark-paid': () => t('Marked as paid.'),
  'mark-unpaid': () => t('Marked as unpaid.'),
  void: () => t('Voided.'),
  archive: () => t('Archived.'),
  restore: () => t('Restored.'),
};

// Which buttons a status offers (SPEC 3, stored document: ../../document-actions.ts, generated from the
// service's declaration), narrowed to the actions the document's type has (GET /reference/document-types);
// the API still decides, and a 409 is shown as it comes.
export const TRANSITIONS: Transition[] = (Object.keys(DOCUMENT_ACTIONS) as DocumentAction[]).map(
  (action) => ({
    action,
    from: DOCUMENT_ACTIONS[action],
    ...BUTTONS[action],
  }),
);

/**
 * What a correction corrects (a credit note, a corrected invoice: the invoice's number and date, as its
 * PDF and e-invoice state them) and why; the quote or order another document was made from.
 */
function SourceOf({ document }: { document: StoredDocument }) {
  const sourceId = document.source_document_id;
  const source = useLoad(
    () =>
      sourceId
        ? get<StoredDocument>(`/documents/${encodeURIComponent(sourceId)}`).catch(() => null)
        : Promise.resolve(null),
    [sourceId],
  );
  const found = source.data;
  // A credit note corrects its invoice; a corrected invoice (384) the invoice it names (a quote it was made
  // from is no invoice it corrects, and its e-invoice names none: BG-3 only from an invoice).
  const corrects =
    document.document_type === 'credit_note' ||
    (document.data.type_code === '384' && found?.document_type === 'invoice');
  if (!sourceId && !document.reason) return null;
  return (
    <>
      <p>
        {sourceId ? (
          <>
            {t(corrects ? 'Corrects' : 'Made from')}:{' '}
            {found ? (
              <a href={href('documents', found.id)}>
                {found.number} ({formatDate(found.issue_date)})
              </a>
            ) : source.loading ? (
              '…'
            ) : (
              t('(deleted)')
            )}
            <br />
          </>
        ) : null}
        {document.reason ? `${t('Reason')}: ${document.reason}` : null}
      </p>
      {/* A corrected invoice replaces the one it names: that one still asks for its money (and is booked)
          until it is cancelled. */}
      {document.data.type_code === '384' &&
      corrects &&
      document.status !== 'draft' &&
      document.voided_at === null &&
      found &&
      found.voided_at === null &&
      (found.status === 'finalized' || found.status === 'sent') ? (
        <p class="hint overdue">
          {t('Invoice {number} is still open: void it if this invoice replaces it.', {
            number: found.number,
          })}
        </p>
      ) : null}
    </>
  );
}

export function DocumentView({ id }: { id: string }) {
  const loaded = useLoad(() => get<StoredDocument>(`/documents/${encodeURIComponent(id)}`), [id]);
  const types = useLoad(() => documentTypeInfo().catch(() => [] as DocumentTypeInfo[]), []);
  const action = useAction();
  // What the last action did, and how many were done (the same words said again are read out again).
  const [done, setDone] = useState<{ text: string; round: number } | null>(null);
  const [template, setTemplate] = useState('tpl_modern');
  // Every channel, for the names in the delivery timeline; the send card offers the usable ones.
  const channels = useLoad(() => loadChannels().catch(() => [] as Channel[]), []);
  const [sentRound, setSentRound] = useState(0);
  // The e-mails read again once the last one sent from here went out (with the document: marked sent).
  const [mailedRound, setMailedRound] = useState(0);
  useMailWatch(id, sentRound, () => {
    setMailedRound((n) => n + 1);
    loaded.reload();
  });
  // Called before the early returns below (a hook each render): the invoices made from a quote, the
  // corrections of an invoice.
  const followUps = useFollowUps(loaded.data);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  const document = loaded.data;
  if (!document) return <Loading />;
  const data = document.data;
  const path = `/documents/${document.id}` as const;
  // Copying the document (a new one of the caller's): hidden from a role that can never write (an
  // accountant). Changing it (edit, delete, the lifecycle steps, sending): its creator's, or an owner's or
  // admin's; a member sees why on someone else's.
  const write = canWrite();
  const mine = canChange(document);
  // A quote's date is its validity: its PDF prints valid_until, else due_date, as "Gültig bis".
  const quote = document.document_type === 'quote';
  const validUntil = data.valid_until ?? (quote ? document.due_date : null);
  const due = quote ? null : document.due_date;
  const issued = ['finalized', 'sent', 'paid'].includes(document.status);
  // Where the side column goes under the document (a phone, a tablet), the next step's card is screens
  // down: shortcuts at the top bring it (hidden where the column is beside the document: styles.css).
  const sendable = mine && issued && channels.data !== undefined;
  const payable =
    ['invoice', 'proforma'].includes(document.document_type) &&
    (document.status === 'finalized' || document.status === 'sent') &&
    (can('books:keep') || canChange(document)) &&
    /[1-9]/.test(document.amount_due ?? '') &&
    !(document.amount_due ?? '').startsWith('-');
  // Overdue (the Reminders card offers the next letter): said under the heading, its letter a shortcut too.
  const overdue =
    (document.status === 'finalized' || document.status === 'sent') && (document.days_overdue ?? 0) > 0;
  const remindable = overdue && mine && document.document_type === 'invoice';
  // Finalize refused for the draft's fields (a deducted Abschlag voided meanwhile): each said in words.
  const refusedFields = finalizeRefusal(action.error);

  const transition = async (step: Transition) => {
    if (
      step.danger &&
      !confirm(
        t('{action} {number}? This cannot be undone.', { action: t(step.label), number: document.number }),
      )
    )
      return;
    const changed = await action.run(async () => {
      // The check finalize runs, asked first: what the buyer's e-invoice would reject is shown field by
      // field, and the document stays an editable draft.
      if (step.action === 'finalize') {
        const found = await post<FinalizeCheck>(`${path}/finalize-check`);
        if (found.violations.length > 0)
          throw new ApiError(422, 'compliance_failed', '', [], { violations: found.violations });
        // What VAT law asks every invoice to state and this one lacks (finalize-notices.tsx): asked, never
        // refused, as the service never refuses it either.
        const lacking = noticesQuestion(found.notices ?? [], data.seller?.address?.country);
        if (lacking && !confirm(lacking)) return undefined;
        // A buyer who takes e-invoices over Peppol but cannot be reached there: said before finalizing
        // (the invoice may still be finalized and e-mailed).
        const network = await get<{ warnings: string[] }>(`${path}/network-check`).catch(() => ({
          warnings: [] as string[],
        }));
        if (
          network.warnings.length > 0 &&
          !confirm(
            `${t('The buyer may not be reachable over Peppol.')}\n\n${network.warnings.join('\n')}\n\n${t('Finalize anyway?')}`,
          )
        )
          return undefined;
      }
      return post<StoredDocument>(`${path}/${step.action}`);
    });
    if (changed) {
      setDone((last) => ({ text: DONE[step.action](), round: (last?.round ?? 0) + 1 }));
      loaded.reload();
      // Its button goes with the step done (Finalize, once final): the focus goes to what was said.
      focusAfterAction(() => window.document.getElementById('document-done'));
    }
  };
  const duplicate = async () => {
    const copy = await action.run(() => post<StoredDocument>(`${path}/duplicate`));
    if (copy) navigate('documents', copy.id, 'edit');
  };
  // A quote's invoice, or an invoice's correction (a credit note naming it, BT-25): a new draft with the
  // same parties, lines and references, opened for editing.
  const derive = async (documentType: 'invoice' | 'credit_note') => {
    // What was made from it, read now: the list below the dates may still be loading, or a colleague made
    // one since the page was drawn. Unreadable, the list on screen decides.
    const madeFrom = await readFollowUps(document.id).catch(() => followUps.data ?? []);
    // A quote already invoiced: a second invoice only when asked for (a down payment and a final invoice
    // are two), not by a second click.
    const invoiced = documentType === 'invoice' ? liveInvoices(madeFrom) : [];
    // An invoice corrected already (a partial Rechnungskorrektur, then a Storno): the new one copies every
    // line again, which would credit more than the invoice asks unless it is cut down.
    const corrected = documentType === 'credit_note' ? liveCorrections(madeFrom) : [];
    if (
      corrected.length > 0 &&
      !confirm(
        t(
          'Invoice {number} was already corrected with {numbers}. The new correction starts with all of its lines again. Create it anyway?',
          { number: document.number, numbers: corrected.map((made) => made.number).join(', ') },
        ),
      )
    )
      return;
    if (
      invoiced.length > 0 &&
      !confirm(
        invoiced.length === 1
          ? t('Invoice {number} was already made from this quote. Create another invoice?', {
              number: invoiced[0]?.number ?? '',
            })
          : t('Invoices {numbers} were already made from this quote. Create another invoice?', {
              numbers: invoiced.map((made) => made.number).join(', '),
            }),
      )
    )
      return;
    const made = await action.run(async () => {
      const [latest, prefix] = await Promise.all([
        list<StoredDocument>('/documents', { limit: 1, document_type: documentType }),
        numberPrefix(documentType),
      ]);
      const {
        invoice_number: _number,
        issue_date: _issued,
        due_date: _due,
        valid_until: _valid,
        seller: _seller,
        buyer: _buyer,
        reason: _reason,
        ...content
      } = data;
      // A correction is a credit note: it takes no invoice kind (381 only), and the invoice it names is the
      // one corrected (its source), not that invoice's own predecessors, nor the Abschläge a final invoice
      // deducts (the service refuses deductions it did not derive).
      const {
        type_code: _kind,
        preceding_invoice: _preceding,
        preceding_invoices: _precedings,
        deductions: _deductions,
        ...corrected
      } = content as typeof content & { preceding_invoices?: unknown; deductions?: unknown };
      const today = localToday();
      return post<StoredDocument>('/documents', {
        ...(documentType === 'credit_note' ? corrected : content),
        document_type: documentType,
        number: nextNumber(latest.data[0]?.number, prefix),
        issue_date: today,
        ...(documentType === 'invoice' ? { due_date: inDays(14, today) } : {}),
        business_profile_id: document.business_profile_id,
        customer_id: document.customer_id,
        source_document_id: document.id,
      });
    });
    if (made) navigate('documents', made.id, 'edit');
  };
  const destroy = async () => {
    if (!confirm(await deleteQuestion(document))) return;
    const gone = await action.run(() => remove(path));
    if (gone !== undefined) navigate('documents');
  };

  return (
    <section class="document">
      <div class="page-head">
        <h1>
          {t(titleOf(document))} {document.number}{' '}
          <Badge tone={document.status}>{t(STATUS_LABELS[document.status] ?? document.status)}</Badge>
        </h1>
        <a href={href('documents')}>{t('Back to the list')}</a>
      </div>
      {overdue ? (
        <p class="hint overdue">
          {document.days_overdue === 1
            ? t('1 day overdue')
            : t('{days} days overdue', { days: document.days_overdue ?? 0 })}
        </p>
      ) : null}
      {document.status === 'draft' &&
      (document.document_type === 'invoice' || document.document_type === 'credit_note') ? (
        <FinalizeNoticesList
          sellerCountry={data.seller?.address?.country}
          ids={{
            documentId: document.id,
            businessProfileId: document.business_profile_id,
            customerId: document.customer_id,
          }}
          version={document.updated_at}
        />
      ) : null}
      <div class="toolbar" role="toolbar" aria-label={t('Document actions')}>
        {sendable ? (
          <button
            type="button"
            class={document.status === 'finalized' && !remindable ? 'jump primary' : 'jump'}
            aria-label={t('{action} (to the form below)', { action: t('Send') })}
            onClick={() => jumpTo('send-heading')}
          >
            {t('Send')}
          </button>
        ) : null}
        {payable ? (
          <button
            type="button"
            class={document.status === 'sent' && !remindable ? 'jump primary' : 'jump'}
            aria-label={t('{action} (to the form below)', { action: t('Record payment') })}
            onClick={() => jumpTo('payments-heading')}
          >
            {t('Record payment')}
          </button>
        ) : null}
        {remindable ? (
          <button
            type="button"
            class="jump primary"
            aria-label={t('{action} (to the form below)', { action: t('Send reminder') })}
            onClick={() => jumpTo('reminders-heading')}
          >
            {t('Send reminder')}
          </button>
        ) : null}
        {document.status === 'draft' && mine ? (
          <button type="button" onClick={() => navigate('documents', document.id, 'edit')}>
            {t('Edit')}
          </button>
        ) : null}
        {TRANSITIONS.filter(
          (step) =>
            step.from.includes(document.status) &&
            mayTake(step.action, document) &&
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
        {write && document.document_type === 'quote' && document.status !== 'void' ? (
          <button type="button" disabled={action.busy} onClick={() => derive('invoice')}>
            {t('Create invoice')}
          </button>
        ) : null}
        {write &&
        document.document_type === 'invoice' &&
        ['finalized', 'sent', 'paid'].includes(document.status) ? (
          <button type="button" disabled={action.busy} onClick={() => derive('credit_note')}>
            {t('Correct this invoice')}
          </button>
        ) : null}
        {write ? (
          <button type="button" disabled={action.busy} onClick={duplicate}>
            {t('Duplicate')}
          </button>
        ) : null}
        {mine && document.status === 'draft' ? (
          <button type="button" class="danger" disabled={action.busy} onClick={destroy}>
            {t('Delete')}
          </button>
        ) : null}
      </div>
      {write && !mine ? <NotYours /> : null}
      {mine && document.status === 'draft' ? (
        <ProfileLanguageNote profileId={document.business_profile_id} documentLocale={document.locale} />
      ) : null}
      <ErrorNotice error={action.error}>
        {refusedFields ? <FinalizeRefusedFields error={refusedFields} document={document} /> : null}
      </ErrorNotice>
      {mine &&
      action.error instanceof ApiError &&
      (action.error.code === 'compliance_failed' || refusedFields) ? (
        <p>
          <a href={href('documents', document.id, 'edit')}>{t('Edit the draft to fix these fields')}</a>
        </p>
      ) : null}
      <Said id="document-done" text={done?.text ?? null} round={done?.round} />

      <div class="document-grid">
        <div>
          <div class="parties">
            <div class="card">
              <h2>{t('From')}</h2>
              <PartyBlock party={data.seller} />
            </div>
            <div class="card">
              <h2>{t('To')}</h2>
              <PartyBlock party={data.buyer} recipient />
            </div>
            <div class="card">
              <h2>{t('Dates')}</h2>
              <p>
                {/* "Rechnungsdatum" only on an invoice: a quote's or a credit note's is its date. */}
                {t(document.document_type === 'invoice' ? 'Issue date' : 'Date')}:{' '}
                {formatDate(document.issue_date)}
                {due ? <br /> : null}
                {due ? `${t('Due date')}: ${formatDate(due)}` : null}
                {/* A quote's "Gültig bis", as its PDF says it (its valid-until, else its due date). */}
                {validUntil ? <br /> : null}
                {validUntil ? `${t('Valid until')}: ${formatDate(validUntil)}` : null}
                {/* § 14 UStG's date of supply, and the references an authority's invoice is routed by. */}
                {data.delivery_date ? <br /> : null}
                {data.delivery_date ? `${t('Delivery date')}: ${formatDate(data.delivery_date)}` : null}
                {data.buyer_reference ? <br /> : null}
                {data.buyer_reference
                  ? `${t('Leitweg-ID or buyer reference')}: ${data.buyer_reference}`
                  : null}
                {data.order_reference ? <br /> : null}
                {data.order_reference ? `${t('Order reference')}: ${data.order_reference}` : null}
              </p>
              <SourceOf document={document} />
              <FollowUps followUps={followUps.data ?? []} />
            </div>
          </div>
          {/* Narrow windows scroll the table, not the page (as the documents list does). */}
          <div class="table-scroll">
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
                  <th scope="col" class="num">
                    {t('Amount')}
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
                    <td class="num" data-label={t('Quantity')}>
                      {formatDecimal(line.quantity)} {line.unit ?? unitShort(line.unit_code)}
                    </td>
                    <td
                      class="num"
                      data-label={t('Unit price')}
                      data-empty={line.unit_price ? undefined : ''}
                    >
                      {line.unit_price ? formatMoney(line.unit_price, document.currency) : ''}
                      {line.unit_price
                        ? perBase(line.price_base_quantity, line.unit ?? unitShort(line.unit_code))
                        : ''}
                    </td>
                    <td
                      class="num"
                      data-label={t('Tax rate')}
                      data-empty={(line.taxes ?? []).length > 0 ? undefined : ''}
                    >
                      {(line.taxes ?? []).map((tax) => formatRate(tax.rate)).join(', ')}
                    </td>
                    <td
                      class="num"
                      data-label={t('Amount')}
                      data-empty={
                        document.line_amounts[index] && document.document_type !== 'delivery_note'
                          ? undefined
                          : ''
                      }
                    >
                      {document.line_amounts[index] && document.document_type !== 'delivery_note'
                        ? formatMoney(document.line_amounts[index].amount, document.currency)
                        : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.notes ? <p class="notes">{data.notes}</p> : null}
          <Downloads document={document} template={template} />
          <ComplianceCheck document={document} />
        </div>
        <aside>
          <TotalsCard document={document} />
          {['invoice', 'proforma'].includes(document.document_type) &&
          ['finalized', 'sent', 'paid'].includes(document.status) ? (
            <Payments
              document={document}
              onChange={() => {
                // "Abgeschlossen." no longer says what was last done here.
                setDone(null);
                loaded.reload();
              }}
            />
          ) : null}
          {document.document_type === 'invoice' ? (
            <Reminders document={document} onSent={loaded.reload} />
          ) : null}
          <Deliveries document={document} round={sentRound + mailedRound} />
          <DeliveryTimeline
            documentId={document.id}
            channels={channels.data ?? []}
            round={sentRound}
            onMoved={loaded.reload}
          />
          {mine && ['finalized', 'sent', 'paid'].includes(document.status) && channels.data ? (
            <SendPanel
              document={document}
              channels={usableChannels(channels.data)}
              onSent={() => {
                setDone(null);
                setSentRound((n) => n + 1);
                loaded.reload();
              }}
            />
          ) : null}
          <DocumentPreview document={document} template={template} onTemplate={setTemplate} />
        </aside>
      </div>
    </section>
  );
}

/**
 * Brings a card of the side column on screen (under the document on a narrow screen), its heading focused so
 * a screen reader says where the person now is.
 */
function jumpTo(headingId: string) {
  const heading = window.document.getElementById(headingId);
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  (heading.closest('section') ?? heading).scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

const CITY_STATE_POSTAL = new Set(['US', 'CA', 'AU']);
const POSTAL_ON_OWN_LINE = new Set(['GB', 'IE']);

/**
 * The town and postcode in the order the country writes them, as the PDF prints them
 * (src/rendering/view/parties.ts): "Dublin" over "D02 XY45" in Ireland and Britain, "Austin, TX 78701" in
 * the US, "10115 Berlin" elsewhere.
 */
export function placeLines(address: Partial<Address>): string[] {
  const { city, state, postal_code: postal, country } = address;
  const present = (value: string | null | undefined): value is string => !!value?.trim();
  if (country && CITY_STATE_POSTAL.has(country))
    return [[city, [state, postal].filter(present).join(' ')].filter(present).join(', ')];
  if (country && POSTAL_ON_OWN_LINE.has(country)) return [city, state, postal].filter(present);
  return [[postal, city].filter(present).join(' '), state].filter(present);
}

/** A party as the document states it; the buyer's contact person addressed ("z. Hd."), the seller's named. */
export function PartyBlock({ party, recipient = false }: { party?: Party; recipient?: boolean }) {
  if (!party) return null;
  const address: Partial<Address> = party.address ?? {};
  return (
    <p>
      <strong>{party.name}</strong>
      {[
        party.contact_name
          ? t(recipient ? 'Attn. {name}' : 'Contact: {name}', { name: party.contact_name })
          : null,
        address.line1,
        address.line2,
        address.line3,
        ...placeLines(address),
        // "Deutschland", not "DE": the country by its name in the console's language.
        address.country ? countryName(address.country, currentLanguage()) : null,
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

/**
 * The delete confirmation: for a draft numbered from a sequence, whether its number goes back to the
 * sequence or stays missing as a recorded gap (docs/documents.md "Numbers"). Without that answer, the plain
 * question.
 */
async function deleteQuestion(document: StoredDocument): Promise<string> {
  const question = t('Delete the draft {number}?', { number: document.number });
  if (!document.numbering_sequence_id) return question;
  const outcome = await get<{ on_delete: string }>(
    `/numbering-sequences/${document.numbering_sequence_id}/release`,
    { number: document.number, issue_date: document.issue_date },
  ).then(
    (answer) => answer.on_delete,
    () => null,
  );
  const notes: Record<string, string> = {
    given_back: t('The number {number} goes back to its numbering sequence: the next document gets it.', {
      number: document.number,
    }),
    gap: t(
      'A later number has been issued since: {number} will be missing from the sequence, and the gap is recorded (number, who deleted it, when) for the tax audit.',
      { number: document.number },
    ),
    given_back_if_last_of_year: t(
      'The number {number} goes back if it is the highest of its year; otherwise the gap is recorded for the tax audit.',
      { number: document.number },
    ),
  };
  const note = outcome === null ? undefined : notes[outcome];
  return note ? `${question}\n\n${note}` : question;
}
