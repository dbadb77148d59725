// The payment block: how the reader pays (bank transfer with an EPC QR code, a payment link) or how the
// amount is collected from them (direct debit, card), and to whom (the payee, when not the seller).
import type { BankAccount } from '../../domain/party';
import { getDocumentType } from '../../domain/reference';
import { buildEpcPayload, isValidIban, normalizeIban } from '../epc-qr';
import { type Labels, methodName } from '../labels';
import type { RenderInput } from '../types';
import type { MetaItem, PaymentView } from './types';

const present = (value: string | null | undefined): value is string => !!value?.trim();

/** "DE89370400440532013000" -> "DE89 3704 0044 0532 0130 00": how people read and type an IBAN. */
const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

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

export function buildPayment(input: RenderInput, labels: Labels): PaymentView | null {
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
      instructions: [heading, payment?.instructions?.trim()].filter(present).join('\n') || null,
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
  const methods = (payment?.accepted_methods ?? []).filter(present).map((m) => methodName(labels, m.trim()));
  const view: PaymentView = {
    instructions: payment?.instructions?.trim() || null,
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
      remittance: data.invoice_number ?? '',
    });
    if (payload) view.qr = { payload, caption: labels.scanToPay };
  }
  const empty = !view.instructions && bank.length === 0 && !view.url && !view.methods;
  return empty ? null : view;
}
