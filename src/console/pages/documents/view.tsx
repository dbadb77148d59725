import { useState } from 'preact/hooks';
import { ApiError, get, list, post, remove } from '../../api';
import type { Channel, DocumentTypeInfo, FinalizeCheck } from '../../api-types';
import { formatDate, localToday, t } from '../../i18n';
import { loadChannels, usableChannels } from '../../networks';
import { can, canChange, canWrite } from '../../permissions';
import { href, navigate } from '../../router';
import { focusAfterAction, jumpTo } from '../../ui/focus-kept';
import { useAction, useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice, Loading, Said } from '../../ui/notice';
import { NotYours } from '../../ui/write-actions';
import { ComplianceCheck } from './compliance';
import { DeliveryTimeline } from './delivery-timeline';
import { derivedContent } from './derived-content';
import { DONE, deleteQuestion, mayTake, TRANSITIONS, type Transition } from './document-steps';
import { documentTypeInfo } from './document-types';
import { inDays, nextNumber } from './draft-form';
import { FinalizeNoticesList } from './finalize-notices';
import { noticesQuestion } from './finalize-notices-text';
import { FinalizeRefusedFields, finalizeRefusal } from './finalize-refused';
import { FollowUps, liveCorrections, liveInvoices, readFollowUps, useFollowUps } from './follow-ups';
import { LinesTable } from './lines-table';
import { useMailWatch } from './mail-watch';
import { STATUS_LABELS, type StoredDocument, titleOf } from './model';
import { numberPrefix } from './numbering';
import { Deliveries, DocumentPreview, Downloads } from './outputs';
import { PartyBlock } from './party-block';
import { Payments } from './payments';
import { ProfileLanguageNote } from './profile-language';
import { Reminders } from './reminders';
import { SendPanel } from './send';
import { SourceOf } from './source-of';
import { TotalsCard } from './totals-card';

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
      const today = localToday();
      return post<StoredDocument>('/documents', {
        ...derivedContent(data, documentType),
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
          <LinesTable document={document} />
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
