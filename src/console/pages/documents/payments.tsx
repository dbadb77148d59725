// "Record payment" on an invoice, issued or received: the payments so far (a partial one listed with the rest,
// each deletable) and a form for the next (date, amount, method, reference). The API moves the status when they
// settle it.
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiError, list, post, remove } from '../../api';
import type { Payment as IssuedPayment, ReceivedDocumentPayment } from '../../api-types';
import { currentLanguage, formatDate, formatDecimal, formatMoney, localToday, t } from '../../i18n';
import { percentOfAmount, readDecimal, subtractAmounts, writeDecimal } from '../../numbers';
import { can, canChange } from '../../permissions';
import { focusAfterAction } from '../../ui/focus-kept';
import { Checkbox, Field, Select } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Said } from '../../ui/notice';
import { notYours } from '../../ui/write-actions';
import type { StoredDocument } from './model';

/** A payment recorded against an issued invoice or a received one. */
type Payment = IssuedPayment | ReceivedDocumentPayment;

const METHODS = [
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'card', label: 'Card' },
  { value: 'cash', label: 'Cash' },
  { value: 'direct_debit', label: 'Direct debit' },
  { value: 'other', label: 'Other' },
];
/** The entry a payment's Skonto makes (never chosen as a method: the discount box below makes it). */
const LABELS = [...METHODS, { value: 'early_payment_discount', label: 'Early payment discount' }];
const methodLabel = (code: string | null) => LABELS.find((m) => m.value === code)?.label ?? '';

/**
 * German input "1.234,50", "1.250" or "50,5" as the API's "1234.50" / "1250" / "50.5"; English "1,234.50"
 * as "1234.50" (numbers.ts); what cannot be read goes as typed, and the API names the field.
 */
export function decimalInput(text: string): string {
  return readDecimal(text, currentLanguage()) ?? text.trim();
}

const today = () => localToday();

/** A Skonto the payer may take: the discount, and what the payment then is, for the payment form. */
export interface SkontoOffer {
  percent: string;
  payBy: string | null;
  discount: string;
  amount: string;
}

/** The first Skonto term of an issued invoice's payment terms, against what is still due. */
export function skontoOf(document: StoredDocument): SkontoOffer | null {
  const term = document.data.payment?.early_payment_discounts?.[0];
  if (!term || !document.amount_due || document.amount_due.startsWith('-')) return null;
  const split = percentOfAmount(term.base_amount ?? document.amount_due, term.percent);
  if (!split || /^0+(\.0+)?$/.test(split.part)) return null;
  const amount = subtractAmounts(document.amount_due, split.part);
  return amount === null
    ? null
    : { percent: term.percent, payBy: payBy(document.issue_date, term.days), discount: split.part, amount };
}

const payBy = (issued: string | null | undefined, days: number) =>
  issued ? new Date(Date.parse(`${issued}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10) : null;

export function Payments({ document, onChange }: { document: StoredDocument; onChange: () => void }) {
  return (
    <PaymentsCard
      path={`/documents/${document.id}/payments`}
      deletePath={(id) => `/payments/${id}`}
      amountPaid={document.amount_paid}
      amountDue={document.amount_due}
      amountCredited={document.amount_credited}
      currency={document.currency}
      skonto={skontoOf(document)}
      locked={can('books:keep') || canChange(document) ? undefined : notYours()}
      // DELETE /payments/{id} asks the payment's own creator, not the invoice's (payments/access.ts); the
      // rows of /documents/{id}/payments are issued payments, which answer created_by when a member made them.
      mayDelete={(payment) => can('books:keep') || canChange(payment as IssuedPayment)}
      onChange={onChange}
    />
  );
}

/** Payments of an issued (`/documents/{id}/payments`) or received (`/received-documents/{id}/payments`) one. */
export function PaymentsCard({
  path,
  deletePath,
  amountPaid,
  amountDue,
  amountCredited,
  currency,
  skonto,
  closed,
  locked,
  mayDelete,
  onChange,
}: {
  path: `/documents/${string}/payments` | `/received-documents/${string}/payments`;
  deletePath: (id: string) => `/payments/${string}` | `/received-documents/${string}/payments/${string}`;
  amountPaid: string | undefined;
  amountDue: string | undefined;
  /** Set against it by credit notes (issued invoices only). */
  amountCredited?: string;
  currency: string;
  /** The payer's Skonto, when the terms offer one: the form can record the payment with it. */
  skonto?: SkontoOffer | null;
  /** Why no payment may be recorded now (a rejected received invoice): said instead of the form. */
  closed?: string;
  /** Why the caller may neither record nor delete payments here (someone else's invoice): said instead. */
  locked?: string;
  /** Whether the caller may delete this payment; omitted: whoever is not `locked` out may. */
  mayDelete?: (payment: Payment) => boolean;
  onChange: () => void;
}) {
  const deletable = mayDelete ?? (() => !locked);
  const payments = useLoad(() => list<Payment>(path).then((page) => page.data), [path, amountPaid]);
  const due = amountDue ?? '';
  const [date, setDate] = useState(today());
  const owed = (value: string) =>
    value.startsWith('-') || /^0*(\.0*)?$/.test(value) ? '' : writeDecimal(value, currentLanguage());
  const [amount, setAmount] = useState(owed(due));
  // Nothing left to pay (paid in full, settled by credit notes, overpaid): the card says so instead of a form
  // with an empty amount and a greyed button. A payment beyond what was due (a customer who paid twice) is
  // still recorded when asked for: the API keeps it, and the card says what was overpaid.
  const nothingDue = amountDue !== undefined && owed(due) === '';
  const [further, setFurther] = useState(false);
  // Once a payment is recorded or deleted, the amount offered is what is now still due (not the amount
  // just recorded, which a second tap would record again).
  const shownDue = useRef(due);
  useEffect(() => {
    if (shownDue.current === due) return;
    shownDue.current = due;
    setAmount(owed(due));
    setFurther(false);
  }, [due]);
  const [method, setMethod] = useState('bank_transfer');
  const [reference, setReference] = useState('');
  // How many payments this form recorded (each said again in its live region).
  const [recorded, setRecorded] = useState(0);
  const [withSkonto, setWithSkonto] = useState(false);
  const action = useAction();
  const card = useRef<HTMLElement>(null);
  const takeSkonto = (take: boolean) => {
    setWithSkonto(take);
    if (!skonto) return;
    setAmount(writeDecimal(take ? skonto.amount : due, currentLanguage()));
  };
  const record = async (event: Event) => {
    event.preventDefault();
    const body = {
      date,
      amount: decimalInput(amount),
      method,
      ...(reference ? { reference } : {}),
      ...(withSkonto && skonto ? { discount: skonto.discount } : {}),
    };
    const done = await action.run(() => post(path, body));
    if (done) {
      setRecorded((n) => n + 1);
      setWithSkonto(false);
      // Nothing left due: the form goes, and the focus goes to what was said.
      focusAfterAction(() => card.current?.querySelector<HTMLElement>('.said'));
      setReference('');
      payments.reload();
      onChange();
    }
  };
  const drop = async (payment: Payment) => {
    const label = `${formatDate(payment.date)} ${formatMoney(payment.amount, payment.currency)}`;
    if (!confirm(t('Delete the payment of {payment}?', { payment: label }))) return;
    const gone = await action.run(() => remove(deletePath(payment.id)));
    if (gone !== undefined) {
      payments.reload();
      onChange();
    }
  };
  const rows = payments.data ?? [];
  const settled = /[1-9]/.test(amountPaid ?? '')
    ? t('Paid in full: nothing is left to pay.')
    : /[1-9]/.test(amountCredited ?? '')
      ? t('Settled by credit notes: nothing is left to pay.')
      : t('Nothing is due on this invoice.');
  return (
    <section class="card" aria-labelledby="payments-heading" ref={card}>
      <h2 id="payments-heading">{t('Payments')}</h2>
      {amountPaid !== undefined ? (
        <dl>
          <div class="total-row">
            <dt>{t('Paid')}</dt>
            <dd>{formatMoney(amountPaid, currency)}</dd>
          </div>
          {amountCredited && !/^0+(\.0+)?$/.test(amountCredited) ? (
            <div class="total-row">
              <dt>{t('Set against by credit notes')}</dt>
              <dd>{formatMoney(amountCredited, currency)}</dd>
            </div>
          ) : null}
          {/* Paid more than was due: said as what was overpaid, not as a negative amount still open (a
              document entered negative with nothing paid owes nothing and is not overpaid). */}
          {due.startsWith('-') && /[1-9]/.test(amountPaid ?? '') ? (
            <div class="total-row strong">
              <dt>{t('Overpaid')}</dt>
              <dd>{formatMoney(due.slice(1), currency)}</dd>
            </div>
          ) : closed ? null : (
            <div class="total-row strong">
              <dt>{t('Still due')}</dt>
              <dd>{formatMoney(amountDue, currency)}</dd>
            </div>
          )}
        </dl>
      ) : null}
      {rows.length > 0 ? (
        // Three columns fit the side column: how it was paid and its reference go on a line under each.
        <table class="list payments-list" aria-label={t('Payments')}>
          <thead>
            <tr>
              <th scope="col">{t('Date')}</th>
              <th scope="col" class="num">
                {t('Amount')}
              </th>
              <th scope="col">
                <span class="visually-hidden">{t('Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((payment) => {
              const how = [t(methodLabel(payment.method)), payment.reference ?? '']
                .filter(Boolean)
                .join(' · ');
              return (
                <Fragment key={payment.id}>
                  <tr class={how ? 'with-details' : undefined}>
                    <td>{formatDate(payment.date)}</td>
                    <td class="num">{formatMoney(payment.amount, payment.currency)}</td>
                    <td>
                      {deletable(payment) ? (
                        <button
                          type="button"
                          class="danger"
                          disabled={action.busy}
                          aria-label={t('Delete payment of {date}', { date: formatDate(payment.date) })}
                          onClick={() => drop(payment)}
                        >
                          {t('Delete')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                  {how ? (
                    <tr class="details">
                      <td colSpan={3} class="hint">
                        {how}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {locked ? (
        <p class="hint not-yours">{locked}</p>
      ) : closed ? (
        <p>{closed}</p>
      ) : nothingDue && !further ? (
        <>
          <p class="settled">{settled}</p>
          <button
            type="button"
            onClick={() => {
              setFurther(true);
              // The button goes with the click: the focus goes to the amount to type.
              focusAfterAction(() => card.current?.querySelector<HTMLElement>('input[inputmode="decimal"]'));
            }}
          >
            {t('Record a further payment')}
          </button>
        </>
      ) : (
        <form onSubmit={record} aria-label={t('Record payment')}>
          {nothingDue ? (
            <p class="hint">{t('Only for a payment beyond what was due: it is shown as overpaid.')}</p>
          ) : null}
          <Field
            label={t('Payment date')}
            type="date"
            value={date}
            onInput={setDate}
            path="date"
            error={action.error as ApiError | null}
            required
          />
          <Field
            label={t('Amount')}
            value={amount}
            onInput={setAmount}
            inputMode="decimal"
            path="amount"
            error={action.error as ApiError | null}
            required
          />
          <Select
            label={t('Method')}
            value={method}
            onChange={setMethod}
            options={METHODS.map((m) => ({ value: m.value, label: t(m.label) }))}
          />
          <Field label={t('Reference')} value={reference} onInput={setReference} />
          {skonto ? (
            <Checkbox
              label={t('With early payment discount: {percent} % ({discount}) deducted{until}', {
                percent: formatDecimal(skonto.percent),
                discount: formatMoney(skonto.discount, currency),
                until: skonto.payBy ? t(', if paid by {date}', { date: formatDate(skonto.payBy) }) : '',
              })}
              checked={withSkonto}
              onChange={takeSkonto}
            />
          ) : null}
          <button type="submit" disabled={action.busy || amount.trim() === '' || date === ''}>
            {t('Record payment')}
          </button>
        </form>
      )}
      <ErrorNotice error={action.error} />
      <Said text={recorded > 0 ? t('Payment recorded.') : null} round={recorded} />
    </section>
  );
}
