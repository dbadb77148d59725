import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';
import { businessProfiles } from '../business-profiles/schema';
import { customers } from '../customers/schema';

export const RECURRING_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const recurringInvoices = sqliteTable(
  'recurring_invoices',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: RECURRING_STATUSES }).notNull(),
    businessProfileId: text('business_profile_id')
      .notNull()
      .references(() => businessProfiles.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    frequency: text('frequency', { enum: FREQUENCIES }).notNull(),
    interval: integer('interval').notNull(),
    /** The anchor of the schedule: occurrence n is start_date + n × interval × frequency (month ends kept). */
    startDate: text('start_date').notNull(),
    nextOccurrenceDate: text('next_occurrence_date'),
    endDate: text('end_date'),
    occurrencesCreated: integer('occurrences_created').notNull().default(0),
    maxOccurrences: integer('max_occurrences'),
    numberingSequenceId: text('numbering_sequence_id'),
    autoFinalize: integer('auto_finalize', { mode: 'boolean' }).notNull(),
    /** E-mail each finalized invoice to the customer (only with autoFinalize). */
    autoSend: integer('auto_send', { mode: 'boolean' }).notNull().default(false),
    /** The create-document body each occurrence is made from (dates are set per occurrence). */
    invoiceTemplate: text('invoice_template', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** Why the last occurrence could not be generated (null when it was). */
    lastError: text('last_error'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recurring_account_idx').on(t.accountId, t.id),
    index('recurring_due_idx').on(t.status, t.nextOccurrenceDate),
  ],
);

/** One row per generated occurrence: the unique index makes "each period once" a database fact. */
export const recurringOccurrences = sqliteTable(
  'recurring_occurrences',
  {
    recurringInvoiceId: text('recurring_invoice_id')
      .notNull()
      .references(() => recurringInvoices.id),
    occurrenceDate: text('occurrence_date').notNull(),
    documentId: text('document_id').notNull(),
    /** With auto_send: the delivery that e-mailed the invoice (set once; the send job's guard). */
    deliveryId: text('delivery_id'),
    /** With auto_send: why the invoice could not be e-mailed (no address, no mail configured...). */
    sendError: text('send_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recurring_occurrences_uq').on(t.recurringInvoiceId, t.occurrenceDate),
    index('recurring_occurrences_doc_idx').on(t.recurringInvoiceId, t.documentId),
  ],
);

export type RecurringInvoiceRow = typeof recurringInvoices.$inferSelect;
export type RecurringOccurrenceRow = typeof recurringOccurrences.$inferSelect;
