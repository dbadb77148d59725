// A UBL 2.1 Invoice or CreditNote (EN 16931 binding) read into the document data: the mapping of
// docs/einvoicing-xml.md, backwards. What the data cannot hold becomes a warning naming its BT.
import { isInvoiceTypeCode } from '../../domain/document-content';
import type { DocumentData } from '../../domain/document-data';
import type { MinorUnits } from '../../domain/money';
import { minorUnitsOf } from '../../domain/reference';
import {
  all,
  at,
  attr,
  attributesOf,
  classificationsOf,
  defined,
  identifierAt,
  nonEmpty,
  text,
  type XmlElement,
} from './dom';
import { grossPriceWarning, lineGrossOf, linePriceOf, ublGrossOf } from './line-price';
import { keptPrecedingInvoices } from './preceding-invoices';
import {
  accountingCurrencyOf,
  discountOf,
  isStatedZero,
  lineDiscountOf,
  type Money,
  shippingOf,
  signedQuantity,
  splitNote,
  type TaxInfo,
  taxesOf,
  taxPointCode,
  withLineId,
} from './shared';
import type { ReadInvoice, ReceiveWarning } from './types';
import { extensionWarnings, thirdPartyPayments } from './ubl-extension';
import { ublFormat } from './ubl-formats';
import { address, party, partyIdentifier } from './ubl-parties';
import { payment } from './ubl-payment';

type Line = DocumentData['line_items'][number];

function exemptions(root: XmlElement): Map<string, { reason?: string; code?: string }> {
  const map = new Map<string, { reason?: string; code?: string }>();
  // Every TaxTotal's subtotals: the first one stating a category and rate gives its exemption.
  for (const sub of all(root, 'TaxTotal/TaxSubtotal')) {
    const category = at(sub, 'TaxCategory');
    const key = `${taxInfo(category).category}|${text(category, 'Percent') ?? '0'}`;
    if (map.has(key)) continue;
    map.set(key, {
      reason: text(category, 'TaxExemptionReason'),
      code: text(category, 'TaxExemptionReasonCode'),
    });
  }
  return map;
}

/** OIOUBL's VAT category names as UNCL5305 codes. */
const OIOUBL_CATEGORIES: Record<string, string> = { StandardRated: 'S', ZeroRated: 'Z', ReverseCharge: 'AE' };

function taxInfo(category: XmlElement | null): TaxInfo {
  const id = text(category, 'ID') ?? 'S';
  return { category: OIOUBL_CATEGORIES[id] ?? id, rate: text(category, 'Percent') ?? '0' };
}

function line(
  el: XmlElement,
  isCredit: boolean,
  exempt: ReturnType<typeof exemptions>,
  warnings: ReceiveWarning[],
  minorUnits: MinorUnits,
): Line {
  const quantityEl = at(el, isCredit ? 'CreditedQuantity' : 'InvoicedQuantity');
  const item = at(el, 'Item');
  const price = at(el, 'Price');
  const id = text(el, 'ID') ?? '?';
  const allowances: Money[] = [];
  const charges: Line['charges'] = [];
  for (const ac of all(el, 'AllowanceCharge')) {
    const amount = text(ac, 'Amount') ?? '0';
    if (text(ac, 'ChargeIndicator') === 'true') {
      charges.push(
        defined({
          amount,
          reason: text(ac, 'AllowanceChargeReason') ?? 'Charge',
          reason_code: text(ac, 'AllowanceChargeReasonCode'),
        }),
      );
    } else {
      allowances.push({
        amount,
        reason: text(ac, 'AllowanceChargeReason'),
        code: text(ac, 'AllowanceChargeReasonCode'),
        percent: text(ac, 'MultiplierFactorNumeric'),
        base: text(ac, 'BaseAmount'),
      });
    }
  }
  const period = at(el, 'InvoicePeriod');
  const objectRef = all(el, 'DocumentReference').find((d) => text(d, 'DocumentTypeCode') === '130');
  const standard = at(item, 'StandardItemIdentification/ID');
  const where = `line ${id}`;
  const quantity = signedQuantity(
    text(quantityEl) ?? '0',
    text(price, 'PriceAmount') ?? '0',
    text(el, 'LineExtensionAmount'),
  );
  const stated = linePriceOf(
    {
      quantity,
      price: text(price, 'PriceAmount') ?? '0',
      baseQuantity: text(price, 'BaseQuantity'),
      baseUnit: attr(at(price, 'BaseQuantity'), 'unitCode'),
      unit: attr(quantityEl, 'unitCode'),
      gross: ublGrossOf(price),
      amount: text(el, 'LineExtensionAmount'),
      allowances: allowances.map((a) => a.amount),
      charges: (charges ?? []).map((c) => c.amount),
      minorUnits,
    },
    where,
    warnings,
  );
  return defined({
    name: text(item, 'Name') ?? '-',
    description: text(item, 'Description'),
    quantity,
    unit_code: attr(quantityEl, 'unitCode'),
    unit_price: stated.unit_price,
    price_base_quantity: stated.price_base_quantity,
    gross_unit_price: stated.gross_unit_price,
    sku: text(item, 'SellersItemIdentification/ID'),
    buyer_item_id: text(item, 'BuyersItemIdentification/ID'),
    standard_item_id:
      standard && text(standard) && attr(standard, 'schemeID')
        ? { id: text(standard) as string, scheme_id: attr(standard, 'schemeID') as string }
        : undefined,
    origin_country: text(item, 'OriginCountry/IdentificationCode'),
    note: text(el, 'Note'),
    accounting_reference: text(el, 'AccountingCost'),
    order_line_reference: text(el, 'OrderLineReference/LineID'),
    period: period
      ? defined({ start_date: text(period, 'StartDate'), end_date: text(period, 'EndDate') })
      : undefined,
    object_identifier: identifierAt(objectRef, 'ID'),
    classifications: classificationsOf(all(item, 'CommodityClassification/ItemClassificationCode')),
    attributes: attributesOf(all(item, 'AdditionalItemProperty'), 'Name'),
    discount: lineDiscountOf(
      allowances,
      `line ${id}`,
      warnings,
      lineGrossOf(quantity, stated, minorUnits),
      minorUnits,
    ),
    charges: nonEmpty(charges),
    // OIOUBL states a line's VAT in the line's own TaxTotal, not under the item.
    taxes: taxesOf(
      taxInfo(at(item, 'ClassifiedTaxCategory') ?? at(el, 'TaxTotal/TaxSubtotal/TaxCategory')),
      exempt,
    ),
  }) as Line;
}

/** BT-118's scheme: OIOUBL writes its own codes (63 = VAT) and names the scheme in TaxScheme/Name. */
function ublTaxScheme(root: XmlElement): string {
  const scheme = at(root, 'TaxTotal/TaxSubtotal/TaxCategory/TaxScheme');
  const id = text(scheme, 'ID');
  if (id && /^[A-Z]{3}$/.test(id)) return id;
  return text(scheme, 'Name') === 'VAT' || text(scheme, 'Name') === 'Moms' || id === '63'
    ? 'VAT'
    : (id ?? 'VAT');
}

export function fromUbl(root: XmlElement): ReadInvoice {
  const isCredit = root.localName === 'CreditNote';
  const warnings: ReceiveWarning[] = [];
  const exempt = exemptions(root);
  const typeCode =
    text(root, isCredit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? (isCredit ? '381' : '380');
  const documentType = isCredit || typeCode === '381' ? 'credit_note' : 'invoice';
  const { note, subjectCode } = splitNote(
    all(root, 'Note')
      .map((n) => text(n))
      .filter((n): n is string => !!n),
  );
  const sellerEl = at(root, 'AccountingSupplierParty/Party');
  const payeeEl = at(root, 'PayeeParty');
  const period = at(root, 'InvoicePeriod');
  // BG-3 is 0..n: one stays preceding_invoice, several are preceding_invoices.
  const billings = keptPrecedingInvoices(
    all(root, 'BillingReference')
      .map((b) => at(b, 'InvoiceDocumentReference'))
      .filter((b) => b && text(b, 'ID'))
      .map((b) => defined({ number: text(b, 'ID') as string, issue_date: text(b, 'IssueDate') })),
    'BillingReference',
    warnings,
  );
  const delivery = at(root, 'Delivery');
  const location = at(delivery, 'DeliveryLocation');
  const references = all(root, 'AdditionalDocumentReference');
  const objectRef = references.find((r) => text(r, 'DocumentTypeCode') === '130');
  const projectInCredit = references.find((r) => text(r, 'DocumentTypeCode') === '50');
  const supporting = references.filter((r) => r !== objectRef && r !== projectInCredit);
  for (const r of supporting) {
    if (at(r, 'Attachment/EmbeddedDocumentBinaryObject')) {
      warnings.push({
        term: 'BT-125',
        path: `AdditionalDocumentReference[${text(r, 'ID')}]`,
        message: 'The attached file stays in the original e-invoice; the data names the document only',
        code: 'attachment_not_kept',
        params: {},
      });
    }
  }
  const currency = text(root, 'DocumentCurrencyCode') ?? 'EUR';
  // BT-6 equal to BT-5 (XRechnung 1.2, CIUS-PT, CIUS-RO write it so) names no second currency.
  const taxCurrency = [text(root, 'TaxCurrencyCode')].find((c) => c !== currency);
  const allowances = all(root, 'AllowanceCharge').filter((ac) => text(ac, 'ChargeIndicator') !== 'true');
  const chargesEl = all(root, 'AllowanceCharge').filter((ac) => text(ac, 'ChargeIndicator') === 'true');
  const shippingEl = chargesEl.find((c) => text(c, 'AllowanceChargeReasonCode') === 'FC');
  const otherCharges = chargesEl.filter((c) => c !== shippingEl);
  extensionWarnings(root, isCredit, warnings);
  const lineEls = all(root, isCredit ? 'CreditNoteLine' : 'InvoiceLine');
  const lines = lineEls.map((l, i) =>
    withLineId(line(l, isCredit, exempt, warnings, minorUnitsOf(currency)), text(l, 'ID'), i),
  );
  grossPriceWarning(
    lineEls
      .filter((l, i) => !isStatedZero(text(l, 'Price/AllowanceCharge/Amount')) && !lines[i]?.gross_unit_price)
      .map((l) => text(l, 'ID') ?? '?'),
    'Price/AllowanceCharge',
    warnings,
  );
  const totalsEl = at(root, 'LegalMonetaryTotal');
  // BT-110 and its breakdown: the VAT total in the document currency, the one with subtotals first (ZATCA
  // states it twice, once without).
  const documentTaxTotals = all(root, 'TaxTotal').filter(
    (t) => attr(at(t, 'TaxAmount'), 'currencyID') !== taxCurrency || !taxCurrency,
  );
  const taxTotal = documentTaxTotals.find((t) => at(t, 'TaxSubtotal')) ?? documentTaxTotals[0];
  const accountingTax = all(root, 'TaxTotal').find(
    (t) => !!taxCurrency && attr(at(t, 'TaxAmount'), 'currencyID') === taxCurrency,
  );
  const charge = (c: XmlElement) => ({
    amount: text(c, 'Amount') ?? '0',
    reason: text(c, 'AllowanceChargeReason'),
    reason_code: text(c, 'AllowanceChargeReasonCode'),
    taxes: taxesOf(taxInfo(at(c, 'TaxCategory')), exempt),
  });
  const data = defined({
    invoice_number: text(root, 'ID'),
    issue_date: text(root, 'IssueDate'),
    due_date: text(root, 'DueDate') ?? text(root, 'PaymentMeans/PaymentDueDate'),
    currency,
    type_code:
      documentType === 'invoice' && typeCode !== '380' && isInvoiceTypeCode(typeCode) ? typeCode : undefined,
    tax_scheme: ublTaxScheme(root),
    notes: note,
    notes_subject_code: subjectCode,
    buyer_reference: text(root, 'BuyerReference'),
    order_reference: text(root, 'OrderReference/ID') === 'NA' ? undefined : text(root, 'OrderReference/ID'),
    sales_order_reference: text(root, 'OrderReference/SalesOrderID'),
    contract_reference: text(root, 'ContractDocumentReference/ID'),
    project_reference: text(root, 'ProjectReference/ID') ?? text(projectInCredit, 'ID'),
    despatch_advice_reference: text(root, 'DespatchDocumentReference/ID'),
    receiving_advice_reference: text(root, 'ReceiptDocumentReference/ID'),
    tender_reference: text(root, 'OriginatorDocumentReference/ID'),
    buyer_accounting_reference: text(root, 'AccountingCost'),
    tax_point_date: text(root, 'TaxPointDate'),
    tax_point_date_code: taxPointCode(
      text(period, 'DescriptionCode'),
      'ubl',
      text(root, 'TaxPointDate'),
      'InvoicePeriod/DescriptionCode',
      warnings,
    ),
    // A period stating only its description code (BT-8) is no invoicing period.
    invoice_period:
      text(period, 'StartDate') || text(period, 'EndDate')
        ? defined({ start_date: text(period, 'StartDate'), end_date: text(period, 'EndDate') })
        : undefined,
    ...billings,
    invoiced_object: identifierAt(objectRef, 'ID'),
    supporting_documents: nonEmpty(
      supporting
        .filter((r) => text(r, 'ID'))
        .map((r) =>
          defined({
            id: text(r, 'ID') as string,
            description: text(r, 'DocumentDescription'),
            url: text(r, 'Attachment/ExternalReference/URI'),
          }),
        ),
    ),
    seller: party(sellerEl, warnings, 'seller'),
    buyer: party(at(root, 'AccountingCustomerParty/Party'), warnings, 'buyer'),
    payee: payeeEl
      ? defined({
          name: text(payeeEl, 'PartyName/Name') ?? '-',
          identifier: partyIdentifier(payeeEl),
          registration_number: text(payeeEl, 'PartyLegalEntity/CompanyID'),
        })
      : undefined,
    tax_representative: (() => {
      const rep = at(root, 'TaxRepresentativeParty');
      const repAddress = address(at(rep, 'PostalAddress'));
      return rep && repAddress
        ? {
            name: text(rep, 'PartyName/Name') ?? '-',
            vat_id: text(rep, 'PartyTaxScheme/CompanyID') ?? '-',
            address: repAddress,
          }
        : undefined;
    })(),
    ship_to:
      location || at(delivery, 'DeliveryParty')
        ? defined({
            name: text(delivery, 'DeliveryParty/PartyName/Name') ?? '-',
            address: address(at(location, 'Address')),
            location_id: identifierAt(location, 'ID'),
          })
        : undefined,
    delivery_date: text(delivery, 'ActualDeliveryDate'),
    payment: payment(root, sellerEl, payeeEl, warnings),
    discounts: nonEmpty(
      allowances.map((a) =>
        discountOf(
          text(a, 'Amount') ?? '0',
          text(a, 'AllowanceChargeReason'),
          text(a, 'AllowanceChargeReasonCode'),
          at(a, 'TaxCategory') ? taxesOf(taxInfo(at(a, 'TaxCategory')), exempt) : undefined,
        ),
      ),
    ),
    shipping: shippingEl ? shippingOf(charge(shippingEl)) : undefined,
    charges: nonEmpty(
      otherCharges.map((c) => defined({ ...charge(c), reason: charge(c).reason ?? 'Charge' })),
    ),
    tax_currency:
      taxCurrency && taxCurrency !== currency
        ? accountingCurrencyOf(
            { currency: taxCurrency, taxTotal: text(accountingTax, 'TaxAmount') },
            text(taxTotal, 'TaxAmount'),
            'TaxTotal',
            warnings,
          )
        : undefined,
    tax_amounts: nonEmpty(
      all(taxTotal, 'TaxSubtotal').map((sub) => ({
        ...taxInfo(at(sub, 'TaxCategory')),
        amount: text(sub, 'TaxAmount') ?? '0',
      })),
    ),
    prepaid_amount: text(totalsEl, 'PrepaidAmount'),
    rounding_amount: text(totalsEl, 'PayableRoundingAmount'),
    third_party_payments: thirdPartyPayments(root, text(root, 'CustomizationID'), warnings),
    line_items: lines,
  }) as DocumentData;
  const { format, warning } = ublFormat(root);
  if (warning) warnings.unshift(warning);
  const oioubl = format === 'oioubl';
  return {
    syntax: 'ubl',
    format,
    documentType,
    typeCode,
    customizationId: text(root, 'CustomizationID') ?? null,
    data,
    discountBases: allowances.map((a) => ({
      percent: text(a, 'MultiplierFactorNumeric'),
      base: text(a, 'BaseAmount'),
    })),
    totals: {
      subtotal: text(totalsEl, 'LineExtensionAmount'),
      discount_total: text(totalsEl, 'AllowanceTotalAmount'),
      shipping_total: text(totalsEl, 'ChargeTotalAmount'),
      // OIOUBL's TaxExclusiveAmount is its VAT total: BT-109 then follows from the lines.
      net_total: oioubl ? undefined : text(totalsEl, 'TaxExclusiveAmount'),
      tax_total: text(taxTotal, 'TaxAmount'),
      total: text(totalsEl, 'TaxInclusiveAmount'),
      amount_due: text(totalsEl, 'PayableAmount'),
    },
    warnings,
  };
}
