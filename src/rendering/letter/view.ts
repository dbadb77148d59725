// A reminder letter's view: the invoice's InvoiceView (seller, buyer, branding, bank details) with the
// letter's title, dates, text and figures in place of the invoice's lines, so the same blocks draw it in
// the document's template and language.
import { currencyDecimals } from '../../domain/reference';
import { makeFormatter } from '../format';
import { languageOf } from '../labels';
import type { ReminderLetter, RenderInput } from '../types';
import { buildInvoiceView } from '../view/index';
import { buildPayment } from '../view/payment';
import type { InvoiceView } from '../view/types';
import { LETTER_WORDS } from './words';

export function buildLetterView(input: RenderInput, letter: ReminderLetter): InvoiceView {
  const invoice = buildInvoiceView(input);
  const { labels, locale } = invoice;
  const words = LETTER_WORDS[languageOf(locale)];
  const fmt = makeFormatter(locale, input.data.currency, currencyDecimals(input.data.currency) ?? 2);
  const number = input.data.invoice_number?.trim() ?? '';
  const issued = input.data.issue_date ? fmt.date(input.data.issue_date) : '';
  const meta = [
    { label: words.letterDate, value: fmt.date(letter.date) },
    { label: words.invoiceNumber, value: number },
    ...(issued ? [{ label: words.invoiceDate, value: issued }] : []),
    ...(input.data.due_date ? [{ label: words.dueDate, value: fmt.date(input.data.due_date) }] : []),
    { label: words.payBy, value: fmt.date(letter.payBy) },
  ];
  const totals = [
    { kind: 'subtotal' as const, label: words.outstanding, value: fmt.money(letter.amountDue) },
  ];
  if (letter.showFee) totals.push({ kind: 'subtotal', label: words.fee, value: fmt.money(letter.fee) });
  const payable = fmt.money(letter.total);
  // The QR code and bank details ask for what is owed now: the amount due plus the fee.
  const payment = buildPayment(
    { ...input, documentType: 'invoice', totals: { ...input.totals, amount_due: letter.total } },
    labels,
    fmt,
  );
  // The invoice's instructions ("within 14 days") would contradict the letter's new payment date.
  if (payment) payment.instructions = null;
  // A letter is addressed to the customer ("An"), not to an invoice's "Rechnungsempfänger"; a delivery
  // address has no place in it.
  const addressee = input.data.buyer ? invoice.recipients.slice(0, 1) : [];
  return {
    ...invoice,
    recipients: addressee.map((party) => ({ ...party, heading: labels.to })),
    title: letter.title,
    number: '',
    metaTitle: letter.title,
    subtitle: null,
    meta,
    highlight: { label: words.totalToPay, value: payable },
    lines: [],
    totals: [...totals, { kind: 'total', label: words.totalToPay, value: payable }],
    taxSummary: [],
    payment,
    customFields: [],
    notes: [{ heading: words.regarding(invoice.title, number, issued).trim(), text: letter.text }],
  };
}
