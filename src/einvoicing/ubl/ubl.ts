// EN 16931 in UBL 2.1: an Invoice (380) or a CreditNote (381), with the profile's CustomizationID (BT-24)
// and ProfileID (BT-23). The two document types differ only in a few names and in where BT-9 sits.
import { type ComplianceProfile, PROFILES } from '../profiles';
import type {
  EAllowanceCharge,
  EIdentifier,
  EInvoice,
  ELine,
  ESupportingDocument,
  InvoiceTypeCode,
} from '../semantic/types';
import { finish, newDocument, type XMLBuilder } from '../semantic/xml';
import {
  address,
  amount,
  CAC,
  CBC,
  cac,
  cbc,
  party,
  payeeParty,
  taxCategory,
  taxRepresentativeParty,
} from './ubl-parts';

const INVOICE = {
  name: 'Invoice',
  typeCode: 'InvoiceTypeCode',
  line: 'InvoiceLine',
  quantity: 'InvoicedQuantity',
};
const CREDIT_NOTE = {
  name: 'CreditNote',
  typeCode: 'CreditNoteTypeCode',
  line: 'CreditNoteLine',
  quantity: 'CreditedQuantity',
} as const;
/** Every invoice type code is an Invoice; 381 a CreditNote. */
const rootOf = (code: InvoiceTypeCode) => (code === '381' ? CREDIT_NOTE : INVOICE);

export function toUbl(invoice: EInvoice, profile: ComplianceProfile): string {
  const spec = PROFILES[profile];
  const names = rootOf(invoice.typeCode);
  const isInvoice = invoice.typeCode !== '381';
  const cur = invoice.currency;
  const root = newDocument(`urn:oasis:names:specification:ubl:schema:xsd:${names.name}-2`, names.name, {
    cac: CAC,
    cbc: CBC,
  });

  cbc(root, 'CustomizationID', invoice.specification ?? spec.customizationId);
  cbc(root, 'ProfileID', spec.profileId);
  cbc(root, 'ID', invoice.number);
  cbc(root, 'IssueDate', invoice.issueDate);
  // A CreditNote has no DueDate: its BT-9 is PaymentMeans/PaymentDueDate.
  if (isInvoice) cbc(root, 'DueDate', invoice.dueDate);
  // The UBL 2.1 schemas order BT-7 differently: before the type code in a CreditNote, after the note in
  // an Invoice.
  if (!isInvoice) cbc(root, 'TaxPointDate', invoice.taxPointDate);
  cbc(root, names.typeCode, invoice.typeCode);
  // UBL has no element for BT-21: the EN 16931 binding writes it as "#code#" before the text.
  const subject = invoice.noteSubjectCode === null ? '' : `#${invoice.noteSubjectCode}#`;
  cbc(root, 'Note', invoice.note === null ? null : `${subject}${invoice.note}`);
  if (isInvoice) cbc(root, 'TaxPointDate', invoice.taxPointDate);
  cbc(root, 'DocumentCurrencyCode', cur);
  cbc(root, 'TaxCurrencyCode', invoice.taxCurrency?.code ?? null);
  cbc(root, 'AccountingCost', invoice.buyerAccountingReference);
  cbc(root, 'BuyerReference', invoice.buyerReference);
  if (invoice.invoicePeriod !== null || invoice.taxPointDateCode !== null) {
    // BT-8 is the period's description code in UBL (a period of the code alone satisfies BR-CO-19).
    const period = cac(root, 'InvoicePeriod');
    cbc(period, 'StartDate', invoice.invoicePeriod?.start ?? null);
    cbc(period, 'EndDate', invoice.invoicePeriod?.end ?? null);
    cbc(period, 'DescriptionCode', invoice.taxPointDateCode);
  }
  if (invoice.orderReference !== null || invoice.salesOrderReference !== null) {
    // UBL needs the buyer's order id to state the seller's (BT-14): 'NA' stands in, as Peppol advises.
    const order = cac(root, 'OrderReference');
    cbc(order, 'ID', invoice.orderReference ?? 'NA');
    cbc(order, 'SalesOrderID', invoice.salesOrderReference);
  }
  // BG-3 is 0..n in UBL: one BillingReference each.
  for (const preceding of invoice.precedingInvoices) {
    const ref = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(ref, 'ID', preceding.number);
    cbc(ref, 'IssueDate', preceding.issueDate);
  }
  documentReferences(root, invoice, isInvoice);
  const creditorId = invoice.paymentMeans.directDebit?.creditorId ?? null;
  party(root, 'AccountingSupplierParty', invoice.seller, invoice.payee === null ? creditorId : null);
  party(root, 'AccountingCustomerParty', invoice.buyer);
  if (invoice.payee !== null) payeeParty(root, invoice.payee, creditorId);
  if (invoice.taxRepresentative !== null) taxRepresentativeParty(root, invoice.taxRepresentative);
  if (invoice.delivery !== null) {
    const { name, address: deliverTo, date, locationId } = invoice.delivery;
    const delivery = cac(root, 'Delivery');
    cbc(delivery, 'ActualDeliveryDate', date);
    if (deliverTo !== null || locationId !== null) {
      const location = cac(delivery, 'DeliveryLocation');
      if (locationId !== null) cbc(location, 'ID', locationId.value, schemeOf(locationId));
      if (deliverTo !== null) address(location, 'Address', deliverTo);
    }
    if (name !== null) cbc(cac(cac(delivery, 'DeliveryParty'), 'PartyName'), 'Name', name);
  }

  const means = cac(root, 'PaymentMeans');
  cbc(
    means,
    'PaymentMeansCode',
    invoice.paymentMeans.code,
    invoice.paymentMeansText === null ? undefined : { name: invoice.paymentMeansText },
  );
  if (!isInvoice) cbc(means, 'PaymentDueDate', invoice.dueDate);
  cbc(means, 'PaymentID', invoice.paymentMeans.remittance);
  const { account, card, directDebit } = invoice.paymentMeans;
  if (card !== null) {
    const cardAccount = cac(means, 'CardAccount');
    cbc(cardAccount, 'PrimaryAccountNumberID', card.lastDigits);
    cbc(cardAccount, 'NetworkID', card.network);
    cbc(cardAccount, 'HolderName', card.holder);
  }
  if (account !== null) {
    const financial = cac(means, 'PayeeFinancialAccount');
    cbc(financial, 'ID', account.id);
    cbc(financial, 'Name', account.name);
    if (account.bic !== null) cbc(cac(financial, 'FinancialInstitutionBranch'), 'ID', account.bic);
  }
  if (directDebit !== null) {
    const mandate = cac(means, 'PaymentMandate');
    cbc(mandate, 'ID', directDebit.mandate);
    if (directDebit.debitedAccount !== null) {
      cbc(cac(mandate, 'PayerFinancialAccount'), 'ID', directDebit.debitedAccount);
    }
  }
  if (invoice.paymentTerms !== null) cbc(cac(root, 'PaymentTerms'), 'Note', invoice.paymentTerms);
  // XRechnung extension BG-DEX-09 (serialize lets them through only for its Invoices).
  for (const p of invoice.thirdPartyPayments) {
    const prepaid = cac(root, 'PrepaidPayment');
    cbc(prepaid, 'ID', p.type);
    amount(prepaid, 'PaidAmount', p.amount, cur);
    cbc(prepaid, 'InstructionID', p.description);
  }

  for (const a of invoice.allowances) allowanceCharge(root, a, false, invoice);
  for (const c of invoice.charges) allowanceCharge(root, c, true, invoice);

  const taxTotal = cac(root, 'TaxTotal');
  amount(taxTotal, 'TaxAmount', invoice.totals.tax, cur);
  for (const v of invoice.vatBreakdown) {
    const subtotal = cac(taxTotal, 'TaxSubtotal');
    amount(subtotal, 'TaxableAmount', v.taxableAmount, cur);
    amount(subtotal, 'TaxAmount', v.taxAmount, cur);
    const exemption = { reason: v.exemptionReason, code: v.exemptionReasonCode };
    taxCategory(subtotal, 'TaxCategory', v.vat, invoice.taxScheme, exemption);
  }

  if (invoice.taxCurrency !== null) {
    // BT-111: a second TaxTotal, without subtotals, in the accounting currency (PEPPOL-EN16931-R054).
    amount(cac(root, 'TaxTotal'), 'TaxAmount', invoice.taxCurrency.taxTotal, invoice.taxCurrency.code);
  }

  const t = invoice.totals;
  const monetary = cac(root, 'LegalMonetaryTotal');
  amount(monetary, 'LineExtensionAmount', t.lineNet, cur);
  amount(monetary, 'TaxExclusiveAmount', t.taxExclusive, cur);
  amount(monetary, 'TaxInclusiveAmount', t.taxInclusive, cur);
  if (invoice.allowances.length > 0) amount(monetary, 'AllowanceTotalAmount', t.allowances, cur);
  if (invoice.charges.length > 0) amount(monetary, 'ChargeTotalAmount', t.charges, cur);
  if (t.prepaid !== null) amount(monetary, 'PrepaidAmount', t.prepaid, cur);
  if (t.rounding !== null) amount(monetary, 'PayableRoundingAmount', t.rounding, cur);
  amount(monetary, 'PayableAmount', t.payable, cur);

  for (const line of invoice.lines) invoiceLine(root, line, names, invoice);
  return finish(root);
}

/** BG-20 / BG-21: document level, always with a VAT category (BR-32, BR-37). */
function allowanceCharge(
  parent: XMLBuilder,
  a: EAllowanceCharge,
  isCharge: boolean,
  invoice: EInvoice,
): void {
  const node = cac(parent, 'AllowanceCharge');
  cbc(node, 'ChargeIndicator', isCharge ? 'true' : 'false');
  cbc(node, 'AllowanceChargeReasonCode', a.reasonCode);
  cbc(node, 'AllowanceChargeReason', a.reason);
  if (a.percent !== null) cbc(node, 'MultiplierFactorNumeric', a.percent.value);
  amount(node, 'Amount', a.amount, invoice.currency);
  if (a.percent !== null) amount(node, 'BaseAmount', a.percent.base, invoice.currency);
  taxCategory(node, 'TaxCategory', a.vat, invoice.taxScheme);
}

/** BG-25. */
function invoiceLine(
  parent: XMLBuilder,
  line: ELine,
  names: ReturnType<typeof rootOf>,
  invoice: EInvoice,
): void {
  const cur = invoice.currency;
  const node = cac(parent, names.line);
  cbc(node, 'ID', line.id);
  cbc(node, 'Note', line.note);
  cbc(node, names.quantity, line.quantity, { unitCode: line.unitCode });
  amount(node, 'LineExtensionAmount', line.netAmount, cur);
  cbc(node, 'AccountingCost', line.accountingReference);
  if (line.period !== null) {
    const period = cac(node, 'InvoicePeriod');
    cbc(period, 'StartDate', line.period.start);
    cbc(period, 'EndDate', line.period.end);
  }
  if (line.orderLineReference !== null)
    cbc(cac(node, 'OrderLineReference'), 'LineID', line.orderLineReference);
  if (line.objectId !== null) {
    // BT-128: a document reference of type 130 (invoiced object identifier), its scheme UNTDID 1153.
    const reference = cac(node, 'DocumentReference');
    cbc(
      reference,
      'ID',
      line.objectId.id,
      line.objectId.scheme === null ? undefined : { schemeID: line.objectId.scheme },
    );
    cbc(reference, 'DocumentTypeCode', '130');
  }
  if (line.allowance !== null) {
    // BG-27: a line allowance carries no tax category of its own (it takes the line's).
    const allowance = cac(node, 'AllowanceCharge');
    cbc(allowance, 'ChargeIndicator', 'false');
    cbc(allowance, 'AllowanceChargeReasonCode', line.allowance.reasonCode);
    cbc(allowance, 'AllowanceChargeReason', line.allowance.reason);
    if (line.allowance.percent !== null)
      cbc(allowance, 'MultiplierFactorNumeric', line.allowance.percent.value);
    amount(allowance, 'Amount', line.allowance.amount, cur);
    if (line.allowance.percent !== null) amount(allowance, 'BaseAmount', line.allowance.percent.base, cur);
  }
  for (const c of line.charges) {
    // BG-28: like the allowance, it takes the line's tax category.
    const charge = cac(node, 'AllowanceCharge');
    cbc(charge, 'ChargeIndicator', 'true');
    cbc(charge, 'AllowanceChargeReasonCode', c.reasonCode);
    cbc(charge, 'AllowanceChargeReason', c.reason);
    amount(charge, 'Amount', c.amount, cur);
  }
  const item = cac(node, 'Item');
  cbc(item, 'Description', line.description);
  cbc(item, 'Name', line.name);
  if (line.buyerItemId !== null) cbc(cac(item, 'BuyersItemIdentification'), 'ID', line.buyerItemId);
  if (line.sellerItemId !== null) cbc(cac(item, 'SellersItemIdentification'), 'ID', line.sellerItemId);
  if (line.standardItemId !== null) {
    cbc(cac(item, 'StandardItemIdentification'), 'ID', line.standardItemId.id, {
      schemeID: line.standardItemId.scheme,
    });
  }
  if (line.originCountry !== null) cbc(cac(item, 'OriginCountry'), 'IdentificationCode', line.originCountry);
  for (const c of line.classifications) {
    const attributes: Record<string, string> = { listID: c.scheme };
    if (c.version !== null) attributes.listVersionID = c.version;
    cbc(cac(item, 'CommodityClassification'), 'ItemClassificationCode', c.id, attributes);
  }
  taxCategory(item, 'ClassifiedTaxCategory', line.vat, invoice.taxScheme);
  for (const a of line.attributes) {
    const property = cac(item, 'AdditionalItemProperty');
    cbc(property, 'Name', a.name);
    cbc(property, 'Value', a.value);
  }
  const price = cac(node, 'Price');
  amount(price, 'PriceAmount', line.netPrice, cur);
  if (line.baseQuantity !== null) cbc(price, 'BaseQuantity', line.baseQuantity, { unitCode: line.unitCode });
  if (line.grossPrice !== null) {
    // BT-147 and BT-148: the price discount on the gross price (a charge is not allowed here, R044).
    const discount = cac(price, 'AllowanceCharge');
    cbc(discount, 'ChargeIndicator', 'false');
    amount(discount, 'Amount', line.grossPrice.discount, cur);
    amount(discount, 'BaseAmount', line.grossPrice.amount, cur);
  }
}

/**
 * BT-16, BT-15, BT-17, BT-12 and BT-11 in the order the UBL 2.1 schemas want them: the Invoice has
 * Originator before Contract and a ProjectReference; the CreditNote has Contract before Originator and no
 * ProjectReference, so BT-11 becomes an AdditionalDocumentReference with type code 50 (as Peppol does).
 */
function documentReferences(root: XMLBuilder, invoice: EInvoice, isInvoice: boolean): void {
  const reference = (name: string, id: string | null) => {
    if (id !== null) cbc(cac(root, name), 'ID', id);
  };
  reference('DespatchDocumentReference', invoice.despatchAdviceReference);
  reference('ReceiptDocumentReference', invoice.receivingAdviceReference);
  if (isInvoice) {
    reference('OriginatorDocumentReference', invoice.tenderReference);
    reference('ContractDocumentReference', invoice.contractReference);
    for (const d of invoice.supportingDocuments) supportingDocument(root, d);
    invoicedObject(root, invoice);
    reference('ProjectReference', invoice.projectReference);
    return;
  }
  reference('ContractDocumentReference', invoice.contractReference);
  if (invoice.projectReference !== null) {
    const project = cac(root, 'AdditionalDocumentReference');
    cbc(project, 'ID', invoice.projectReference);
    cbc(project, 'DocumentTypeCode', '50');
  }
  for (const d of invoice.supportingDocuments) supportingDocument(root, d);
  invoicedObject(root, invoice);
  reference('OriginatorDocumentReference', invoice.tenderReference);
}

const schemeOf = (id: EIdentifier) => (id.scheme === null ? undefined : { schemeID: id.scheme });

/** BT-18: an additional document reference of type 130, its scheme UNTDID 1153. */
function invoicedObject(root: XMLBuilder, invoice: EInvoice): void {
  if (invoice.invoicedObject === null) return;
  const node = cac(root, 'AdditionalDocumentReference');
  cbc(node, 'ID', invoice.invoicedObject.value, schemeOf(invoice.invoicedObject));
  cbc(node, 'DocumentTypeCode', '130');
}

/** BG-24: the file embedded as base64 (BT-125), else its URL (BT-124). */
function supportingDocument(root: XMLBuilder, d: ESupportingDocument): void {
  const node = cac(root, 'AdditionalDocumentReference');
  cbc(node, 'ID', d.id);
  cbc(node, 'DocumentDescription', d.description);
  if (d.file === null && d.url === null) return;
  const attachment = cac(node, 'Attachment');
  if (d.file !== null) {
    cbc(attachment, 'EmbeddedDocumentBinaryObject', Buffer.from(d.file.bytes).toString('base64'), {
      mimeCode: d.file.mimeCode,
      filename: d.file.filename,
    });
  }
  if (d.url !== null) cbc(cac(attachment, 'ExternalReference'), 'URI', d.url);
}
