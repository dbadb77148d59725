import { t } from 'elysia';
import { CreatedBy, clearable, createdByField, nullable } from '../../domain/schema-parts';
import { PageQuery } from '../../http/schemas';
import { CreateDocumentBody, MoneyTotals } from '../documents';
import { lastErrorCode } from './error-codes';
import type { RecurringInvoiceRow } from './schema';

const closed = { additionalProperties: false } as const;

const DateString = (description: string) =>
  t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description, examples: ['2026-01-31'] });

// Literal unions written out (not t.UnionEnum): in a query string Elysia would fill an omitted UnionEnum
// with its first value, turning "no filter" into a filter.
export const FrequencySchema = t.Union([
  t.Literal('daily'),
  t.Literal('weekly'),
  t.Literal('monthly'),
  t.Literal('quarterly'),
  t.Literal('yearly'),
]);
export const RecurringStatusSchema = t.Union([
  t.Literal('active'),
  t.Literal('paused'),
  t.Literal('cancelled'),
]);

const doc = CreateDocumentBody.properties;

/**
 * The create-document body (the documents module's own field schemas, SPEC 4) with `invoice_number`: the
 * parties may be given and must then equal the recurring invoice's own; `issue_date` is each occurrence's
 * date, the due date the occurrence date + `due_in_days`. `invoice_number` (or the create body's `number`)
 * is the first invoice's number, and later ones continue it (docs/recurring-invoices.md). `delivery_date`,
 * `valid_until` and `tax_point_date` are fixed dates that a repeating invoice cannot carry, `invoice_period`
 * each occurrence sets; `source_document_id` and `reason` belong to credit notes, and what one invoice
 * refers to once (`preceding_invoice`, the receiving and despatch advices, `prepaid_amount`, third-party
 * payments) to a single invoice.
 */
export const InvoiceTemplate = t.Object(
  {
    document_type: t.Optional(t.Literal('invoice', { description: 'Recurring schedules issue invoices' })),
    business_profile_id: t.Optional(t.String({ description: "If given, the recurring invoice's own" })),
    customer_id: t.Optional(t.String({ description: "If given, the recurring invoice's own" })),
    invoice_number: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 100,
        description:
          "The first invoice's number; later ones continue it (INV-0007, INV-0008, ...), skipping numbers already used",
      }),
    ),
    number: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'Same as invoice_number' })),
    numbering_sequence_id: t.Optional(
      t.String({ description: "Used when the recurring invoice's own numbering_sequence_id is not set" }),
    ),
    due_in_days: t.Optional(
      t.Integer({ minimum: 0, maximum: 3650, description: 'Payment terms: due date = issue date + this' }),
    ),
    issue_date: t.Optional(
      DateString('Only read to turn due_date into due_in_days (default: start_date); not stored'),
    ),
    due_date: t.Optional(
      DateString('Read as payment terms: due_in_days = due_date - issue_date; not stored'),
    ),
    service_period: t.Optional(
      t.Union([t.Literal('in_advance'), t.Literal('in_arrears'), t.Literal('none')], {
        description:
          "Each invoice's service period (BG-14, 'Leistungszeitraum'): in_advance (default) the period from its date to the day before the next one, in_arrears the period before its date, none no period",
      }),
    ),
    currency: doc.currency,
    locale: doc.locale,
    line_items: doc.line_items,
    discounts: doc.discounts,
    shipping: doc.shipping,
    charges: doc.charges,
    custom_fields: doc.custom_fields,
    supporting_documents: doc.supporting_documents,
    payment: doc.payment,
    branding: doc.branding,
    ship_to: doc.ship_to,
    payee: doc.payee,
    tax_representative: doc.tax_representative,
    buyer_reference: doc.buyer_reference,
    invoiced_object: doc.invoiced_object,
    order_reference: doc.order_reference,
    contract_reference: doc.contract_reference,
    project_reference: doc.project_reference,
    sales_order_reference: doc.sales_order_reference,
    tender_reference: doc.tender_reference,
    buyer_accounting_reference: doc.buyer_accounting_reference,
    tax_point_date_code: doc.tax_point_date_code,
    tax_scheme: doc.tax_scheme,
    notes: doc.notes,
    notes_subject_code: doc.notes_subject_code,
  },
  closed,
);
export type InvoiceTemplate = typeof InvoiceTemplate.static;
/** As stored and shown: the payment terms are kept as `due_in_days` only. */
export type StoredTemplate = Omit<
  InvoiceTemplate,
  'issue_date' | 'due_date' | 'business_profile_id' | 'customer_id' | 'number'
>;

const scheduleFields = {
  interval: t.Integer({ minimum: 1, maximum: 999, description: 'Frequency steps between invoices' }),
  end_date: DateString(
    "The contract's last day (inclusive): the last occurrence, except in arrears, where one more on the day after it bills the stretch up to it",
  ),
  max_occurrences: t.Integer({ minimum: 1, maximum: 100_000 }),
  numbering_sequence_id: t.String({ description: 'Where each invoice takes its number from' }),
  auto_finalize: t.Boolean({ description: 'Finalize each generated invoice (default: leave it a draft)' }),
  auto_send: t.Boolean({
    description:
      "Render each finalized invoice and e-mail it to the customer's address, as POST /documents/{id}/send would (default false; needs auto_finalize)",
  }),
};

export const CreateRecurringBody = t.Object(
  {
    business_profile_id: t.String(),
    customer_id: t.String(),
    frequency: FrequencySchema,
    start_date: DateString('The first occurrence date'),
    invoice_template: InvoiceTemplate,
    interval: t.Optional(scheduleFields.interval),
    end_date: clearable(scheduleFields.end_date),
    max_occurrences: clearable(scheduleFields.max_occurrences),
    numbering_sequence_id: clearable(scheduleFields.numbering_sequence_id),
    auto_finalize: t.Optional(scheduleFields.auto_finalize),
    auto_send: t.Optional(scheduleFields.auto_send),
  },
  closed,
);
export type CreateRecurringBody = typeof CreateRecurringBody.static;

export const UpdateRecurringBody = t.Object(
  {
    frequency: t.Optional(FrequencySchema),
    interval: t.Optional(scheduleFields.interval),
    end_date: clearable(scheduleFields.end_date),
    max_occurrences: clearable(scheduleFields.max_occurrences),
    numbering_sequence_id: clearable(scheduleFields.numbering_sequence_id),
    auto_finalize: t.Optional(scheduleFields.auto_finalize),
    auto_send: t.Optional(scheduleFields.auto_send),
    invoice_template: t.Optional(InvoiceTemplate),
  },
  closed,
);
export type UpdateRecurringBody = typeof UpdateRecurringBody.static;

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const RecurringInvoice = t.Object({
  id: t.String({ examples: ['rinv_01jd0000000000000000000000'] }),
  status: RecurringStatusSchema,
  business_profile_id: t.String(),
  customer_id: t.String(),
  frequency: FrequencySchema,
  interval: t.Integer(),
  start_date: t.String({ description: 'The anchor of the schedule (moves on a frequency/interval change)' }),
  next_occurrence_date: nullable(t.String()),
  end_date: nullable(t.String()),
  occurrences_created: t.Integer(),
  max_occurrences: nullable(t.Integer()),
  numbering_sequence_id: nullable(t.String()),
  auto_finalize: t.Boolean(),
  auto_send: t.Optional(t.Boolean({ description: 'Present (true) when each invoice is e-mailed' })),
  invoice_template: t.Record(t.String(), t.Unknown()),
  last_error: nullable(t.String({ description: 'Why the next occurrence could not be generated' })),
  last_error_code: t.Optional(
    t.Union(
      [
        t.Literal('einvoice_failed'),
        t.Literal('numbering_sequence_missing'),
        t.Literal('number_taken'),
        t.Literal('invalid_template'),
        t.Literal('interrupted'),
        t.Literal('other'),
      ],
      {
        description:
          'With last_error: its kind, for a client to say in its own language (einvoice_failed, numbering_sequence_missing, number_taken, invalid_template, interrupted, other)',
      },
    ),
  ),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type RecurringInvoice = typeof RecurringInvoice.static;

export function presentRecurring(row: RecurringInvoiceRow): RecurringInvoice {
  return {
    id: row.id,
    status: row.status,
    business_profile_id: row.businessProfileId,
    customer_id: row.customerId,
    frequency: row.frequency,
    interval: row.interval,
    start_date: row.startDate,
    next_occurrence_date: row.nextOccurrenceDate,
    end_date: row.endDate,
    occurrences_created: row.occurrencesCreated,
    max_occurrences: row.maxOccurrences,
    numbering_sequence_id: row.numberingSequenceId,
    auto_finalize: row.autoFinalize,
    ...(row.autoSend ? { auto_send: true } : {}),
    invoice_template: row.invoiceTemplate,
    last_error: row.lastError,
    ...(row.lastError !== null ? { last_error_code: lastErrorCode(row.lastError) } : {}),
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export const ListRecurringQuery = t.Object({
  ...PageQuery,
  status: t.Optional(
    t.Union(RecurringStatusSchema.anyOf, { description: 'Only recurring invoices in this status' }),
  ),
});

/** A generated invoice as listed under its schedule: the document's summary plus its occurrence date. */
export const GeneratedInvoice = t.Object({
  id: t.String({ description: 'The document id (doc_...)' }),
  invoice_number: t.String(),
  number: t.String(),
  status: t.String(),
  issue_date: t.String(),
  due_date: nullable(t.String()),
  occurrence_date: t.String(),
  delivery_id: t.Optional(
    t.String({ description: 'With auto_send: the delivery that e-mailed it (GET /deliveries/{id})' }),
  ),
  delivery_status: t.Optional(t.String({ description: "With auto_send: that delivery's status" })),
  send_error: t.Optional(t.String({ description: 'With auto_send: why it could not be e-mailed' })),
  send_error_code: t.Optional(
    t.Union(
      [
        t.Literal('no_email'),
        t.Literal('mail_not_configured'),
        t.Literal('document_deleted'),
        t.Literal('document_not_sendable'),
        t.Literal('account_disabled'),
        t.Literal('send_failed'),
        t.Literal('refused'),
      ],
      {
        description:
          'With send_error: its kind, for a client to say in its own language (no_email, mail_not_configured, document_deleted, document_not_sendable, account_disabled, send_failed, refused)',
      },
    ),
  ),
  totals: MoneyTotals,
  created_at: t.String({ format: 'date-time' }),
});
export type GeneratedInvoice = typeof GeneratedInvoice.static;
