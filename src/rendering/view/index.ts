// RenderInput -> InvoiceView: every word chosen and every figure formatted here, once, so the blocks and
// the six themes only place strings. Pure and cheap (no I/O); the PDF engine never sees DocumentData.
import { isInvoiceTypeCode, precedingInvoicesOf } from '../../domain/document-content';
import { currencyDecimals, getDocumentType } from '../../domain/reference';
import { impliedSupplyDate } from '../../domain/supply-date';
import { type Formatter, makeFormatter, resolveLocale } from '../format';
import { type Labels, labelsFor, languageOf } from '../labels';
import type { RenderInput } from '../types';
import {
  buildColumns,
  buildLines,
  buildTaxSummary,
  buildTotals,
  chargesNoVat,
  refundsOverpayment,
} from './figures';
import { keepInvoiceNoteOf } from './keep-invoice';
import { latePaymentNoteOf } from './late-payment';
import { partiesSpanCountries, partyView } from './parties';
import { buildPayment, creditedInvoiceOf } from './payment';
import type { InvoiceView, MetaItem, TotalRow } from './types';
import { vatNoteOf } from './vat-note';

export type { InvoiceView } from './types';

const present = (value: string | null | undefined): value is string => !!value?.trim();

export function buildInvoiceView(input: RenderInput): InvoiceView {
  const { data, totals, documentType } = input;
  const type = getDocumentType(documentType);
  const locale = resolveLocale(input.locale ?? data.locale);
  // In the seller's country's usage of the language (an Austrian firm's German: "UID-Nr.").
  const labels = labelsFor(locale, input.received ? null : data.seller?.address?.country);
  const shipped = type.line_item_type === 'shipped';
  const code = data.type_code;
  const fmt = makeFormatter(locale, data.currency, currencyDecimals(data.currency) ?? 2);
  const subtitle = subtitleOf(input, labels, fmt);
  // A credit note is a correction (German "Rechnungskorrektur"), whether or not it names the invoice it
  // corrects (a stateless render may name none): a German "Gutschrift" is a self-billed invoice (§ 14 Abs. 2
  // Satz 5 UStG, type 389), and a document so titled can be taken for one (§ 14c UStG).
  const title =
    documentType === 'invoice' && isInvoiceTypeCode(code) && code !== '380'
      ? labels.invoiceTypeTitles[code]
      : documentType === 'credit_note'
        ? labels.correctionTitle
        : labels.titles[documentType];
  const number = data.invoice_number?.trim() ?? '';
  const sellerName = data.seller?.name?.trim() ?? '';

  const showCountry = partiesSpanCountries(
    data.seller?.address?.country,
    data.buyer?.address?.country,
    data.ship_to?.address?.country,
  );
  // Country names in the label language: a locale without a label table (ja-JP) gets English words, and
  // the embedded font has no CJK glyphs for names the locale itself would use.
  const partyCtx = { locale: languageOf(locale), labels, showCountry };
  const billHeading = type.payable || documentType === 'credit_note' || documentType === 'receipt';
  const recipients = [];
  // A receipt names who paid ("Erhalten von"), not whom it bills.
  const buyerHeading =
    documentType === 'receipt' ? labels.receivedFrom : billHeading ? labels.billTo : labels.to;
  if (data.buyer) recipients.push(partyView(data.buyer, buyerHeading, partyCtx));
  if (data.ship_to) recipients.push(partyView({ ...data.ship_to }, labels.shipTo, partyCtx));

  const highlight = highlightFor(input, labels, fmt);
  const noVat = !shipped && chargesNoVat(data, totals);
  const notes = [];
  if (documentType === 'credit_note' && present(data.reason))
    notes.push({ heading: labels.reason, text: data.reason });
  const vatNote = shipped ? null : vatNoteOf(data, totals, labels);
  if (vatNote !== null) notes.push({ heading: labels.vatNote, text: vatNote });
  const latePayment = latePaymentNoteOf(input, labels);
  if (latePayment !== null) notes.push(latePayment);
  if (present(data.notes)) notes.push({ heading: labels.notes, text: data.notes });
  const keepInvoice = keepInvoiceNoteOf(input, labels);
  if (keepInvoice !== null) notes.push(keepInvoice);

  return {
    locale,
    labels,
    documentType,
    title,
    number,
    metaTitle: [title, number].filter(present).join(' '),
    author: data.seller?.legal_name?.trim() || sellerName,
    subtitle,
    headerText: input.config?.header_text?.trim() || null,
    seller: partyView(data.seller, labels.from, partyCtx, 'sender'),
    recipients,
    meta: buildMeta(input, labels, fmt),
    highlight,
    columns: buildColumns(data, shipped, labels, noVat),
    lines: buildLines(data, totals, fmt, shipped, labels),
    totals: shipped
      ? []
      : [
          ...buildTotals(data, totals, fmt, labels, noVat, type.payable),
          ...taxCurrencyRows(input, locale, labels),
        ],
    taxSummary: shipped ? [] : buildTaxSummary(totals, fmt, labels, noVat),
    // Nothing to pay when the seller pays back (an overpaid final invoice): no terms, no account to pay to.
    payment:
      shipped || documentType === 'purchase_order' || refundsOverpayment(totals, type.payable)
        ? null
        : buildPayment(input, labels, fmt),
    customFields: (data.custom_fields ?? []).map((f) => ({ label: f.label, value: f.value })),
    notes,
    footer: [data.branding?.footer_text ?? input.config?.footer_text, input.serviceCredit]
      .filter(present)
      .map((s) => s.trim()),
    logo: input.logo ?? null,
  };
}

function buildMeta(input: RenderInput, labels: Labels, fmt: Formatter): MetaItem[] {
  const { data, documentType } = input;
  const items: MetaItem[] = [];
  if (present(data.invoice_number)) items.push({ label: labels.number, value: data.invoice_number.trim() });
  if (present(data.issue_date)) items.push({ label: labels.issueDate, value: fmt.date(data.issue_date) });
  if (documentType === 'quote') {
    // A quote is not paid: its second date is how long it holds ("Gültig bis"), never "Fällig am". Its
    // `valid_until` wins; a quote with only a `due_date` (an integrator's, or one the console saved before it
    // sent `valid_until`) means the same date.
    const validUntil = present(data.valid_until) ? data.valid_until : data.due_date;
    if (present(validUntil)) items.push({ label: labels.validUntil, value: fmt.date(validUntil) });
  } else if (present(data.due_date) && fallsDue(input)) {
    items.push({ label: labels.dueDate, value: fmt.date(data.due_date) });
  }
  if (present(data.buyer_reference))
    items.push({ label: labels.reference, value: data.buyer_reference.trim() });
  if (present(data.order_reference))
    items.push({ label: labels.orderReference, value: data.order_reference.trim() });
  if (present(data.contract_reference))
    items.push({ label: labels.contractReference, value: data.contract_reference.trim() });
  const references: [string | undefined, string][] = [
    [data.project_reference, labels.terms.projectReference],
    [data.sales_order_reference, labels.terms.salesOrderReference],
    [data.despatch_advice_reference, labels.terms.despatchAdviceReference],
    [data.receiving_advice_reference, labels.terms.receivingAdviceReference],
    [data.tender_reference, labels.terms.tenderReference],
    [data.buyer_accounting_reference, labels.terms.buyerAccountingReference],
  ];
  for (const [value, label] of references) if (present(value)) items.push({ label, value: value.trim() });
  const supporting = (data.supporting_documents ?? []).map((d) => d.id.trim()).filter(present);
  if (supporting.length > 0) items.push({ label: labels.terms.attachments, value: supporting.join(', ') });
  const rep = data.tax_representative;
  if (rep && present(rep.name)) {
    items.push({ label: labels.terms.taxRepresentative, value: `${rep.name.trim()}, ${rep.vat_id.trim()}` });
  }
  const period = data.invoice_period;
  const hasPeriod = present(period?.start_date) || present(period?.end_date);
  if (present(data.delivery_date)) {
    // A delivery note's date is the day it delivered ("Lieferdatum"), a purchase order's the one it asks
    // for ("Liefertermin"); an invoice's the date of supply (§ 14 Abs. 4 Nr. 6 UStG: "Leistungsdatum").
    const label =
      documentType === 'delivery_note'
        ? labels.deliveredOn
        : documentType === 'purchase_order'
          ? labels.deliveryWanted
          : labels.deliveryDate;
    items.push({ label, value: fmt.date(data.delivery_date) });
  } else {
    // § 14 (4) Nr. 6 UStG: a German invoice states when it was supplied; none stated means on the issue
    // date (the convention the console's editor also follows), which is then printed as such.
    const supplied = suppliedOnIssueDate(input);
    if (supplied !== null) items.push({ label: labels.deliveryDate, value: fmt.date(supplied) });
  }
  if (hasPeriod) {
    const ends = [period?.start_date, period?.end_date].map((d) => (present(d) ? fmt.date(d) : '…'));
    items.push({ label: labels.invoicePeriod, value: ends.join(' – ') });
  }
  if (present(data.tax_point_date))
    items.push({ label: labels.taxPointDate, value: fmt.date(data.tax_point_date) });
  else if (data.tax_point_date_code)
    items.push({ label: labels.taxPointDate, value: labels.taxPointCodes[data.tax_point_date_code] });
  // BG-3 as the data states it, else the stored invoice it follows (a corrected invoice's: UStAE 14.11
  // asks a correction to name the invoice it corrects); a credit note says it in its subtitle.
  const stated = precedingInvoicesOf(data).filter((p) => present(p.number));
  const preceding =
    stated.length > 0
      ? stated
      : documentType === 'invoice' && present(input.sourceDocumentNumber)
        ? [{ number: input.sourceDocumentNumber, issue_date: input.sourceDocumentDate ?? undefined }]
        : [];
  // A final invoice's deducted invoices are named in its totals, each with its date (figures.ts).
  if (documentType !== 'credit_note' && preceding.length > 0 && !data.deductions?.length) {
    const value = preceding
      .map((p) => `${p.number.trim()}${present(p.issue_date) ? ` (${fmt.date(p.issue_date)})` : ''}`)
      .join(', ');
    items.push({ label: labels.precedingInvoice, value });
  }
  return items;
}

/**
 * Whether the document's due date is printed ("Fällig am"): not where nothing falls due. Not on an invoice
 * whose amount is paid back, a delivery note (it carries no amounts), a receipt (paid already), a purchase
 * order (it asks for goods, not for money: the date it states is its delivery date wanted, "Liefertermin"),
 * nor a credit note set against the invoice it corrects (its payment block says nothing is to be paid on it).
 */
function fallsDue(input: RenderInput): boolean {
  const type = getDocumentType(input.documentType);
  if (type.line_item_type === 'shipped') return false;
  if (input.documentType === 'receipt' || input.documentType === 'purchase_order') return false;
  if (input.documentType === 'credit_note') return creditedInvoiceOf(input) === null;
  return !refundsOverpayment(input.totals, type.payable);
}

/**
 * The issue date a German or Austrian seller's document states by convention as its date of supply, when it states no
 * date of supply or period (domain/supply-date.ts, the e-invoice's BT-72 alike); never for a received file
 * drawn for reading (it shows what the file states).
 */
function suppliedOnIssueDate(input: RenderInput): string | null {
  if (input.received) return null;
  const corrects =
    present(input.sourceDocumentNumber) ||
    precedingInvoicesOf(input.data).some((preceding) => present(preceding.number));
  return impliedSupplyDate(input.data, input.documentType, corrects);
}

function highlightFor(input: RenderInput, labels: Labels, fmt: Formatter): MetaItem | null {
  const type = getDocumentType(input.documentType);
  if (type.line_item_type === 'shipped') return null;
  const value = fmt.money(input.totals.total);
  if (type.payable) {
    const due = input.totals.amount_due ?? input.totals.total;
    if (refundsOverpayment(input.totals, true) && labels.refundDue !== undefined)
      return { label: labels.refundDue, value: fmt.money(due.replace(/^-/, '')) };
    return { label: labels.amountDue, value: fmt.money(due) };
  }
  if (input.documentType === 'receipt') return { label: labels.amountPaid, value };
  if (input.documentType === 'credit_note') return { label: labels.creditTotal, value };
  return { label: labels.total, value };
}

/**
 * A credit note names the invoice it credits: the one in `preceding_invoice`, else its stored source, with
 * its issue date when known (UStAE 14.11: a correction names the invoice it corrects; its e-invoice states
 * both, BT-25 and BT-26).
 */
function subtitleOf(input: RenderInput, labels: Labels, fmt: Formatter): string | null {
  if (input.documentType !== 'credit_note') return null;
  const credited = creditedInvoiceOf(input);
  if (credited === null) return null;
  const date = credited.issueDate;
  return labels.creditNoteFor(credited.number, present(date) ? fmt.date(date) : null);
}

/** BT-111 under the totals: the VAT in the accounting currency, with the rate it was converted at. */
function taxCurrencyRows(input: RenderInput, locale: string, labels: Labels): TotalRow[] {
  const taxCurrency = input.data.tax_currency;
  const amount = input.totals.tax_currency_tax_total;
  if (!taxCurrency || amount === undefined) return [];
  const code = taxCurrency.currency;
  const fmt = makeFormatter(locale, code, currencyDecimals(code) ?? 2);
  // The rate in the document's number format too ("1 USD = 0,9213 EUR" in German), every digit kept.
  const rate = `1 ${input.data.currency} = ${fmt.quantity(taxCurrency.exchange_rate)} ${code}`;
  return [{ kind: 'included', label: `${labels.terms.vatIn(code)} (${rate})`, value: fmt.money(amount) }];
}
