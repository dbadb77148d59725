// EN 16931 in UN/CEFACT Cross Industry Invoice D16B, as Factur-X EN 16931 and XRechnung CII use it: one
// document shape for invoices (380) and credit notes (381); the profile only changes the guideline id.
import { type ComplianceProfile, PROFILES } from '../profiles';
import type { EAllowanceCharge, EInvoice, ELine } from '../semantic/types';
import { finish, newDocument, type XMLBuilder } from '../semantic/xml';
import { CII_TAX_POINT_CODES } from '../tax-point-codes';
import {
  address,
  date,
  dateOnly,
  identifier,
  indicator,
  party,
  payeeParty,
  QDT,
  RAM,
  RSM,
  ram,
  ramLeaf,
  taxRepresentativeParty,
  tradeTax,
  UDT,
} from './cii-parts';

export function toCii(invoice: EInvoice, profile: ComplianceProfile): string {
  const spec = PROFILES[profile];
  const root = newDocument(RSM, 'rsm:CrossIndustryInvoice', { rsm: RSM, ram: RAM, qdt: QDT, udt: UDT });

  const context = root.ele(RSM, 'rsm:ExchangedDocumentContext');
  if (spec.profileId !== null) {
    ramLeaf(ram(context, 'BusinessProcessSpecifiedDocumentContextParameter'), 'ID', spec.profileId);
  }
  ramLeaf(
    ram(context, 'GuidelineSpecifiedDocumentContextParameter'),
    'ID',
    invoice.specification ?? spec.customizationId,
  );

  const document = root.ele(RSM, 'rsm:ExchangedDocument');
  ramLeaf(document, 'ID', invoice.number);
  ramLeaf(document, 'TypeCode', invoice.typeCode);
  date(document, 'IssueDateTime', invoice.issueDate);
  if (invoice.note !== null) {
    const note = ram(document, 'IncludedNote');
    ramLeaf(note, 'Content', invoice.note);
    ramLeaf(note, 'SubjectCode', invoice.noteSubjectCode);
  }

  const transaction = root.ele(RSM, 'rsm:SupplyChainTradeTransaction');
  for (const line of invoice.lines) lineItem(transaction, line, invoice.taxScheme);

  const agreement = ram(transaction, 'ApplicableHeaderTradeAgreement');
  ramLeaf(agreement, 'BuyerReference', invoice.buyerReference);
  party(agreement, 'SellerTradeParty', invoice.seller);
  party(agreement, 'BuyerTradeParty', invoice.buyer);
  if (invoice.taxRepresentative !== null) taxRepresentativeParty(agreement, invoice.taxRepresentative);
  const referenced = (parent: XMLBuilder, name: string, id: string | null) => {
    if (id !== null) ramLeaf(ram(parent, name), 'IssuerAssignedID', id);
  };
  referenced(agreement, 'SellerOrderReferencedDocument', invoice.salesOrderReference);
  referenced(agreement, 'BuyerOrderReferencedDocument', invoice.orderReference);
  referenced(agreement, 'ContractReferencedDocument', invoice.contractReference);
  for (const d of invoice.supportingDocuments) {
    // BG-24: type 916 (reference paper); the file embedded as base64 (BT-125), or its URL (BT-124).
    const node = ram(agreement, 'AdditionalReferencedDocument');
    ramLeaf(node, 'IssuerAssignedID', d.id);
    ramLeaf(node, 'URIID', d.url);
    ramLeaf(node, 'TypeCode', '916');
    ramLeaf(node, 'Name', d.description);
    if (d.file !== null) {
      ramLeaf(node, 'AttachmentBinaryObject', Buffer.from(d.file.bytes).toString('base64'), {
        mimeCode: d.file.mimeCode,
        filename: d.file.filename,
      });
    }
  }
  if (invoice.invoicedObject !== null) {
    // BT-18: an additional referenced document of type 130, its scheme UNTDID 1153.
    const object = ram(agreement, 'AdditionalReferencedDocument');
    ramLeaf(object, 'IssuerAssignedID', invoice.invoicedObject.value);
    ramLeaf(object, 'TypeCode', '130');
    ramLeaf(object, 'ReferenceTypeCode', invoice.invoicedObject.scheme);
  }
  if (invoice.tenderReference !== null) {
    // BT-17 in CII: an additional referenced document of type 50 (price/sales catalogue response: tender).
    const tender = ram(agreement, 'AdditionalReferencedDocument');
    ramLeaf(tender, 'IssuerAssignedID', invoice.tenderReference);
    ramLeaf(tender, 'TypeCode', '50');
  }
  if (invoice.projectReference !== null) {
    const project = ram(agreement, 'SpecifiedProcuringProject');
    ramLeaf(project, 'ID', invoice.projectReference);
    ramLeaf(project, 'Name', 'Project reference');
  }

  // Required by the XSD even when empty.
  const delivery = ram(transaction, 'ApplicableHeaderTradeDelivery');
  if (invoice.delivery !== null) {
    const { name, address: deliverTo, date: delivered, locationId } = invoice.delivery;
    if (name !== null || deliverTo !== null || locationId !== null) {
      const shipTo = ram(delivery, 'ShipToTradeParty');
      if (locationId !== null) identifier(shipTo, locationId);
      ramLeaf(shipTo, 'Name', name);
      if (deliverTo !== null) address(shipTo, deliverTo);
    }
    if (delivered !== null)
      date(ram(delivery, 'ActualDeliverySupplyChainEvent'), 'OccurrenceDateTime', delivered);
  }
  referenced(delivery, 'DespatchAdviceReferencedDocument', invoice.despatchAdviceReference);
  referenced(delivery, 'ReceivingAdviceReferencedDocument', invoice.receivingAdviceReference);

  settlement(ram(transaction, 'ApplicableHeaderTradeSettlement'), invoice, profile);
  return finish(root);
}

function settlement(node: XMLBuilder, invoice: EInvoice, profile: ComplianceProfile): void {
  const { paymentMeans, totals: t } = invoice;
  const { account, card, directDebit } = paymentMeans;
  ramLeaf(node, 'CreditorReferenceID', directDebit?.creditorId ?? null);
  ramLeaf(node, 'PaymentReference', paymentMeans.remittance);
  ramLeaf(node, 'TaxCurrencyCode', invoice.taxCurrency?.code ?? null);
  ramLeaf(node, 'InvoiceCurrencyCode', invoice.currency);
  if (invoice.payee !== null) payeeParty(node, invoice.payee);
  const means = ram(node, 'SpecifiedTradeSettlementPaymentMeans');
  ramLeaf(means, 'TypeCode', paymentMeans.code);
  ramLeaf(means, 'Information', invoice.paymentMeansText);
  if (card !== null) {
    const financialCard = ram(means, 'ApplicableTradeSettlementFinancialCard');
    ramLeaf(financialCard, 'ID', card.lastDigits);
    ramLeaf(financialCard, 'CardholderName', card.holder);
  }
  if (directDebit?.debitedAccount) {
    ramLeaf(ram(means, 'PayerPartyDebtorFinancialAccount'), 'IBANID', directDebit.debitedAccount);
  }
  if (account !== null) {
    const creditor = ram(means, 'PayeePartyCreditorFinancialAccount');
    if (account.isIban) ramLeaf(creditor, 'IBANID', account.id);
    ramLeaf(creditor, 'AccountName', account.name);
    if (!account.isIban) ramLeaf(creditor, 'ProprietaryID', account.id);
    if (account.bic !== null)
      ramLeaf(ram(means, 'PayeeSpecifiedCreditorFinancialInstitution'), 'BICID', account.bic);
  }

  invoice.vatBreakdown.forEach((v, k) => {
    const tax = ram(node, 'ApplicableTradeTax');
    ramLeaf(tax, 'CalculatedAmount', v.taxAmount);
    ramLeaf(tax, 'TypeCode', invoice.taxScheme);
    ramLeaf(tax, 'ExemptionReason', v.exemptionReason);
    ramLeaf(tax, 'BasisAmount', v.taxableAmount);
    ramLeaf(tax, 'CategoryCode', v.vat.code);
    ramLeaf(tax, 'ExemptionReasonCode', v.exemptionReasonCode);
    // BT-7 is one date for the invoice: CII carries it in a breakdown, once (CII-SR-461).
    if (invoice.taxPointDate !== null && k === 0) dateOnly(tax, 'TaxPointDate', invoice.taxPointDate);
    // BT-8 in UNTDID 2475, on every breakdown alike (CII-SR-462 allows one value, however often).
    ramLeaf(
      tax,
      'DueDateTypeCode',
      invoice.taxPointDateCode && CII_TAX_POINT_CODES[invoice.taxPointDateCode],
    );
    ramLeaf(tax, 'RateApplicablePercent', v.vat.rate);
  });
  if (invoice.invoicePeriod !== null) {
    const period = ram(node, 'BillingSpecifiedPeriod');
    if (invoice.invoicePeriod.start !== null) date(period, 'StartDateTime', invoice.invoicePeriod.start);
    if (invoice.invoicePeriod.end !== null) date(period, 'EndDateTime', invoice.invoicePeriod.end);
  }
  for (const a of invoice.allowances) allowanceCharge(node, a, false, invoice.taxScheme);
  for (const c of invoice.charges) allowanceCharge(node, c, true, invoice.taxScheme);

  if (invoice.paymentTerms !== null || invoice.dueDate !== null || directDebit !== null) {
    const terms = ram(node, 'SpecifiedTradePaymentTerms');
    ramLeaf(terms, 'Description', invoice.paymentTerms);
    if (invoice.dueDate !== null) date(terms, 'DueDateDateTime', invoice.dueDate);
    ramLeaf(terms, 'DirectDebitMandateID', directDebit?.mandate ?? null);
  }

  const sums = ram(node, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  ramLeaf(sums, 'LineTotalAmount', t.lineNet);
  if (invoice.charges.length > 0) ramLeaf(sums, 'ChargeTotalAmount', t.charges);
  if (invoice.allowances.length > 0) ramLeaf(sums, 'AllowanceTotalAmount', t.allowances);
  ramLeaf(sums, 'TaxBasisTotalAmount', t.taxExclusive);
  ramLeaf(sums, 'TaxTotalAmount', t.tax, { currencyID: invoice.currency });
  if (invoice.taxCurrency !== null) {
    ramLeaf(sums, 'TaxTotalAmount', invoice.taxCurrency.taxTotal, { currencyID: invoice.taxCurrency.code });
  }
  ramLeaf(sums, 'RoundingAmount', t.rounding);
  ramLeaf(sums, 'GrandTotalAmount', t.taxInclusive);
  ramLeaf(sums, 'TotalPrepaidAmount', t.prepaid);
  ramLeaf(sums, 'DuePayableAmount', t.payable);

  // BG-3: the Factur-X schema takes any number of InvoiceReferencedDocument, CII D16B's (XRechnung CII)
  // one only: there the first is written (docs/einvoicing-xml.md).
  const preceding =
    profile === 'xrechnung_cii' ? invoice.precedingInvoices.slice(0, 1) : invoice.precedingInvoices;
  for (const p of preceding) {
    const ref = ram(node, 'InvoiceReferencedDocument');
    ramLeaf(ref, 'IssuerAssignedID', p.number);
    if (p.issueDate !== null) date(ref, 'FormattedIssueDateTime', p.issueDate, true);
  }
  if (invoice.buyerAccountingReference !== null) {
    ramLeaf(ram(node, 'ReceivableSpecifiedTradeAccountingAccount'), 'ID', invoice.buyerAccountingReference);
  }
}

/** BG-20 / BG-21. */
function allowanceCharge(parent: XMLBuilder, a: EAllowanceCharge, isCharge: boolean, scheme: string): void {
  const node = ram(parent, 'SpecifiedTradeAllowanceCharge');
  indicator(node, isCharge);
  if (a.percent !== null) {
    ramLeaf(node, 'CalculationPercent', a.percent.value);
    ramLeaf(node, 'BasisAmount', a.percent.base);
  }
  ramLeaf(node, 'ActualAmount', a.amount);
  ramLeaf(node, 'ReasonCode', a.reasonCode);
  ramLeaf(node, 'Reason', a.reason);
  tradeTax(node, 'CategoryTradeTax', a.vat, scheme);
}

/** BG-25. */
function lineItem(parent: XMLBuilder, line: ELine, scheme: string): void {
  const node = ram(parent, 'IncludedSupplyChainTradeLineItem');
  const document = ram(node, 'AssociatedDocumentLineDocument');
  ramLeaf(document, 'LineID', line.id);
  if (line.note !== null) ramLeaf(ram(document, 'IncludedNote'), 'Content', line.note);
  const product = ram(node, 'SpecifiedTradeProduct');
  if (line.standardItemId !== null) {
    ramLeaf(product, 'GlobalID', line.standardItemId.id, { schemeID: line.standardItemId.scheme });
  }
  ramLeaf(product, 'SellerAssignedID', line.sellerItemId);
  ramLeaf(product, 'BuyerAssignedID', line.buyerItemId);
  ramLeaf(product, 'Name', line.name);
  ramLeaf(product, 'Description', line.description);
  for (const a of line.attributes) {
    const characteristic = ram(product, 'ApplicableProductCharacteristic');
    ramLeaf(characteristic, 'Description', a.name);
    ramLeaf(characteristic, 'Value', a.value);
  }
  for (const c of line.classifications) {
    const attributes: Record<string, string> = { listID: c.scheme };
    if (c.version !== null) attributes.listVersionID = c.version;
    ramLeaf(ram(product, 'DesignatedProductClassification'), 'ClassCode', c.id, attributes);
  }
  if (line.originCountry !== null) ramLeaf(ram(product, 'OriginTradeCountry'), 'ID', line.originCountry);
  const agreement = ram(node, 'SpecifiedLineTradeAgreement');
  if (line.orderLineReference !== null) {
    ramLeaf(ram(agreement, 'BuyerOrderReferencedDocument'), 'LineID', line.orderLineReference);
  }
  if (line.grossPrice !== null) {
    // BT-148 with its base quantity, BT-147 as its one allowance (before the net price: the XSD's order).
    const gross = ram(agreement, 'GrossPriceProductTradePrice');
    ramLeaf(gross, 'ChargeAmount', line.grossPrice.amount);
    if (line.baseQuantity !== null) {
      ramLeaf(gross, 'BasisQuantity', line.baseQuantity, { unitCode: line.unitCode });
    }
    const discount = ram(gross, 'AppliedTradeAllowanceCharge');
    indicator(discount, false);
    ramLeaf(discount, 'ActualAmount', line.grossPrice.discount);
  }
  const netPrice = ram(agreement, 'NetPriceProductTradePrice');
  ramLeaf(netPrice, 'ChargeAmount', line.netPrice);
  if (line.baseQuantity !== null) {
    ramLeaf(netPrice, 'BasisQuantity', line.baseQuantity, { unitCode: line.unitCode });
  }
  ramLeaf(ram(node, 'SpecifiedLineTradeDelivery'), 'BilledQuantity', line.quantity, {
    unitCode: line.unitCode,
  });

  const settlement = ram(node, 'SpecifiedLineTradeSettlement');
  tradeTax(settlement, 'ApplicableTradeTax', line.vat, scheme);
  if (line.period !== null) {
    const period = ram(settlement, 'BillingSpecifiedPeriod');
    if (line.period.start !== null) date(period, 'StartDateTime', line.period.start);
    if (line.period.end !== null) date(period, 'EndDateTime', line.period.end);
  }
  if (line.allowance !== null) {
    const allowance = ram(settlement, 'SpecifiedTradeAllowanceCharge');
    indicator(allowance, false);
    if (line.allowance.percent !== null) {
      ramLeaf(allowance, 'CalculationPercent', line.allowance.percent.value);
      ramLeaf(allowance, 'BasisAmount', line.allowance.percent.base);
    }
    ramLeaf(allowance, 'ActualAmount', line.allowance.amount);
    ramLeaf(allowance, 'ReasonCode', line.allowance.reasonCode);
    ramLeaf(allowance, 'Reason', line.allowance.reason);
  }
  for (const c of line.charges) {
    const charge = ram(settlement, 'SpecifiedTradeAllowanceCharge');
    indicator(charge, true);
    ramLeaf(charge, 'ActualAmount', c.amount);
    ramLeaf(charge, 'ReasonCode', c.reasonCode);
    ramLeaf(charge, 'Reason', c.reason);
  }
  ramLeaf(
    ram(settlement, 'SpecifiedTradeSettlementLineMonetarySummation'),
    'LineTotalAmount',
    line.netAmount,
  );
  if (line.objectId !== null) {
    const reference = ram(settlement, 'AdditionalReferencedDocument');
    ramLeaf(reference, 'IssuerAssignedID', line.objectId.id);
    ramLeaf(reference, 'TypeCode', '130');
    ramLeaf(reference, 'ReferenceTypeCode', line.objectId.scheme);
  }
  if (line.accountingReference !== null) {
    ramLeaf(ram(settlement, 'ReceivableSpecifiedTradeAccountingAccount'), 'ID', line.accountingReference);
  }
}
