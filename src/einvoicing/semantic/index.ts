// A document and its stored totals as an EN 16931 invoice (the semantic model of types.ts): the
// business terms are decided once here, and `ubl/` and `cii/` only lay them out. Pure: no database, no IO.
// What the XML cannot express at all is thrown as an EInvoiceError (a 422) listing every such problem;
// everything else is written as it is and judged by the Schematron tier.

import { precedingInvoicesOf } from '../../domain/document-content';
import type { DocumentData } from '../../domain/document-data';
import { skontoLine } from '../../domain/early-payment-discount';
import { dec, isNegative, isZero, type TotalsResult } from '../../domain/money';
import { buildAmounts } from './amounts';
import { EInvoiceError, type EInvoiceProblem } from './errors';
import { text, toAddress, toParty, toPayee, toPaymentMeans, toTaxRepresentative } from './parties';
import { documentChargeTaxes, lineTaxes, shippingTax, type VatTax } from './taxes';
import type { EAttachedFile, EIdentifier, EInvoice, EPrecedingInvoice, InvoiceTypeCode } from './types';

export { EInvoiceError, type EInvoiceErrorReason, type EInvoiceProblem } from './errors';
export type * from './types';

export interface SemanticInput {
  /** One of the seven document types; only `invoice` and `credit_note` are e-invoices. */
  documentType: string;
  data: DocumentData;
  /** The stored totals (computeTotals of the same data): the XML carries exactly these numbers. */
  totals: TotalsResult;
  /** BT-25: the number of the invoice a credit note corrects (the caller resolves source_document_id). */
  precedingInvoiceNumber?: string | null;
  /** BT-26: that invoice's issue date, YYYY-MM-DD. */
  precedingInvoiceDate?: string | null;
  /** BT-72: the actual delivery date; the document data has no field for it (see docs/einvoicing-xml.md). */
  deliveryDate?: string | null;
  /** BT-125: the files of `data.supporting_documents`, by index, as the caller read them (null: none). */
  attachedFiles?: (EAttachedFile | null)[];
}

// BT-3 (UNTDID 1001). A proforma, quote, receipt, purchase order or delivery note claims no payment under
// VAT law and has no EN 16931 type: writing one as 380 would make it an invoice.
const TYPE_CODES: Readonly<Record<string, InvoiceTypeCode>> = { invoice: '380', credit_note: '381' };

export function toSemantic(input: SemanticInput): EInvoice {
  const { documentType, data, totals } = input;
  const byType = Object.hasOwn(TYPE_CODES, documentType) ? TYPE_CODES[documentType] : undefined;
  // A partial, corrected, self-billed or construction invoice (326, 384, 389, 875-877) says so in the
  // data; the document stays an invoice.
  const typeCode = byType === '380' && data.type_code !== undefined ? data.type_code : byType;
  if (typeCode === undefined) {
    const message = `A ${documentType} is not an e-invoice: only invoice (380) and credit_note (381) are written.`;
    throw new EInvoiceError('unsupported_document_type', [{ rule: 'BT-3', path: 'document_type', message }]);
  }
  const taxScheme = text(data.tax_scheme);
  if (taxScheme === null) {
    const message = 'The tax scheme is missing: no VAT category (BT-118) can be stated without it.';
    throw new EInvoiceError('missing_tax_scheme', [{ rule: 'BT-118', path: 'data.tax_scheme', message }]);
  }
  if (totals.lines.length !== data.line_items.length) {
    throw new Error('the totals were not computed from this document');
  }

  const problems: EInvoiceProblem[] = [];
  const number = text(data.invoice_number);
  const issueDate = text(data.issue_date);
  if (number === null) problems.push(missing('BR-02', 'data.invoice_number', 'an invoice number (BT-1)'));
  if (issueDate === null) problems.push(missing('BR-03', 'data.issue_date', 'an issue date (BT-2)'));
  if (!data.seller) problems.push(missing('BR-06', 'data.seller', 'a seller (BG-4)'));
  if (!data.buyer) problems.push(missing('BR-07', 'data.buyer', 'a buyer (BG-7)'));
  if (data.line_items.length === 0)
    problems.push(missing('BR-16', 'data.line_items', 'an invoice line (BG-25)'));
  data.line_items.forEach((line, i) => {
    if (line.unit_price === undefined) {
      problems.push(
        missing('BR-26', `data.line_items.${i}.unit_price`, 'a net price on every line (BT-146)'),
      );
    }
  });
  if (data.stated_totals !== undefined) {
    const message =
      'The data carries stated totals its lines do not give (stated_totals, read from a MINIMUM or BASIC WL file or one whose lines do not add up): an EN 16931 invoice adds up (BR-CO-10 to BR-CO-16).';
    problems.push({ rule: 'BR-CO-13', path: 'data.stated_totals', message });
  }
  const taxes = lineTaxes(data, problems);
  const shipping = shippingTax(data, totals, problems);
  const charges = documentChargeTaxes(data, totals, problems);
  if (problems.length > 0 || number === null || issueDate === null || !data.seller || !data.buyer) {
    throw new EInvoiceError('not_representable', problems);
  }

  // A credit note entered with negative amounts credits their absolute value; the XML states a credit
  // as positive amounts under type 381 (a negative 381 would be a debit).
  const sign = typeCode === '381' && isNegative(dec(totals.total)) ? -1 : 1;
  const amounts = buildAmounts(data, totals, { lines: taxes as VatTax[], shipping, charges }, sign);
  // BG-3 from the data (also invoices never stored here) wins over the stored source document.
  const stated = precedingInvoicesOf(data)
    .map((p) => ({ number: text(p.number), issueDate: text(p.issue_date) }))
    .filter((p): p is EPrecedingInvoice => p.number !== null);
  const sourceNumber = text(input.precedingInvoiceNumber);
  const precedingInvoices: EPrecedingInvoice[] =
    stated.length > 0
      ? stated
      : sourceNumber === null
        ? []
        : [{ number: sourceNumber, issueDate: text(input.precedingInvoiceDate) }];
  const period = data.invoice_period;
  const deliveryDate = text(input.deliveryDate);
  const shipTo = data.ship_to;
  const note = [documentType === 'credit_note' ? text(data.reason) : null, text(data.notes)]
    .filter((n) => n !== null)
    .join('\n\n');

  return {
    specification: text(data.customization_id),
    typeCode,
    number,
    issueDate,
    dueDate: text(data.due_date),
    currency: data.currency,
    taxScheme,
    buyerReference: text(data.buyer_reference),
    orderReference: text(data.order_reference),
    contractReference: text(data.contract_reference),
    projectReference: text(data.project_reference),
    salesOrderReference: text(data.sales_order_reference),
    receivingAdviceReference: text(data.receiving_advice_reference),
    despatchAdviceReference: text(data.despatch_advice_reference),
    tenderReference: text(data.tender_reference),
    buyerAccountingReference: text(data.buyer_accounting_reference),
    taxPointDate: text(data.tax_point_date),
    taxPointDateCode: data.tax_point_date_code ?? null,
    invoicePeriod:
      text(period?.start_date) !== null || text(period?.end_date) !== null
        ? { start: text(period?.start_date), end: text(period?.end_date) }
        : null,
    note: note === '' ? null : note,
    noteSubjectCode: note === '' ? null : text(data.notes_subject_code),
    taxCurrency: taxCurrencyOf(data, totals, sign),
    precedingInvoices,
    seller: toParty(data.seller, 'seller'),
    buyer: toParty(data.buyer, 'buyer'),
    payee: toPayee(data.payee),
    taxRepresentative: toTaxRepresentative(data.tax_representative),
    delivery:
      shipTo || deliveryDate !== null
        ? {
            name: text(shipTo?.name),
            locationId: identifierOf(shipTo?.location_id),
            address: toAddress(shipTo?.address),
            date: deliveryDate,
          }
        : null,
    invoicedObject: identifierOf(data.invoiced_object),
    paymentMeans: toPaymentMeans(data, number),
    paymentMeansText: text(data.payment?.means_text),
    paymentTerms: paymentTermsOf(termsWithDiscounts(data.payment)),
    supportingDocuments: (data.supporting_documents ?? []).map((d, k) => ({
      id: d.id.trim(),
      description: text(d.description),
      url: text(d.url),
      file: input.attachedFiles?.[k] ?? null,
    })),
    ...amounts,
  };
}

const missing = (rule: string, path: string, what: string): EInvoiceProblem => ({
  rule,
  path,
  message: `An e-invoice needs ${what}.`,
});

function taxCurrencyOf(data: DocumentData, totals: TotalsResult, sign: 1 | -1): EInvoice['taxCurrency'] {
  const code = data.tax_currency?.currency;
  const amount = totals.tax_currency_tax_total;
  if (code === undefined || amount === undefined) return null;
  // A credit note entered with negative amounts states them positive (as buildAmounts does).
  const credited = amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
  const signed = sign === 1 || isZero(dec(amount)) ? amount : credited;
  return { code, taxTotal: signed };
}

/** BT-20: the instructions, then one XRechnung `#SKONTO#` line per early-payment discount. */
function termsWithDiscounts(payment: DocumentData['payment']): string | null {
  const lines = [text(payment?.instructions), ...(payment?.early_payment_discounts ?? []).map(skontoLine)];
  const terms = lines.filter((line): line is string => line !== null).join('\n');
  return terms === '' ? null : terms;
}

/**
 * BT-20 as written, except that terms ending in a `#…#` segment (XRechnung's structured payment terms,
 * `#SKONTO#TAGE=7#PROZENT=2.00#`) end with a line break, which BR-DE-18 requires after the last one.
 */
function paymentTermsOf(terms: string | null): string | null {
  return terms !== null && /(^|\n)#[^\n]*#$/.test(terms) ? `${terms}\n` : terms;
}

function identifierOf(id: { id: string; scheme_id?: string } | undefined): EIdentifier | null {
  const value = text(id?.id);
  return value === null ? null : { value, scheme: text(id?.scheme_id) };
}
