// The EN 16931 semantic model: one invoice in business terms (BT-n, groups BG-n), independent of syntax.
// `index.ts` (toSemantic) fills it from a document and its stored totals; `ubl/` and `cii/` only lay it out.
// Every amount, quantity and rate is a decimal string: no JS number ever holds one.
import type { InvoiceKindCode } from '../../domain/document-content';
import type { TaxPointDateCode } from '../tax-point-codes';

/** A decimal string: an amount (currency decimals), a quantity or a percent rate. */
export type DecimalText = string;

/** BT-3 (UNTDID 1001): an invoice's codes (domain INVOICE_TYPE_CODES) or the credit note's 381. */
export type InvoiceTypeCode = InvoiceKindCode | '381';

/** BG-5 (seller), BG-8 (buyer), BG-15 (deliver to). */
export interface EAddress {
  line1: string | null; // BT-35 / BT-50 / BT-75
  line2: string | null; // BT-36 / BT-51 / BT-76
  line3: string | null; // BT-162 / BT-163 / BT-165
  city: string | null; // BT-37 / BT-52 / BT-77
  postalCode: string | null; // BT-38 / BT-53 / BT-78
  subdivision: string | null; // BT-39 / BT-54 / BT-79
  country: string | null; // BT-40 / BT-55 / BT-80
}

export interface EIdentifier {
  value: string;
  /** ISO 6523 ICD or EAS code; null when not known (never guessed beyond docs/einvoicing-xml.md). */
  scheme: string | null;
}

/** BG-4 Seller / BG-7 Buyer. */
export interface EParty {
  name: string; // BT-27 / BT-44: the registered (legal) name
  identifier: EIdentifier | null; // BT-29 / BT-46
  tradingName: string | null; // BT-28 / BT-45
  legalId: EIdentifier | null; // BT-30 / BT-47
  legalInfo: string | null; // BT-33 (seller only)
  vatId: string | null; // BT-31 / BT-48
  taxRegistrationId: string | null; // BT-32 (seller only): a national tax number, not a VAT id
  address: EAddress | null;
  electronicAddress: { value: string; scheme: string } | null; // BT-34 / BT-49
  contact: { name: string; phone: string | null; email: string | null } | null; // BG-6 / BG-9
}

/** A VAT category with its rate: BT-151/152 (line), BT-95/96, BT-102/103, BT-118/119. */
export interface EVatCategory {
  code: string;
  /**
   * Null for category O on lines, allowances and charges (BR-O-05..07). A breakdown (BT-119) always has
   * one, 0 for O: BR-48 allows leaving it out, but XRechnung BR-DE-14 and Peppol DE-R-014 require it.
   */
  rate: DecimalText | null;
}

/** BG-20 document level allowance / BG-21 document level charge. */
export interface EAllowanceCharge {
  amount: DecimalText; // BT-92 / BT-99, net of VAT
  reason: string; // BT-97 / BT-104
  reasonCode: string | null; // BT-98 (UNCL5189) / BT-105 (UNCL7161)
  /** BT-94 and BT-93 of a percentage discount: amount = base x percent / 100 to the cent (R040). */
  percent: { value: DecimalText; base: DecimalText } | null;
  vat: EVatCategory;
}

/** BG-25 Invoice line. */
export interface ELine {
  id: string; // BT-126
  quantity: DecimalText; // BT-129
  unitCode: string; // BT-130 (UN/ECE Rec 20)
  netAmount: DecimalText; // BT-131, tax-exclusive
  /** BG-27 line allowance (the line discount), net of VAT. */
  allowance: {
    amount: DecimalText;
    reason: string;
    reasonCode: string;
    /** BT-138 and BT-137 of a percentage discount: amount = base x percent / 100 (R040's 0.02). */
    percent: { value: DecimalText; base: DecimalText } | null;
  } | null;
  /** BG-28 line charges, net of VAT: BT-141 amount, BT-144 reason, BT-145 code. */
  charges: { amount: DecimalText; reason: string; reasonCode: string | null }[];
  netPrice: DecimalText; // BT-146, never negative (BR-27)
  baseQuantity: DecimalText | null; // BT-149 (BT-150 is the line's unitCode), null for a price per unit
  /** BT-148 gross price and BT-147 price discount, gross - discount = netPrice exactly (PEPPOL-EN16931-R046). */
  grossPrice: { amount: DecimalText; discount: DecimalText } | null;
  name: string; // BT-153
  description: string | null; // BT-154
  sellerItemId: string | null; // BT-155
  note: string | null; // BT-127
  buyerItemId: string | null; // BT-156
  standardItemId: { id: string; scheme: string } | null; // BT-157
  originCountry: string | null; // BT-159
  orderLineReference: string | null; // BT-132
  accountingReference: string | null; // BT-133
  period: { start: string | null; end: string | null } | null; // BG-26: BT-134, BT-135
  objectId: { id: string; scheme: string | null } | null; // BT-128 (scheme UNTDID 1153)
  classifications: { id: string; scheme: string; version: string | null }[]; // BT-158
  attributes: { name: string; value: string }[]; // BG-32: BT-160, BT-161
  vat: EVatCategory; // BT-151 / BT-152
}

/** BG-23 VAT breakdown. */
export interface EVatBreakdown {
  taxableAmount: DecimalText; // BT-116
  taxAmount: DecimalText; // BT-117
  vat: EVatCategory; // BT-118 / BT-119
  exemptionReason: string | null; // BT-120
  exemptionReasonCode: string | null; // BT-121 (VATEX)
}

/** BG-22 Document totals. */
export interface EDocumentTotals {
  lineNet: DecimalText; // BT-106
  allowances: DecimalText; // BT-107
  charges: DecimalText; // BT-108
  taxExclusive: DecimalText; // BT-109
  tax: DecimalText; // BT-110
  taxInclusive: DecimalText; // BT-112
  prepaid: DecimalText | null; // BT-113, null when nothing was paid in advance
  rounding: DecimalText | null; // BT-114, null when not rounded
  payable: DecimalText; // BT-115 = BT-112 - BT-113 + BT-114 (BR-CO-16) + Σ BT-DEX-002 (BR-DEX-09)
}

/** XRechnung extension BG-DEX-09: an amount collected for a third party, outside the total, in BT-115. */
export interface EThirdPartyPayment {
  type: string; // BT-DEX-001
  amount: DecimalText; // BT-DEX-002
  description: string; // BT-DEX-003
}

/** BG-16 Payment instructions. */
export interface EPaymentMeans {
  /**
   * BT-81 UNCL4461: 58 SEPA credit transfer, 30 credit transfer, 42 payment to bank account (between two
   * Danish parties), 59 SEPA direct debit, 49 direct debit, 48 bank card, 54 credit card, 55 debit card,
   * 1 instrument not defined.
   */
  code: '58' | '30' | '42' | '59' | '49' | '48' | '54' | '55' | '1';
  remittance: string | null; // BT-83
  /** BG-17 credit transfer: BT-84 account (IBAN when `isIban`), BT-86 BIC. */
  account: { id: string; isIban: boolean; bic: string | null; name: string | null } | null;
  /** BG-18: BT-87 (last digits only), BT-88; the network is UBL's required NetworkID. */
  card: { lastDigits: string; holder: string | null; network: string } | null;
  /** BG-19: BT-89 mandate, BT-90 creditor id, BT-91 debited account. */
  directDebit: { mandate: string; creditorId: string; debitedAccount: string | null } | null;
}

/** BG-10 Payee. */
export interface EPayee {
  name: string; // BT-59
  identifier: EIdentifier | null; // BT-60
  legalId: string | null; // BT-61
}

/** BG-11 Seller tax representative party. */
export interface ETaxRepresentative {
  name: string; // BT-62
  vatId: string; // BT-63
  address: EAddress; // BG-12
}

/** BG-24 Additional supporting document. */
export interface ESupportingDocument {
  id: string; // BT-122
  description: string | null; // BT-123
  url: string | null; // BT-124
  /** BT-125 with its mime code and filename; the caller reads the bytes (this model does no IO). */
  file: EAttachedFile | null;
}

export interface EAttachedFile {
  filename: string;
  /** One of the mime codes EN 16931 allows (BR-CL-24). */
  mimeCode: string;
  bytes: Uint8Array;
}

export interface EInvoice {
  /** BT-24 when the invoice follows a refinement of its profile (profiles.ts acceptsSpecification); else null. */
  specification: string | null;
  typeCode: InvoiceTypeCode; // BT-3
  number: string; // BT-1
  issueDate: string; // BT-2, YYYY-MM-DD
  dueDate: string | null; // BT-9
  currency: string; // BT-5
  /** The tax scheme every VAT category is stated in (UBL TaxScheme/ID, CII TypeCode); 'VAT' in practice. */
  taxScheme: string;
  buyerReference: string | null; // BT-10
  orderReference: string | null; // BT-13
  contractReference: string | null; // BT-12
  projectReference: string | null; // BT-11
  salesOrderReference: string | null; // BT-14
  receivingAdviceReference: string | null; // BT-15
  despatchAdviceReference: string | null; // BT-16
  tenderReference: string | null; // BT-17
  buyerAccountingReference: string | null; // BT-19
  taxPointDate: string | null; // BT-7
  /** BT-8 as UNTDID 2005 (3 invoice date, 35 delivery, 432 payment); CII writes its UNTDID 2475 twin. */
  taxPointDateCode: TaxPointDateCode | null;
  invoicePeriod: { start: string | null; end: string | null } | null; // BG-14: BT-73, BT-74
  note: string | null; // BT-22 (one note: Peppol R002 allows no more)
  noteSubjectCode: string | null; // BT-21 (UNTDID 4451)
  /** BT-6 and BT-111: the VAT total in the accounting currency, when it is not the invoice currency. */
  taxCurrency: { code: string; taxTotal: DecimalText } | null;
  precedingInvoices: EPrecedingInvoice[]; // BG-3 (0..n): BT-25, BT-26
  seller: EParty;
  buyer: EParty;
  payee: EPayee | null;
  taxRepresentative: ETaxRepresentative | null;
  /** BG-13: BT-70 deliver-to name, BT-71 location id, BG-15 address, BT-72 actual delivery date. */
  delivery: {
    name: string | null;
    locationId: EIdentifier | null;
    address: EAddress | null;
    date: string | null;
  } | null;
  invoicedObject: EIdentifier | null; // BT-18 (scheme UNTDID 1153)
  paymentMeans: EPaymentMeans;
  paymentMeansText: string | null; // BT-82
  paymentTerms: string | null; // BT-20
  allowances: EAllowanceCharge[];
  charges: EAllowanceCharge[];
  /** Only the XRechnung extension in UBL carries these (serialize refuses them elsewhere). */
  thirdPartyPayments: EThirdPartyPayment[];
  supportingDocuments: ESupportingDocument[];
  lines: ELine[];
  vatBreakdown: EVatBreakdown[];
  totals: EDocumentTotals;
}

/** EN 16931 BG-3: an invoice preceding this one. */
export interface EPrecedingInvoice {
  number: string; // BT-25
  issueDate: string | null; // BT-26
}
