// A document's content besides its identity (contentFields), the same for stored and stateless documents.
import { Type as t } from '@sinclair/typebox';
import { Address } from './address';
import { DocumentCharge, DocumentDiscount, Shipping } from './document-charges';
import { Payment } from './document-payment';
import { Payee, SupportingDocument, TaxRepresentative } from './document-references';
import { StatedTaxAmount, StatedTotals, TaxCurrency, ThirdPartyPayment } from './document-stated-amounts';
import { ObjectIdentifier, PartyIdentifier } from './identifiers';
import { LineItem } from './line-item';
import { closed, DecimalString, Hex, text } from './schema-parts';

/**
 * EN 16931 BT-3 (UNTDID 1001) of an invoice: commercial (380, the default), partial (326), corrected
 * (384), self-billed (389), and the construction trades' partial (875, "Abschlagsrechnung"), partial final
 * (876, "Teilschlussrechnung") and final (877, "Schlussrechnung") invoices: the codes XRechnung allows
 * besides the credit note's 381 (BR-DE-17), all of them EN 16931's and Peppol's too.
 */
export const INVOICE_TYPE_CODES = ['380', '326', '384', '389', '875', '876', '877'] as const;
export type InvoiceKindCode = (typeof INVOICE_TYPE_CODES)[number];

/** Whether `code` is one of an invoice's type codes. */
export const isInvoiceTypeCode = (code: string | null | undefined): code is InvoiceKindCode =>
  (INVOICE_TYPE_CODES as readonly string[]).includes(code ?? '');

export const CustomField = t.Object(
  { label: t.String({ minLength: 1, maxLength: 100 }), value: text(500) },
  closed,
);

export const Branding = t.Object(
  {
    logo_file_id: t.Optional(t.String({ pattern: '^fil_' })),
    primary_color: t.Optional(Hex),
    accent_color: t.Optional(Hex),
    font_family: t.Optional(text(100)),
    footer_text: t.Optional(text(500)),
  },
  closed,
);

export const ShipTo = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 300 }),
    address: t.Optional(Address),
    location_id: t.Optional(PartyIdentifier('EN 16931 BT-71: the delivery location, e.g. a GLN')),
  },
  closed,
);

/** How many invoices (BG-3) a document may name as preceding it. */
export const MAX_PRECEDING_INVOICES = 50;

/** EN 16931 BG-3: an invoice preceding this one, also one never stored here. */
export const PrecedingInvoice = t.Object(
  {
    number: t.String({ minLength: 1, maxLength: 100, description: 'EN 16931 BT-25' }),
    issue_date: t.Optional(
      t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'EN 16931 BT-26' }),
    ),
  },
  closed,
);
export type PrecedingInvoice = typeof PrecedingInvoice.static;

/**
 * The preceding invoices (BG-3) the content names: `preceding_invoices`, else `preceding_invoice` as a list
 * of one, else none.
 */
export function precedingInvoicesOf(content: {
  preceding_invoice?: PrecedingInvoice | null;
  preceding_invoices?: PrecedingInvoice[] | null;
}): PrecedingInvoice[] {
  if (content.preceding_invoices && content.preceding_invoices.length > 0) return content.preceding_invoices;
  return content.preceding_invoice ? [content.preceding_invoice] : [];
}

/**
 * An earlier invoice (an Abschlagsrechnung) a final invoice deducts, with the amounts IT stated: the final
 * invoice states the whole work and deducts the part payments with the VAT on them (§ 14 Abs. 5 Satz 2
 * UStG, UStAE 14.8 (7)-(10)). Filled by the service from `deducted_invoices` (docs/documents.md).
 */
export const Deduction = t.Object(
  {
    document_id: t.Optional(
      t.String({ pattern: '^doc_', maxLength: 100, description: 'The stored invoice deducted' }),
    ),
    number: t.String({ minLength: 1, maxLength: 100, description: 'Its number (BT-25 too)' }),
    issue_date: t.Optional(
      t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Its issue date' }),
    ),
    net_amount: DecimalString('Its total without VAT (BT-109)'),
    tax_amount: DecimalString('Its VAT total (BT-110)'),
    total: DecimalString('Its total with VAT (BT-112): what is deducted'),
    tax_rate: t.Optional(DecimalString('Its VAT rate in percent, when it had exactly one')),
  },
  closed,
);
export type Deduction = typeof Deduction.static;

/** Content a document carries besides its identity: the same for stored and stateless documents. */
export const contentFields = {
  line_items: t.Array(LineItem, { minItems: 1, maxItems: 2000 }),
  discounts: t.Optional(t.Array(DocumentDiscount, { maxItems: 20 })),
  shipping: t.Optional(Shipping),
  charges: t.Optional(
    t.Array(DocumentCharge, { maxItems: 20, description: 'Document level charges besides shipping' }),
  ),
  custom_fields: t.Optional(t.Array(CustomField, { maxItems: 30 })),
  supporting_documents: t.Optional(
    t.Array(SupportingDocument, {
      maxItems: 10,
      description: 'EN 16931 BG-24: additional supporting documents',
    }),
  ),
  payment: t.Optional(Payment),
  branding: t.Optional(Branding),
  ship_to: t.Optional(ShipTo),
  payee: t.Optional(Payee),
  tax_representative: t.Optional(TaxRepresentative),
  buyer_reference: t.Optional(t.String({ maxLength: 200, description: 'EN 16931 BT-10' })),
  type_code: t.Optional(
    t.Union(
      [
        t.Literal('380'),
        t.Literal('326'),
        t.Literal('384'),
        t.Literal('389'),
        t.Literal('875'),
        t.Literal('876'),
        t.Literal('877'),
        t.Literal('381'),
      ],
      {
        description:
          'EN 16931 BT-3 (UNTDID 1001): an invoice is 380 (default), 326 (partial invoice, Teilrechnung), 384 (corrected invoice), 389 (self-billed invoice), 875 (partial construction invoice, Abschlagsrechnung), 876 (partial final construction invoice, Teilschlussrechnung) or 877 (final construction invoice, Schlussrechnung); a credit note is 381',
      },
    ),
  ),
  invoiced_object: t.Optional(
    ObjectIdentifier('EN 16931 BT-18: what the invoice is for (a meter, a subscription, a vehicle)'),
  ),
  preceding_invoice: t.Optional(
    t.Object(PrecedingInvoice.properties, {
      ...closed,
      description:
        'EN 16931 BG-3: the invoice a credit note or corrected invoice refers to, also one never stored here; wins over source_document_id. The same as preceding_invoices with one entry; never both in one request (a PATCH setting one clears the other)',
    }),
  ),
  preceding_invoices: t.Optional(
    t.Array(PrecedingInvoice, {
      minItems: 1,
      maxItems: MAX_PRECEDING_INVOICES,
      description:
        'EN 16931 BG-3 (0..n): the invoices this one refers to, e.g. the Abschlagsrechnungen a Schlussrechnung deducts; never beside preceding_invoice in one request (a PATCH setting one clears the other). XRechnung CII (D16B) takes one: only the first is written there',
    }),
  ),
  order_reference: t.Optional(
    t.String({ maxLength: 200, description: "EN 16931 BT-13: the buyer's purchase order" }),
  ),
  contract_reference: t.Optional(t.String({ maxLength: 200, description: 'EN 16931 BT-12' })),
  project_reference: t.Optional(t.String({ maxLength: 200, description: 'EN 16931 BT-11' })),
  sales_order_reference: t.Optional(
    t.String({ maxLength: 200, description: "EN 16931 BT-14: the seller's own order number" }),
  ),
  receiving_advice_reference: t.Optional(t.String({ maxLength: 200, description: 'EN 16931 BT-15' })),
  despatch_advice_reference: t.Optional(t.String({ maxLength: 200, description: 'EN 16931 BT-16' })),
  tender_reference: t.Optional(t.String({ maxLength: 200, description: 'EN 16931 BT-17: tender or lot' })),
  buyer_accounting_reference: t.Optional(
    t.String({
      maxLength: 200,
      description: "EN 16931 BT-19: the buyer's accounting reference (cost centre)",
    }),
  ),
  tax_point_date: t.Optional(
    t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'EN 16931 BT-7: when VAT becomes due' }),
  ),
  tax_point_date_code: t.Optional(
    t.Union([t.Literal('3'), t.Literal('35'), t.Literal('432')], {
      description:
        'EN 16931 BT-8: when VAT becomes due, as a code instead of a date (UNTDID 2005): 3 the invoice date, 35 the delivery date, 432 the date of payment; not beside tax_point_date',
    }),
  ),
  invoice_period: t.Optional(
    t.Object(
      {
        start_date: t.Optional(t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'BT-73' })),
        end_date: t.Optional(t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'BT-74' })),
      },
      { ...closed, description: 'EN 16931 BG-14: the period the invoice covers' },
    ),
  ),
  prepaid_amount: t.Optional(
    DecimalString(
      'EN 16931 BT-113: already paid (a deposit, a payment on account); amount_due = total - prepaid_amount + rounding_amount',
    ),
  ),
  deductions: t.Optional(
    t.Array(Deduction, {
      minItems: 1,
      maxItems: MAX_PRECEDING_INVOICES,
      description:
        'The earlier invoices (Abschlagsrechnungen) this final invoice deducts, each with the net, VAT and gross IT stated: prepaid_amount is the sum of their totals, and the PDF lists each. A stored document has it filled from deducted_invoices; stateless data may state it (prepaid_amount must then be the sum)',
    }),
  ),
  rounding_amount: t.Optional(
    DecimalString('EN 16931 BT-114: added to the total to reach the amount due (cash rounding), e.g. "0.02"'),
  ),
  third_party_payments: t.Optional(
    t.Array(ThirdPartyPayment, {
      maxItems: 20,
      description:
        "XRechnung extension BG-DEX-09: amounts the seller collects on behalf of third parties (mobile payment, a publisher's claim). Not in the total; amount_due = total - prepaid_amount + rounding_amount + their sum (BR-DEX-09). Written only into xrechnung_ubl invoices whose customization_id is the XRechnung extension's; any other e-invoice is refused (422 at data.third_party_payments)",
    }),
  ),
  tax_scheme: t.Optional(
    t.String({ maxLength: 8, description: 'UNCL5153 code (VAT, GST, LOC, OTH); no default' }),
  ),
  notes: t.Optional(text(5000)),
  notes_subject_code: t.Optional(
    t.String({
      pattern: '^[A-Z]{3}$',
      description:
        'EN 16931 BT-21: UNTDID 4451 subject of the notes, e.g. AAI (general information), REG (regulatory)',
    }),
  ),
  customization_id: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 300,
      description:
        "EN 16931 BT-24 when the invoice follows a refinement of its profile (an XRechnung extension or CVD variant): written instead of the profile's own identifier, which it must begin with followed by '#' (XRechnung and Peppol profiles only). Received e-invoices keep theirs",
    }),
  ),
  tax_amounts: t.Optional(
    t.Array(StatedTaxAmount, {
      maxItems: 20,
      description:
        'EN 16931 BT-117 as the seller stated it, for a tax group (not tax-inclusive) whose tax was rounded per line or to whole units: it replaces the computed amount when within one currency unit of it (BR-CO-17), else it is a problem. Received e-invoices carry it where their figure differs',
    }),
  ),
  stated_totals: t.Optional(StatedTotals),
  tax_currency: t.Optional(TaxCurrency),
  delivery_date: t.Optional(
    t.String({
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
      description: 'EN 16931 BT-72: when the goods or services were supplied',
    }),
  ),
  valid_until: t.Optional(
    t.String({
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
      description: 'Quotes: the date the offer stands until',
    }),
  ),
};

/** Content keys as stored in `documents.data`. */
export const CONTENT_KEYS = Object.keys(contentFields) as (keyof typeof contentFields)[];
