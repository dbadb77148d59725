// A UN/CEFACT Cross Industry Invoice (Factur-X, ZUGFeRD, XRechnung CII) read into the document data: the
// CII mapping of docs/einvoicing-xml.md, backwards. What the data cannot hold becomes a warning.
import { isInvoiceTypeCode } from '../../domain/document-content';
import type { DocumentData } from '../../domain/document-data';
import { minorUnitsOf } from '../../domain/reference';
import { line } from './cii-line';
import { address, identifier, party } from './cii-parties';
import { payment } from './cii-payment';
import { withoutGroupLines } from './cii-sub-lines';
import { allowancesAndCharges, date, referenceOf, taxInfo } from './cii-terms';
import { all, at, attr, defined, nonEmpty, text, type XmlElement } from './dom';
import { grossPriceWarning } from './line-price';
import { keptPrecedingInvoices } from './preceding-invoices';
import {
  accountingCurrencyOf,
  discountOf,
  isStatedZero,
  shippingOf,
  splitNote,
  taxesOf,
  taxPointCode,
  withLineId,
} from './shared';
import type { ReadInvoice, ReceiveWarning } from './types';

export function fromCii(root: XmlElement): ReadInvoice {
  const warnings: ReceiveWarning[] = [];
  const document = at(root, 'ExchangedDocument');
  const transaction = at(root, 'SupplyChainTradeTransaction');
  const lineEls = withoutGroupLines(all(transaction, 'IncludedSupplyChainTradeLineItem'), warnings);
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
  const delivery = at(transaction, 'ApplicableHeaderTradeDelivery');
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement');
  const sums = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const typeCode = text(document, 'TypeCode') ?? '380';
  const documentType = typeCode === '381' ? 'credit_note' : 'invoice';
  const currency = text(settlement, 'InvoiceCurrencyCode') ?? 'EUR';
  const exempt = new Map<string, { reason?: string; code?: string }>();
  for (const tax of all(settlement, 'ApplicableTradeTax')) {
    exempt.set(`${text(tax, 'CategoryCode')}|${text(tax, 'RateApplicablePercent') ?? '0'}`, {
      reason: text(tax, 'ExemptionReason'),
      code: text(tax, 'ExemptionReasonCode'),
    });
  }
  const notes = all(document, 'IncludedNote');
  const subject = text(notes[0] ?? null, 'SubjectCode');
  const { note } = splitNote(notes.map((n) => text(n, 'Content')).filter((n): n is string => !!n));
  // BT-21: the data holds one note with one subject code; the notes are joined, the others' codes named.
  const laterCodes = notes
    .slice(1)
    .map((n) => text(n, 'SubjectCode'))
    .filter((c): c is string => !!c);
  if (laterCodes.length > 0) {
    warnings.push({
      term: 'BT-21',
      path: 'ExchangedDocument/IncludedNote/SubjectCode',
      message: `The notes are kept as one note${subject ? ` with the first one's subject code ${subject}` : ''}; the other notes' subject codes are not kept: ${laterCodes.join(', ')}`,
      code: 'note_subject_codes',
      params: { ...(subject && { subject_code: subject }), codes: laterCodes.join(', ') },
    });
  }
  const references = all(agreement, 'AdditionalReferencedDocument');
  const supporting = references.filter((r) => text(r, 'TypeCode') === '916');
  for (const r of supporting) {
    if (at(r, 'AttachmentBinaryObject')) {
      warnings.push({
        term: 'BT-125',
        path: `AdditionalReferencedDocument[${text(r, 'IssuerAssignedID')}]`,
        message: 'The attached file stays in the original e-invoice; the data names the document only',
        code: 'attachment_not_kept',
        params: {},
      });
    }
  }
  const objectRef = references.find((r) => text(r, 'TypeCode') === '130');
  const tender = references.find((r) => text(r, 'TypeCode') === '50');
  const taxCurrency = text(settlement, 'TaxCurrencyCode');
  const { allowances, charges } = allowancesAndCharges(settlement);
  const shippingEl = charges.find((c) => text(c, 'ReasonCode') === 'FC');
  const charge = (c: XmlElement) => ({
    amount: text(c, 'ActualAmount') ?? '0',
    reason: text(c, 'Reason'),
    reason_code: text(c, 'ReasonCode'),
    taxes: taxesOf(taxInfo(at(c, 'CategoryTradeTax')), exempt),
  });
  const shipTo = at(delivery, 'ShipToTradeParty');
  // BG-3 is 0..n (Factur-X writes several): one stays preceding_invoice, several are preceding_invoices.
  const precedings = keptPrecedingInvoices(
    all(settlement, 'InvoiceReferencedDocument')
      .filter((p) => text(p, 'IssuerAssignedID'))
      .map((p) =>
        defined({
          number: text(p, 'IssuerAssignedID') as string,
          issue_date: date(p, 'FormattedIssueDateTime/DateTimeString'),
        }),
      ),
    'ApplicableHeaderTradeSettlement/InvoiceReferencedDocument',
    warnings,
  );
  const payeeEl = at(settlement, 'PayeeTradeParty');
  const rep = at(agreement, 'SellerTaxRepresentativeTradeParty');
  const repAddress = address(at(rep, 'PostalTradeAddress'));
  const period = at(settlement, 'BillingSpecifiedPeriod');
  const headerTaxes = all(settlement, 'ApplicableTradeTax');
  const taxPointDate = headerTaxes.map((t) => date(t, 'TaxPointDate/DateString')).find(Boolean);
  const taxTotal = all(sums, 'TaxTotalAmount').find((t) => (attr(t, 'currencyID') ?? currency) === currency);
  const data = defined({
    invoice_number: text(document, 'ID'),
    issue_date: date(document, 'IssueDateTime/DateTimeString'),
    due_date: all(settlement, 'SpecifiedTradePaymentTerms')
      .map((t) => date(t, 'DueDateDateTime/DateTimeString'))
      .find(Boolean),
    currency,
    type_code:
      documentType === 'invoice' && typeCode !== '380' && isInvoiceTypeCode(typeCode) ? typeCode : undefined,
    tax_scheme: text(settlement, 'ApplicableTradeTax/TypeCode') ?? 'VAT',
    notes: note,
    notes_subject_code: subject && /^[A-Z]{3}$/.test(subject) ? subject : undefined,
    buyer_reference: text(agreement, 'BuyerReference'),
    order_reference: text(agreement, 'BuyerOrderReferencedDocument/IssuerAssignedID'),
    sales_order_reference: text(agreement, 'SellerOrderReferencedDocument/IssuerAssignedID'),
    contract_reference: text(agreement, 'ContractReferencedDocument/IssuerAssignedID'),
    project_reference: text(agreement, 'SpecifiedProcuringProject/ID'),
    despatch_advice_reference: text(delivery, 'DespatchAdviceReferencedDocument/IssuerAssignedID'),
    receiving_advice_reference: text(delivery, 'ReceivingAdviceReferencedDocument/IssuerAssignedID'),
    tender_reference: text(tender, 'IssuerAssignedID'),
    buyer_accounting_reference: text(settlement, 'ReceivableSpecifiedTradeAccountingAccount/ID'),
    tax_point_date: taxPointDate,
    tax_point_date_code: taxPointCode(
      headerTaxes.map((t) => text(t, 'DueDateTypeCode')).find((c) => c?.trim()),
      'cii',
      taxPointDate,
      'ApplicableTradeTax/DueDateTypeCode',
      warnings,
    ),
    invoice_period: period
      ? defined({
          start_date: date(period, 'StartDateTime/DateTimeString'),
          end_date: date(period, 'EndDateTime/DateTimeString'),
        })
      : undefined,
    ...precedings,
    invoiced_object: referenceOf(objectRef),
    supporting_documents: nonEmpty(
      supporting
        .filter((r) => text(r, 'IssuerAssignedID'))
        .map((r) =>
          defined({
            id: text(r, 'IssuerAssignedID') as string,
            description: text(r, 'Name'),
            url: text(r, 'URIID'),
          }),
        ),
    ),
    seller: party(at(agreement, 'SellerTradeParty'), warnings, 'seller'),
    buyer: party(at(agreement, 'BuyerTradeParty'), warnings, 'buyer'),
    payee: payeeEl
      ? defined({
          name: text(payeeEl, 'Name') ?? '-',
          identifier: identifier(payeeEl),
          registration_number: text(payeeEl, 'SpecifiedLegalOrganization/ID'),
        })
      : undefined,
    tax_representative:
      rep && repAddress
        ? {
            name: text(rep, 'Name') ?? '-',
            vat_id: text(rep, 'SpecifiedTaxRegistration/ID') ?? '-',
            address: repAddress,
          }
        : undefined,
    ship_to: shipTo
      ? defined({
          name: text(shipTo, 'Name') ?? '-',
          address: address(at(shipTo, 'PostalTradeAddress')),
          location_id: identifier(shipTo),
        })
      : undefined,
    delivery_date: date(delivery, 'ActualDeliverySupplyChainEvent/OccurrenceDateTime/DateTimeString'),
    payment: payment(settlement, text(document, 'ID'), warnings),
    discounts: nonEmpty(
      allowances.map((a) =>
        discountOf(
          text(a, 'ActualAmount') ?? '0',
          text(a, 'Reason'),
          text(a, 'ReasonCode'),
          at(a, 'CategoryTradeTax') ? taxesOf(taxInfo(at(a, 'CategoryTradeTax')), exempt) : undefined,
        ),
      ),
    ),
    shipping: shippingEl ? shippingOf(charge(shippingEl)) : undefined,
    charges: nonEmpty(
      charges
        .filter((c) => c !== shippingEl)
        .map((c) => defined({ ...charge(c), reason: charge(c).reason ?? 'Charge' })),
    ),
    tax_currency:
      taxCurrency && taxCurrency !== currency
        ? accountingCurrencyOf(
            {
              currency: taxCurrency,
              taxTotal: text(all(sums, 'TaxTotalAmount').find((t) => attr(t, 'currencyID') === taxCurrency)),
            },
            text(taxTotal),
            'TaxTotalAmount',
            warnings,
          )
        : undefined,
    tax_amounts: nonEmpty(
      all(settlement, 'ApplicableTradeTax').map((tax) => ({
        ...taxInfo(tax),
        amount: text(tax, 'CalculatedAmount') ?? '0',
      })),
    ),
    prepaid_amount: text(sums, 'TotalPrepaidAmount'),
    rounding_amount: text(sums, 'RoundingAmount'),
    line_items: lineEls.map((l, i) =>
      withLineId(
        line(l, exempt, warnings, minorUnitsOf(currency)),
        text(l, 'AssociatedDocumentLineDocument/LineID'),
        i,
      ),
    ),
  }) as DocumentData;
  // BT-147 on lines whose gross price (BT-148) could not be kept beside their net price.
  const grossPrice = 'SpecifiedLineTradeAgreement/GrossPriceProductTradePrice/AppliedTradeAllowanceCharge';
  grossPriceWarning(
    lineEls
      .filter(
        (l, i) =>
          !isStatedZero(text(l, `${grossPrice}/ActualAmount`)) && !data.line_items[i]?.gross_unit_price,
      )
      .map((l) => text(l, 'AssociatedDocumentLineDocument/LineID') ?? '?'),
    `IncludedSupplyChainTradeLineItem/${grossPrice}`,
    warnings,
  );
  return {
    syntax: 'cii',
    documentType,
    typeCode,
    customizationId:
      text(root, 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID') ?? null,
    data: withLogisticsCharges(data, all(settlement, 'SpecifiedLogisticsServiceCharge')),
    discountBases: allowances.map((a) => ({
      percent: text(a, 'CalculationPercent'),
      base: text(a, 'BasisAmount'),
    })),
    totals: {
      subtotal: text(sums, 'LineTotalAmount'),
      discount_total: text(sums, 'AllowanceTotalAmount'),
      shipping_total: text(sums, 'ChargeTotalAmount'),
      net_total: text(sums, 'TaxBasisTotalAmount'),
      tax_total: text(taxTotal),
      total: text(sums, 'GrandTotalAmount'),
      amount_due: text(sums, 'DuePayableAmount'),
    },
    warnings,
  };
}

/**
 * The logistics service charges of ZUGFeRD 1.0 and 2.0 EXTENDED (`SpecifiedLogisticsServiceCharge`: description, amount, tax) are
 * document level charges: the first is the shipping when the file has none, the others are charges.
 */
function withLogisticsCharges(data: DocumentData, charges: XmlElement[]): DocumentData {
  if (charges.length === 0) return data;
  const read = charges.map((c) => ({
    amount: text(c, 'AppliedAmount') ?? '0',
    reason: text(c, 'Description'),
    taxes: taxesOf(
      {
        category: text(c, 'AppliedTradeTax/CategoryCode') ?? 'S',
        rate:
          text(c, 'AppliedTradeTax/RateApplicablePercent') ??
          text(c, 'AppliedTradeTax/ApplicablePercent') ??
          '0',
      },
      new Map(),
    ),
  }));
  const first = data.shipping ? undefined : read[0];
  const others = read.slice(first ? 1 : 0).map((c) => ({ ...c, reason: c.reason ?? 'Charge' }));
  return {
    ...data,
    ...(first && { shipping: shippingOf(first) }),
    ...(others.length > 0 && { charges: [...(data.charges ?? []), ...others] }),
  };
}
