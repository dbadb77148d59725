import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { blob, get, patch, remove } from '../api';
import type { ReceivedDocument, ReceivedPayment } from '../api-types';
import { formatDate, formatMoney, locale, t } from '../i18n';
import { subtractAmounts } from '../numbers';
import { can, canChange } from '../permissions';
import { href, navigate } from '../router';
import { focusAfterAction } from '../ui/focus-kept';
import { Field } from '../ui/form';
import { saveBlob, useAction, useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../ui/notice';
import { PdfPages } from '../ui/pdf-pages';
import { NotYours, notYours } from '../ui/write-actions';
import { ComplianceReport } from './documents/compliance';
import { PaymentsCard, type SkontoOffer } from './documents/payments';
import { taxLabel } from './documents/totals-card';
import {
  AmountDue,
  formatName,
  LinesCard,
  PaymentCard,
  ReadingNotesCard,
  SourceFacts,
} from './received-details';
import { creditOf, differingFiles, howItDiffers, isCredit, kindOf, signedTotal } from './received-kind';
import { ReceivedList, STATUS_LABELS, ValidBadge } from './received-list';
import { NetworkOrigin, useTransport } from './received-network';
import { ExchangeRateCard } from './received-rate';

export function ReceivedPage({ route }: { route: string[] }) {
  const [id] = route;
  // Keyed: another document's note, PDF or half-written answer never shows under this one.
  return id ? <ReceivedView key={id} id={id} /> : <ReceivedList />;
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
  const credit = isCredit(item);
  // What the service takes (receiving/access.ts): its status, note, rate, payments and answers from whoever
  // keeps the books (an accountant too) or took it in; deleting it only from whoever took it in (or an admin).
  // A file from the inbox, mail intake or an account-level key was taken in by nobody: a member only reads it.
  const mayKeep = can('books:keep') || canChange(item);
  const mayDelete = canChange(item);

  const setStatus = async (status: string, event: Event) => {
    const used = event.currentTarget as HTMLButtonElement;
    const toolbar = used.closest('[role=toolbar]');
    if (await action.run(() => patch(path, { status }))) {
      loaded.reload();
      // Its button stays disabled for the status it now has: the focus goes to the next control of the
      // toolbar (the one before it when it was the last).
      focusAfterAction(() => {
        const buttons = [...(toolbar?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
        const at = buttons.indexOf(used);
        const usable = (button: HTMLButtonElement) => !button.disabled;
        return buttons.slice(at + 1).find(usable) ?? buttons.slice(0, Math.max(at, 0)).reverse().find(usable);
      });
    }
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
          {t('{kind} {number} from {seller}', {
            kind: t(kindOf(item)),
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
            'Another file of an invoice received already (same seller, number, date and amounts): record its payment on the file that counts.',
          )}{' '}
          <a href={href('received', item.duplicate_of)}>{t('Open the file that counts')}</a>
        </Notice>
      ) : null}
      <DifferingFiles item={item} />
      <div class="toolbar" role="toolbar" aria-label={t('Received document actions')}>
        {networked || !mayKeep ? null : (
          <>
            <button
              type="button"
              class="primary"
              disabled={action.busy || item.status === 'approved'}
              onClick={(event) => setStatus('approved', event)}
            >
              {t('Approve')}
            </button>
            <button
              type="button"
              disabled={action.busy || item.status === 'rejected'}
              onClick={(event) => setStatus('rejected', event)}
            >
              {t('Reject')}
            </button>
            {/* Nothing is paid on a credit, nor on another file of an invoice (its file that counts is). */}
            {credit || item.duplicate_of ? null : (
              <button
                type="button"
                disabled={action.busy || item.status === 'paid'}
                onClick={(event) => setStatus('paid', event)}
              >
                {t('Mark paid')}
              </button>
            )}
          </>
        )}
        <button type="button" disabled={action.busy} onClick={original}>
          {t('Download original')}
        </button>
        {/* Taking in, approving and paying are the books' (an accountant's too); deleting is not. */}
        {mayDelete ? (
          <button type="button" class="danger" disabled={action.busy} onClick={destroy}>
            {t('Delete')}
          </button>
        ) : null}
      </div>
      {mayKeep ? null : <NotYours />}
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
            {/* The input tax (Vorsteuer) per rate, with its base: what the books take from the invoice. */}
            {item.tax_breakdown.map((group) => {
              // A credit note's signed as its total is: input tax it takes back.
              const signed = (amount: string) =>
                signedTotal({ document_type: item.document_type, total: amount });
              return (
                <Fragment key={`${group.category}-${group.rate}`}>
                  <dt>
                    {taxLabel({ ...group, taxable_amount: signed(group.taxable_amount) }, item.currency)}
                  </dt>
                  <dd>{formatMoney(signed(group.tax_amount), item.currency)}</dd>
                </Fragment>
              );
            })}
            <dt>{t('Total')}</dt>
            <dd>{formatMoney(signedTotal(item), item.currency)}</dd>
            <dt>{t('Amount due')}</dt>
            <dd>
              <AmountDue
                amountDue={item.amount_due}
                credit={credit ? creditOf(item) : null}
                copyOf={item.duplicate_of}
                currency={item.currency}
              />
            </dd>
            <dt>{t('Format')}</dt>
            <dd>{formatName(item)}</dd>
            <dt>{t('Validity')}</dt>
            <dd>
              <ValidBadge valid={item.valid} />
            </dd>
            <SourceFacts item={item} />
          </dl>
          <ExchangeRateCard item={item} mayChange={mayKeep} onChange={loaded.reload} />
          {networked ? (
            <NetworkOrigin
              transport={networked}
              credit={credit}
              locked={mayKeep ? undefined : notYours()}
              onAnswered={() => {
                transport.reload();
                loaded.reload();
              }}
            />
          ) : (
            <ErrorNotice error={transport.error} />
          )}
          <PaymentCard
            payment={item.payment}
            amountDue={item.amount_due}
            credit={credit ? creditOf(item) : null}
            copyOf={item.duplicate_of}
            currency={item.currency}
          />
          {/* Payments only where they may be recorded (a credit's or another file's recorded ones still shown). */}
          {(credit || item.duplicate_of) && !/[1-9]/.test(item.amount_paid) ? null : (
            <PaymentsCard
              path={`${path}/payments`}
              deletePath={(paymentId) => `${path}/payments/${encodeURIComponent(paymentId)}`}
              amountPaid={item.amount_paid}
              amountDue={item.amount_due}
              currency={item.currency}
              skonto={receivedSkonto(item.payment, item.amount_due)}
              // The service takes no payment on a rejected invoice (409): the way back is said instead.
              closed={
                item.status === 'rejected'
                  ? t('Rejected: nothing is paid on it. Approve it first to record a payment.')
                  : undefined
              }
              locked={mayKeep ? undefined : notYours()}
              onChange={loaded.reload}
            />
          )}
          <LinesCard lines={item.lines} currency={item.currency} />
          {item.invoice_note ? (
            <section class="card">
              <h2>{t('Notes from the seller')}</h2>
              <p class="pre">{item.invoice_note}</p>
            </section>
          ) : null}
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
            <fieldset class="bare" disabled={!mayKeep}>
              <Field label={t('Note')} multiline value={note ?? item.note ?? ''} onInput={setNote} />
            </fieldset>
            {mayKeep ? (
              <button type="button" disabled={action.busy || note === null} onClick={saveNote}>
                {t('Save note')}
              </button>
            ) : null}
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

/**
 * Each other file of its seller, number and date that states other amounts: not a copy, so both are booked.
 * What differs is said against this file's own figures: the total, only the amount due (another amount
 * prepaid), or both.
 */
function DifferingFiles({ item }: { item: ReceivedDocument }) {
  return (
    <>
      {differingFiles(item).map((other) => {
        const amounts = {
          total: formatMoney(other.total, other.currency),
          due: formatMoney(other.amount_due, other.currency),
        };
        const differs = howItDiffers(item, other);
        return (
          <Notice kind="warn" key={other.id}>
            {differs === 'total'
              ? t(
                  'Another file with the same number and date states a different total ({total}): both are booked. Check which is right and reject the wrong one.',
                  amounts,
                )
              : differs === 'amount_due'
                ? t(
                    'Another file with the same number and date states the same total but a different amount due ({due}): both are booked. Check which is right and reject the wrong one.',
                    amounts,
                  )
                : t(
                    'Another file with the same number and date states a different total and amount due ({total}, amount due {due}): both are booked. Check which is right and reject the wrong one.',
                    amounts,
                  )}{' '}
            <a href={href('received', other.id)}>{t('Open the other file')}</a>
          </Notice>
        );
      })}
    </>
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
