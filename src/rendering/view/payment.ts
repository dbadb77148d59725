// The payment block: how the reader pays (bank transfer with an EPC QR code, a payment link) or how the
// amount is collected from them (direct debit, card), and to whom (the payee, when not the seller).
import { precedingInvoicesOf } from '../../domain/document-content';
import { splitPaymentTerms } from '../../domain/early-payment-discount';
import { dec, div, gt, isZero, mul, round, sub, toFixedString } from '../../domain/money';
import type { BankAccount } from '../../domain/party';
import { currencyDecimals, getDocumentType } from '../../domain/reference';
import { addDays } from '../../shared/dates';
import { buildEpcPayload, isValidIban, normalizeIban } from '../epc-qr';
import type { Formatter } from '../format';
import { type Labels, methodName } from '../labels';
import type { RenderInput } from '../types';
import type { MetaItem, PaymentView } from './types';

const present = (value: string | null | undefined): value is string => !!value?.trim();

/** "DE89370400440532013000" -> "DE89 3704 0044 0532 0130 00": how people read and type an IBAN. */
/** An IBAN in groups of four, as it is printed. */
export const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** "DE89370400440532013000" -> "DE89 •••• •••• •••• 3000": a debited account as a statement shows it. */
const maskAccount = (account: string) => {
  const compact = account.replace(/\s/g, '');
  return compact.length <= 8 ? compact : `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
};

/** BG-19 / BG-18: how the amount is collected when the buyer does not transfer it. */
function collectionRows(payment: RenderInput['data']['payment'], labels: Labels): MetaItem[] | null {
  const debit = payment?.direct_debit;
  if (debit) {
    const rows = [
      { label: labels.terms.mandateReference, value: debit.mandate_reference.trim() },
      { label: labels.terms.creditorId, value: debit.creditor_id.trim() },
    ];
    if (present(debit.debited_account)) {
      rows.push({ label: labels.terms.debitedAccount, value: maskAccount(debit.debited_account) });
    }
    return rows;
  }
  const card = payment?.card;
  if (!card) return null;
  const rows = [{ label: labels.terms.card, value: `•••• ${card.last_digits}` }];
  if (present(card.holder_name))
    rows.push({ label: labels.terms.cardHolder, value: card.holder_name.trim() });
  return rows;
}

/** The invoice a credit note credits: the one the data names (BG-3), else its stored source; or null. */
export function creditedInvoiceOf(input: RenderInput): { number: string; issueDate: string | null } | null {
  const stated = precedingInvoicesOf(input.data)[0];
  if (present(stated?.number)) return { number: stated.number.trim(), issueDate: stated.issue_date ?? null };
  if (present(input.sourceDocumentNumber))
    return { number: input.sourceDocumentNumber.trim(), issueDate: input.sourceDocumentDate ?? null };
  return null;
}

/**
 * A credit note asks nothing: no account to pay to and no QR code. It says what happens to the credit (set
 * against the invoice it corrects) and the seller's own words on refunding, when given.
 */
function creditPayment(input: RenderInput, labels: Labels): PaymentView | null {
  const credited = creditedInvoiceOf(input);
  const lines = [
    credited === null ? null : labels.creditSettledAgainst(credited.number),
    input.data.payment?.instructions?.trim(),
  ].filter(present);
  return lines.length === 0
    ? null
    : { instructions: lines.join('\n'), bank: [], url: null, methods: null, qr: null };
}

/**
 * The payment terms in words: the instructions as written, less any XRechnung `#SKONTO#` line, and each
 * early-payment discount (stated, or written as such a line) as "Bei Zahlung bis 15.12.2026 2 % Skonto:
 * 3.075,10 €", the amount then to be paid computed exactly from the amount due (or the discount's base).
 */
function termsInWords(input: RenderInput, labels: Labels, fmt: Formatter): string | null {
  const payment = input.data.payment;
  const written = splitPaymentTerms(payment?.instructions?.trim());
  // XRechnung's own examples list a 0 % term: no discount to print.
  const discounts = [...(payment?.early_payment_discounts ?? []), ...written.discounts].filter(
    (term) => !isZero(dec(term.percent)),
  );
  const due = input.totals.amount_due ?? input.totals.total;
  const units = currencyDecimals(input.data.currency) ?? 2;
  // Nothing left to pay (a final invoice whose partial invoices were paid in full, or more): no discount
  // for paying it early ("2 % Skonto: 0,00 €" said nothing, "-98,00 €" was nonsense).
  const owed = gt(dec(due), dec('0'));
  const lines = (owed ? discounts : []).map((term) => {
    const base = dec(term.base_amount ?? due);
    const discount = round(div(mul(base, dec(term.percent)), dec('100')), units);
    const pay = toFixedString(sub(dec(due), discount), units);
    const issued = input.data.issue_date;
    const when = issued ? labels.paidBy(fmt.date(addDays(issued, term.days))) : labels.paidWithin(term.days);
    return labels.earlyPayment(fmt.percent(term.percent), when, fmt.money(pay));
  });
  const text = [written.text, ...lines].filter(present).join('\n');
  return text === '' ? null : text;
}

/**
 * A receipt asks nothing either: it states that the amount was received ("Betrag von 1.577,20 € dankend
 * erhalten."), how when the data says it (BT-82 in words, the card or the mandate it was collected by, the
 * one method named) and to whom when a payee is named; never an account to pay to, a QR code, a payment
 * link or the payment terms (written for an invoice: "Zahlbar innerhalb von 14 Tagen").
 */
function receiptPayment(input: RenderInput, labels: Labels, fmt: Formatter): PaymentView {
  const payment = input.data.payment;
  const rows: MetaItem[] = present(input.data.payee?.name)
    ? [{ label: labels.terms.payee, value: input.data.payee.name.trim() }]
    : [];
  const methods = (payment?.accepted_methods ?? []).filter(present);
  const how = present(payment?.means_text)
    ? payment.means_text.trim()
    : payment?.card
      ? null
      : payment?.direct_debit
        ? methodName(labels, 'direct_debit')
        : methods.length === 1 && methods[0] !== undefined
          ? methodName(labels, methods[0].trim())
          : null;
  if (how !== null) rows.push({ label: labels.receivedBy, value: how });
  rows.push(...(collectionRows(payment, labels) ?? []));
  return {
    instructions: labels.received(fmt.money(input.totals.total)),
    bank: rows,
    url: null,
    methods: null,
    qr: null,
  };
}

export function buildPayment(input: RenderInput, labels: Labels, fmt: Formatter): PaymentView | null {
  if (input.documentType === 'credit_note') return creditPayment(input, labels);
  if (input.documentType === 'receipt') return receiptPayment(input, labels, fmt);
  const { data } = input;
  const payment = data.payment;
  const payee: MetaItem[] = present(data.payee?.name)
    ? [{ label: labels.terms.payee, value: data.payee.name.trim() }]
    : [];
  const collected = collectionRows(payment, labels);
  if (collected !== null) {
    // Nothing to transfer: no bank details to pay to, and no QR code.
    const heading = payment?.direct_debit ? labels.terms.directDebit : null;
    return {
      instructions: [heading, termsInWords(input, labels, fmt)].filter(present).join('\n') || null,
      bank: [...payee, ...collected],
      url: null,
      methods: null,
      qr: null,
    };
  }
  // The payment's own account wins; the seller's standing account is the fallback.
  const account: BankAccount | undefined = payment?.bank_account ?? data.seller?.bank_account;
  const bank: MetaItem[] = [...payee];
  if (account) {
    if (present(account.bank_name)) bank.push({ label: labels.bank, value: account.bank_name.trim() });
    if (present(account.account_number)) {
      const iban = isValidIban(account.account_number);
      bank.push({
        label: iban ? labels.iban : labels.accountNumber,
        value: iban ? groupIban(normalizeIban(account.account_number)) : account.account_number.trim(),
      });
    }
    if (present(account.routing_number))
      bank.push({ label: labels.routingNumber, value: account.routing_number });
    if (present(account.swift)) bank.push({ label: labels.bic, value: account.swift.trim() });
  }
  const reference = payment?.reference?.trim() || null;
  if (reference !== null) bank.push({ label: labels.paymentReference, value: reference });
  const methods = (payment?.accepted_methods ?? []).filter(present).map((m) => methodName(labels, m.trim()));
  const view: PaymentView = {
    instructions: termsInWords(input, labels, fmt),
    bank,
    url: payment?.payment_url?.trim() || null,
    methods: methods.length > 0 ? methods.join(', ') : null,
    qr: null,
  };
  if (getDocumentType(input.documentType).payable && present(account?.account_number)) {
    const payload = buildEpcPayload({
      name: data.seller?.legal_name?.trim() || data.seller?.name || '',
      iban: account.account_number,
      bic: account.swift,
      currency: data.currency,
      amount: input.totals.amount_due ?? input.totals.total,
      remittance: reference ?? data.invoice_number ?? '',
    });
    if (payload) view.qr = { payload, caption: labels.scanToPay };
  }
  const empty = !view.instructions && bank.length === 0 && !view.url && !view.methods;
  return empty ? null : view;
}
