import { t } from 'elysia';
import {
  CurrencyCode,
  DateString,
  DocumentData,
  DocumentTypeSchema,
  documentIdentity,
  StatelessBody,
} from '../../domain/document-data';
import { CreatedBy } from '../../domain/schema-parts';

export { CurrencyCode, DateString, DocumentData, DocumentTypeSchema, StatelessBody };

import { contentFields, MAX_PRECEDING_INVOICES } from '../../domain/document-content';
import { type ModuleLink, withLinkFields } from '../../http/links';
import { PageQuery } from '../../http/schemas';

const closed = { additionalProperties: false } as const;

export const PaymentStatusSchema = t.Union([
  t.Literal('unpaid'),
  t.Literal('partially_paid'),
  t.Literal('paid'),
  t.Literal('overpaid'),
]);

export const DocumentStatusSchema = t.Union([
  t.Literal('draft'),
  t.Literal('finalized'),
  t.Literal('sent'),
  t.Literal('paid'),
  t.Literal('void'),
  t.Literal('archived'),
]);

export const Money = t.Object({ amount: t.String(), currency: t.String() });
export const MoneyTotals = t.Object({
  subtotal: Money,
  discount_total: Money,
  tax_total: Money,
  shipping_total: Money,
  total: Money,
  charge_total: t.Optional(Money),
  prepaid_amount: t.Optional(Money),
  rounding_amount: t.Optional(Money),
  third_party_payment_total: t.Optional(Money),
  amount_due: t.Optional(Money),
});
export type MoneyTotals = typeof MoneyTotals.static;

/** The earlier invoices a final invoice deducts, by id (docs/documents.md, "Deducting Abschläge"). */
const DeductedInvoices = t.Array(t.String({ minLength: 1, maxLength: 100 }), {
  maxItems: MAX_PRECEDING_INVOICES,
  uniqueItems: true,
  description:
    'Earlier finalized, sent or paid invoices of the same customer and currency (Abschlagsrechnungen) this invoice deducts: the service fills prepaid_amount with the sum of their totals, preceding_invoices with their numbers and dates, and deductions with the net, VAT and gross each stated. An empty list or null deducts none',
});

export const CreateDocumentBody = t.Object(
  {
    document_type: t.Optional(DocumentTypeSchema),
    number: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'Unique per account' })),
    numbering_sequence_id: t.Optional(
      t.String({ description: 'Take the number from this sequence instead' }),
    ),
    business_profile_id: t.String(),
    customer_id: t.String(),
    source_document_id: t.Optional(
      t.String({ description: 'Required for credit notes: the invoice corrected' }),
    ),
    ...documentIdentity,
    ...contentFields,
    deducted_invoices: t.Optional(DeductedInvoices),
  },
  closed,
);
export type CreateDocumentBody = typeof CreateDocumentBody.static;

const clearable = <T extends Parameters<typeof t.Optional>[0]>(schema: T) =>
  t.Optional(t.Union([schema, t.Null()]));

/** PATCH: omitted = unchanged, value = set, null = clear (only where a field may be empty). */
export const UpdateDocumentBody = t.Object(
  {
    number: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    business_profile_id: t.Optional(t.String()),
    customer_id: t.Optional(t.String()),
    source_document_id: clearable(t.String()),
    issue_date: t.Optional(documentIdentity.issue_date),
    due_date: clearable(DateString('Due date')),
    currency: t.Optional(CurrencyCode),
    locale: clearable(t.String({ maxLength: 20 })),
    reason: clearable(t.String({ maxLength: 1000 })),
    line_items: t.Optional(contentFields.line_items),
    discounts: clearable(contentFields.discounts),
    shipping: clearable(contentFields.shipping),
    charges: clearable(contentFields.charges),
    custom_fields: clearable(contentFields.custom_fields),
    supporting_documents: clearable(contentFields.supporting_documents),
    payment: clearable(contentFields.payment),
    branding: clearable(contentFields.branding),
    ship_to: clearable(contentFields.ship_to),
    payee: clearable(contentFields.payee),
    tax_representative: clearable(contentFields.tax_representative),
    buyer_reference: clearable(contentFields.buyer_reference),
    type_code: clearable(contentFields.type_code),
    preceding_invoice: clearable(contentFields.preceding_invoice),
    preceding_invoices: clearable(contentFields.preceding_invoices),
    invoiced_object: clearable(contentFields.invoiced_object),
    order_reference: clearable(contentFields.order_reference),
    contract_reference: clearable(contentFields.contract_reference),
    project_reference: clearable(contentFields.project_reference),
    sales_order_reference: clearable(contentFields.sales_order_reference),
    receiving_advice_reference: clearable(contentFields.receiving_advice_reference),
    despatch_advice_reference: clearable(contentFields.despatch_advice_reference),
    tender_reference: clearable(contentFields.tender_reference),
    buyer_accounting_reference: clearable(contentFields.buyer_accounting_reference),
    tax_point_date: clearable(contentFields.tax_point_date),
    tax_point_date_code: clearable(contentFields.tax_point_date_code),
    invoice_period: clearable(contentFields.invoice_period),
    prepaid_amount: clearable(contentFields.prepaid_amount),
    deductions: clearable(contentFields.deductions),
    deducted_invoices: clearable(DeductedInvoices),
    rounding_amount: clearable(contentFields.rounding_amount),
    third_party_payments: clearable(contentFields.third_party_payments),
    tax_scheme: clearable(contentFields.tax_scheme),
    notes: clearable(contentFields.notes),
    notes_subject_code: clearable(contentFields.notes_subject_code),
    tax_currency: clearable(contentFields.tax_currency),
    tax_amounts: clearable(contentFields.tax_amounts),
    stated_totals: clearable(contentFields.stated_totals),
    customization_id: clearable(contentFields.customization_id),
    valid_until: clearable(contentFields.valid_until),
    delivery_date: clearable(contentFields.delivery_date),
  },
  closed,
);
export type UpdateDocumentBody = typeof UpdateDocumentBody.static;

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const StoredDocument = t.Object({
  id: t.String(),
  document_type: DocumentTypeSchema,
  number: t.String(),
  status: DocumentStatusSchema,
  issue_date: t.String(),
  due_date: t.Union([t.String(), t.Null()]),
  currency: t.String(),
  locale: t.Union([t.String(), t.Null()]),
  business_profile_id: t.String(),
  customer_id: t.String(),
  source_document_id: t.Union([t.String(), t.Null()]),
  reason: t.Union([t.String(), t.Null()]),
  numbering_sequence_id: t.Union([t.String(), t.Null()]),
  data: t.Record(t.String(), t.Unknown()),
  totals: MoneyTotals,
  tax_breakdown: t.Array(
    t.Object({
      category: t.Union([t.String(), t.Null()], {
        description: 'UNCL5305 (BT-118), null when none was given',
      }),
      rate: t.String({ description: 'Percent (BT-119)' }),
      taxable_amount: Money,
      tax_amount: Money,
    }),
    { description: 'The tax per category and rate, as the PDF and the e-invoice state it (BG-23)' },
  ),
  line_amounts: t.Array(Money, {
    description:
      "Each line's amount in the order of data.line_items: quantity x price less its discount, plus its charges",
  }),
  amount_paid: t.String({ description: 'The sum of the payments recorded against it (docs/payments.md)' }),
  amount_credited: t.String({
    description:
      'Set against it by the issued credit notes (Rechnungskorrekturen) naming it as their source_document_id',
  }),
  amount_due: t.String({
    description:
      'Still owed: the amount due of the totals less amount_credited and amount_paid; negative when overpaid',
  }),
  payment_status: PaymentStatusSchema,
  days_overdue: t.Integer({
    description: 'Days a finalized or sent invoice is past its due date with an amount due; else 0',
  }),
  created_by: CreatedBy,
  created_at: t.String(),
  updated_at: t.String(),
  finalized_at: t.Union([t.String(), t.Null()]),
  sent_at: t.Union([t.String(), t.Null()]),
  paid_at: t.Union([t.String(), t.Null()]),
  voided_at: t.Union([t.String(), t.Null()]),
  archived_at: t.Union([t.String(), t.Null()]),
});
export type StoredDocument = typeof StoredDocument.static;

export const ListDocumentsQuery = t.Object({
  ...PageQuery,
  document_type: t.Optional(DocumentTypeSchema),
  status: t.Optional(DocumentStatusSchema),
  customer_id: t.Optional(t.String()),
  source_document_id: t.Optional(
    t.String({
      description:
        'Only documents made from or correcting this one: the invoices made from a quote, the credit notes of an invoice',
    }),
  ),
  updated_since: t.Optional(
    t.String({ format: 'date-time', description: 'Only documents changed at or after this time' }),
  ),
  issued_from: t.Optional(
    t.String({ format: 'date', description: 'Only documents issued on or after this date' }),
  ),
  issued_to: t.Optional(
    t.String({ format: 'date', description: 'Only documents issued on or before this date' }),
  ),
  overdue: t.Optional(
    t.Union([t.Literal('true'), t.Literal('false')], {
      description: 'true: only finalized or sent invoices past their due date with an amount due',
    }),
  ),
});

/**
 * The documents API's schemas with the fields other modules link to documents (src/http/links.ts): the
 * bodies accept each, every answer carries it, the list filters by those that say so. With no link, the
 * very schemas above, so the OpenAPI document is the same as without the extension point.
 */
export function linkedDocumentSchemas(links: readonly ModuleLink[]) {
  const own = [CreateDocumentBody, UpdateDocumentBody, StoredDocument, ListDocumentsQuery];
  for (const link of links) {
    if (own.some((schema) => link.field in schema.properties)) {
      throw new Error(`a link to documents names ${link.field}, a field documents have themselves`);
    }
  }
  // Typed as declared: a link's field is taken off the body (splitLinks) before the use-case sees it.
  return {
    create: withLinkFields(CreateDocumentBody, links, 'body') as unknown as typeof CreateDocumentBody,
    update: withLinkFields(UpdateDocumentBody, links, 'body') as unknown as typeof UpdateDocumentBody,
    answer: withLinkFields(StoredDocument, links, 'answer') as unknown as typeof StoredDocument,
    query: withLinkFields(ListDocumentsQuery, links, 'query') as unknown as typeof ListDocumentsQuery,
  };
}
