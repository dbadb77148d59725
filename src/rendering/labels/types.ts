import type { InvoiceKindCode } from '../../domain/document-content';
import type { DocumentType } from '../../domain/reference';

/** Every printed word of a document, in one language. */
export interface Labels {
  titles: Record<DocumentType, string>;
  /**
   * Titles of the invoice kinds EN 16931 names by type code (domain INVOICE_TYPE_CODES): partial (326),
   * corrected (384), self-billed (389), partial, partial final and final construction invoices (875-877).
   */
  invoiceTypeTitles: Record<Exclude<InvoiceKindCode, '380'>, string>;
  number: string;
  issueDate: string;
  dueDate: string;
  validUntil: string;
  reference: string;
  orderReference: string;
  contractReference: string;
  invoicePeriod: string;
  taxPointDate: string;
  /** BT-8 printed beside `taxPointDate`: the moment a code names (UNTDID 2005: 3, 35, 432). */
  taxPointCodes: { '3': string; '35': string; '432': string };
  precedingInvoice: string;
  /** The EN 16931 terms beyond the basics (references, payment means, parties, line details). */
  terms: {
    projectReference: string;
    salesOrderReference: string;
    despatchAdviceReference: string;
    receivingAdviceReference: string;
    tenderReference: string;
    buyerAccountingReference: string;
    prepaid: string;
    rounding: string;
    /** Before a third-party payment's description (XRechnung BG-DEX-09) in the totals. */
    thirdParty: string;
    payee: string;
    taxRepresentative: string;
    directDebit: string;
    mandateReference: string;
    creditorId: string;
    debitedAccount: string;
    card: string;
    cardHolder: string;
    attachments: string;
    vatIn: (currency: string) => string;
    linePeriod: string;
    /** BT-148 and BT-147 under a line: "Listenpreis 50,00 €, Preisnachlass 5,00 €". */
    grossPrice: string;
    priceDiscount: string;
    origin: string;
    lineReference: string;
    lineAccounting: string;
  };
  /** The invoice a credit note corrects: its number and, when known, its issue date (formatted). */
  creditNoteFor: (number: string, date?: string | null) => string;
  /** A credit note's payment block: it is set against the invoice it corrects, not paid. */
  creditSettledAgainst: (number: string) => string;
  /** Skonto in the payment block: the percent, when (paidBy / paidWithin) and what is then to be paid. */
  earlyPayment: (percent: string, when: string, amount: string) => string;
  paidBy: (date: string) => string;
  paidWithin: (days: number) => string;
  reason: string;
  from: string;
  billTo: string;
  to: string;
  shipTo: string;
  position: string;
  item: string;
  sku: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
  tax: string;
  vat: string;
  amount: string;
  subtotal: string;
  shipping: string;
  total: string;
  amountDue: string;
  /** What stands for the amount due when more was paid in advance than the total: the seller pays it back
   *  (view/figures.ts refundsOverpayment). A language without it prints the negative amount due. */
  refundDue?: string;
  amountPaid: string;
  creditTotal: string;
  taxIncluded: (name: string) => string;
  /** A final invoice's deducted invoice (view/figures.ts): "abzüglich Abschlagsrechnung AR-1 vom 15.03.2026". */
  deducted: (number: string, date: string | null) => string;
  /** The VAT a deducted invoice stated, on its net: "darin USt. 19 % auf netto 1.000,03 €". */
  deductedTax: (tax: string, net: string) => string;
  /** A total a received e-invoice states that its lines do not give (docs/calculation.md rule 8b). */
  asStated: (label: string) => string;
  taxSummary: string;
  taxRate: string;
  taxableAmount: string;
  taxAmount: string;
  payment: string;
  bank: string;
  iban: string;
  accountNumber: string;
  routingNumber: string;
  bic: string;
  /** BT-83: the reference the payer quotes with the transfer. */
  paymentReference: string;
  payOnline: string;
  acceptedMethods: string;
  scanToPay: string;
  notes: string;
  /** The heading of the note saying why no VAT is charged (view/vat-note.ts). */
  vatNote: string;
  /** That note in the category's own words, when the tax states no reason (BT-120): reverse charge (§ 13b
   *  UStG), intra-community supply, export, outside the scope of VAT. */
  vatCategoryNotes: Record<'AE' | 'K' | 'G' | 'O', string>;
  /** That note for a VATEX code (BT-121) whose legal mention is fixed words, when the tax states no reason:
   *  a French franchise en base's "TVA non applicable, art. 293 B du CGI" (VATEX-FR-FRANCHISE). A language
   *  without them prints the French ones (view/vat-note.ts). */
  exemptionCodeNotes?: Record<string, string>;
  /** The late-payment terms a French seller must state on an invoice to a business (Code de commerce
   *  L441-9, L441-10, D441-5), in this language; printed unless the seller states their own
   *  (view/late-payment.ts). A language without them prints the French ones. */
  latePayment?: {
    heading: string;
    penalties: string;
    indemnity: string;
    noEarlyPaymentDiscount: string;
  };
  /** What a German invoice for work on a property says to a private buyer: keep it for two years (§ 14
   *  Abs. 4 Satz 1 Nr. 9, § 14b Abs. 1 Satz 5 UStG; view/keep-invoice.ts). A language without it prints
   *  the German words. */
  keepInvoice?: { heading: string; text: string };
  details: string;
  /** A party's tax id where it is not recognisably a VAT number (a US firm's EIN: "Tax ID", "Steuernummer",
   *  "N° fiscal"); in a language without `vatId`, every tax id's label (Spanish "NIF"). */
  taxId: string;
  /** A party's tax id where it is a VAT identification number (labels.ts `taxIdLabel`): English "VAT ID",
   *  German "USt-IdNr.", French "N° TVA" (a US firm's EIN is none: a German invoice calling it "USt-IdNr."
   *  says the buyer holds an EU VAT number). */
  vatId?: string;
  registration: string;
  /** The seller's national tax number (German Steuernummer, BT-32), beside the VAT id. */
  taxNumber: string;
  /** German companies name their managing directors (Geschäftsführer) on invoices. */
  managingDirectors: string;
  /** What stands there instead for a common-law company (Ltd, plc, DAC: Irish Companies Act 2014 s. 151,
   *  UK Companies Act 2006 s. 82): its directors; a language without the word keeps `managingDirectors`. */
  directors?: string;
  /** What stands there instead for an AG, SE, eG or e.V. (Vorstand), by the legal form (view/legal-form.ts). */
  managementBoard: string;
  /** ...for a partnership (OHG, KG, GbR): its partners (Gesellschafter). */
  partners: string;
  /** ...for a sole trader (e.K., e.U., a name without a company form): its owner (Inhaber). */
  owner: string;
  /** Before the contact person a party names (BT-41 / BT-56). */
  contactPerson: string;
  /** Before a recipient's contact person in its address block ("z. Hd.", "Attn:"). */
  attention: string;
  /** EN 16931 BT-72: when the goods or services were supplied (German "Leistungsdatum"). */
  deliveryDate: string;
  /** BT-72 on a delivery note: the day the goods were delivered (German "Lieferdatum"). */
  deliveredOn: string;
  /** The delivery date a purchase order asks for (German "Liefertermin"); a purchase order falls not due. */
  deliveryWanted: string;
  /** A receipt's heading over its customer: who paid (German "Erhalten von"), not whom it bills. */
  receivedFrom: string;
  /** A receipt's payment block: the amount (formatted) was received, not to be paid. */
  received: (amount: string) => string;
  /** Before how a receipt's amount was paid (BT-82 in words, or the one method named). */
  receivedBy: string;
  /** The title of a credit note (German "Rechnungskorrektur": a "Gutschrift" is a self-billed invoice, § 14
   *  Abs. 2 Satz 5 UStG); every credit note is titled so, whether or not it names the invoice it corrects. */
  correctionTitle: string;
  page: (page: number, pages: number) => string;
  continued: string;
  /** Payment method codes (`bank_transfer`) to words; unknown codes are spelled out from the code. */
  methods: Record<string, string>;
  /** Printed names of UN/ECE Rec 20 unit codes (labels/units.ts), for lines with a code and no unit text. */
  units: Readonly<Record<string, string>>;
  /** Those of `units` that differ for a quantity of exactly one ("Monat" beside "1"). */
  unitsOne: Readonly<Record<string, string>>;
}
