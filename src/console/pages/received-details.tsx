// What a bookkeeper checks on a received invoice before paying it: where it came from, the lines, and where
// the money goes (BG-17 bank account, BT-9 due date, BT-20 terms, BG-19 direct debit), and what the file
// states that the data does not keep.
import { Fragment } from 'preact';
import type { ReceivedDocument, ReceivedLine, ReceivedPayment } from '../api-types';
import { formatDate, formatDecimal, formatMoney, perBase, t } from '../i18n';
import { profileName } from '../networks';
import { href } from '../router';
import { formatRate, unitShort } from './products';
import { isReadingNote, noteLine, type ReadingNote, readingNoteText } from './received-notes';

/** Where a received document came from: an upload, the inbox folder, or an e-mail. */
export type ReceivedSource = Pick<ReceivedDocument, 'source' | 'file_name' | 'email'>;

/** An IBAN in groups of four, as printed on paper. */
const groupedIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** How a received document arrived, in words. */
export const SOURCE_LABELS: Record<string, string> = {
  upload: 'Upload',
  folder: 'Inbox folder',
  email: 'E-mail',
  network: 'Network',
};

export function SourceFacts({ item }: { item: ReceivedSource }) {
  const mail = item.email;
  return (
    <>
      <dt>{t('Source')}</dt>
      <dd>
        {t(SOURCE_LABELS[item.source] ?? item.source)}
        {item.file_name ? ` · ${item.file_name}` : ''}
      </dd>
      {mail ? (
        <>
          <dt>{t('From')}</dt>
          <dd>{mail.from ?? '—'}</dd>
          <dt>{t('Subject')}</dt>
          <dd>{mail.subject ?? '—'}</dd>
          <dt>{t('Sent')}</dt>
          <dd>{formatDate(mail.date) || '—'}</dd>
        </>
      ) : null}
    </>
  );
}

/** The terms as written, less the #SKONTO# lines shown in words above them. */
const withoutSkontoLines = (terms: string | null) =>
  terms
    ?.split(/\r?\n/)
    .filter((line) => !/^#SKONTO#/.test(line.trim()))
    .join('\n')
    .trim() || null;

interface DueProps {
  amountDue: string;
  /** Nothing is paid on it: what the seller owes back (a credit note, a negative invoice); else null. */
  credit: string | null;
  /** Another file of an invoice: the id of the file that counts, which is paid instead; else null. */
  copyOf: string | null;
  currency: string;
}

/** What is due on it in words: an amount, nothing (a credit, and what the seller owes back), or the other file. */
export function AmountDue({ amountDue, credit, copyOf, currency }: DueProps) {
  if (copyOf !== null) return <a href={href('received', copyOf)}>{t('Paid through the file that counts')}</a>;
  // Paid beyond what it asked (not a credit: that is said below): by how much, not a bare negative amount.
  if (credit === null && amountDue.startsWith('-'))
    return <>{t('Overpaid by {amount}', { amount: formatMoney(amountDue.slice(1), currency) })}</>;
  if (credit === null) return <>{formatMoney(amountDue, currency)}</>;
  if (!/[1-9]/.test(credit)) return <>{t('Nothing to pay.')}</>;
  return <>{t('Nothing to pay: the seller owes you {amount}.', { amount: formatMoney(credit, currency) })}</>;
}

export function PaymentCard({ payment, ...due }: DueProps & { payment: ReceivedPayment }) {
  const { credit, currency } = due;
  const bank = payment.bank_account;
  // A credit is no bill: no due date, nothing collected, no Skonto; its account is the seller's, not where to pay.
  const debit = credit === null ? payment.direct_debit : null;
  // A term asks what is still due less its discount; with nothing left to pay it asks nothing (amount null).
  const discounts =
    credit === null && due.copyOf === null
      ? (payment.early_payment_discounts ?? []).filter((term) => term.amount !== null)
      : [];
  return (
    <section class="card">
      <h2>{t('Payment')}</h2>
      <dl class="facts">
        <dt>{t('Amount due')}</dt>
        <dd>
          <AmountDue {...due} />
        </dd>
        {credit === null ? (
          <>
            <dt>{t('Due date')}</dt>
            <dd>{formatDate(payment.due_date) || '—'}</dd>
          </>
        ) : null}
        {bank?.iban ? (
          <>
            <dt>{credit === null ? t('IBAN') : t('Seller’s account (IBAN)')}</dt>
            <dd class="mono">{groupedIban(bank.iban)}</dd>
          </>
        ) : null}
        {bank?.bic ? (
          <>
            <dt>{t('BIC')}</dt>
            <dd class="mono">{bank.bic}</dd>
          </>
        ) : null}
        {bank?.account_name ? (
          <>
            <dt>{t('Account holder')}</dt>
            <dd>{bank.account_name}</dd>
          </>
        ) : null}
        {bank?.bank_name ? (
          <>
            <dt>{t('Bank')}</dt>
            <dd>{bank.bank_name}</dd>
          </>
        ) : null}
        {payment.reference ? (
          <>
            <dt>{t('Payment reference')}</dt>
            <dd class="mono">{payment.reference}</dd>
          </>
        ) : null}
        {debit ? (
          <>
            <dt>{t('Direct debit')}</dt>
            <dd>
              {t('Collected by the seller (mandate {mandate}): do not transfer it.', {
                mandate: debit.mandate_reference,
              })}
            </dd>
          </>
        ) : null}
        {!bank && !debit && credit === null ? (
          <>
            <dt>{t('Bank account')}</dt>
            <dd>{t('The invoice names no account.')}</dd>
          </>
        ) : null}
        {discounts.map((term) => (
          <Fragment key={`${term.days}-${term.percent}`}>
            <dt>{t('Early payment discount {percent} %', { percent: formatDecimal(term.percent) })}</dt>
            <dd>
              {term.pay_by
                ? t('Pay {amount} by {date}', {
                    amount: formatMoney(term.amount ?? '', currency),
                    date: formatDate(term.pay_by),
                  })
                : t('Pay {amount} within {days} days', {
                    amount: formatMoney(term.amount ?? '', currency),
                    days: term.days,
                  })}
            </dd>
          </Fragment>
        ))}
        <dt>{t('Payment terms')}</dt>
        <dd class="pre">{withoutSkontoLines(payment.terms) ?? '—'}</dd>
      </dl>
    </section>
  );
}

/** The file's format: its e-invoice profile by the name people know ("XRechnung (UBL)"), else syntax and id. */
export function formatName(item: Pick<ReceivedDocument, 'syntax' | 'profile' | 'customization_id'>): string {
  const named = item.profile ? profileName(item.profile) : null;
  if (named && named !== item.profile) return named;
  const id = item.profile ?? item.customization_id;
  return id ? `${item.syntax.toUpperCase()} · ${id}` : item.syntax.toUpperCase();
}

export function LinesCard({ lines, currency }: { lines: ReceivedLine[]; currency: string }) {
  return (
    <section class="card">
      <h2>{t('Line items')}</h2>
      {lines.length === 0 ? (
        <p>{t('The invoice has no lines.')}</p>
      ) : (
        <div class="table-scroll">
          <table class="list lines-view">
            <thead>
              <tr>
                <th scope="col">{t('Item')}</th>
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
                  {t('Net amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr key={i}>
                  <td>
                    {line.name}
                    {line.description && line.description !== line.name ? (
                      <div class="hint">{line.description}</div>
                    ) : null}
                  </td>
                  <td class="num" data-label={t('Quantity')}>
                    {formatDecimal(line.quantity)}
                    {line.unit ? ` ${unitShort(line.unit)}` : ''}
                  </td>
                  <td class="num" data-label={t('Unit price')}>
                    {/* One piece beside its name on a phone (styles.css: table.lines-view). */}
                    <div>
                      {line.unit_price === null ? '—' : formatMoney(line.unit_price, currency)}
                      {perBase(line.price_base_quantity, line.unit ? unitShort(line.unit) : line.unit)}
                      {line.gross_unit_price === null ? null : (
                        <div class="hint">
                          {t('List price {price}', { price: formatMoney(line.gross_unit_price, currency) })}
                        </div>
                      )}
                    </div>
                  </td>
                  <td class="num" data-label={t('Tax rate')}>
                    {line.tax_rate === null ? '—' : formatRate(line.tax_rate)}
                  </td>
                  <td class="num" data-label={t('Net amount')}>
                    {line.net_amount === null ? '—' : formatMoney(line.net_amount, currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * What the file states that the data does not keep (the parse answer's warnings), each with its term, in
 * the console's language from its code and params (received-notes.ts).
 */
export function ReadingNotesCard({ warnings: all }: { warnings: ReadingNote[] }) {
  // The inbox's own findings (differing_total) are said at the top of the page, in the console's words.
  const warnings = all.filter(isReadingNote);
  if (warnings.length === 0) return null;
  return (
    <section class="card">
      <h2>{t('Not taken into the data')}</h2>
      <p>{t('The original file keeps these; download it to see them in full.')}</p>
      <ul class="reading-notes">
        {warnings.map((w, i) => (
          <li key={`${i} ${w.term} ${w.path}`} data-code={w.code}>
            <code>{w.term}</code> {noteLine(w) === null ? '' : `${t('Line {n}', { n: noteLine(w) ?? '' })}: `}
            {readingNoteText(w, { unit: unitShort })}
          </li>
        ))}
      </ul>
    </section>
  );
}
