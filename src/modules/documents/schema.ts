import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, timestamp, updatedAt } from '../../db/columns';
import { DOCUMENT_STATUSES } from '../../domain/document-actions';
import type { TotalsResult } from '../../domain/money/types';
import { accounts } from '../accounts/schema';
import { businessProfiles } from '../business-profiles/schema';
import { customers } from '../customers/schema';

export { DOCUMENT_STATUSES, type DocumentStatus } from '../../domain/document-actions';

export const documents = sqliteTable(
  'documents',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    documentType: text('document_type').notNull(),
    number: text('number').notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull(),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date'),
    currency: text('currency').notNull(),
    locale: text('locale'),
    businessProfileId: text('business_profile_id')
      .notNull()
      .references(() => businessProfiles.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    sourceDocumentId: text('source_document_id'),
    reason: text('reason'),
    numberingSequenceId: text('numbering_sequence_id'),
    /** The document's content (lines, discounts, payment...); seller/buyer snapshots once finalized. */
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** Computed totals as stored decimal strings, frozen at finalize. */
    totals: text('totals', { mode: 'json' }).$type<TotalsResult & { currency: string }>().notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finalizedAt: timestamp('finalized_at'),
    sentAt: timestamp('sent_at'),
    paidAt: timestamp('paid_at'),
    voidedAt: timestamp('voided_at'),
    archivedAt: timestamp('archived_at'),
    /** The sum of the payments recorded against it (modules/payments keeps it in step, in its transaction). */
    amountPaid: text('amount_paid').notNull().default('0'),
    /**
     * The sum of the issued credit notes (Rechnungskorrekturen) naming it as their source, set against what it
     * asks (kept in step when one is finalized, voided or restored: apply-credits.ts).
     */
    amountCredited: text('amount_credited').notNull().default('0'),
  },
  (t) => [
    // Race-free number uniqueness per account: the index decides, never a read-then-write.
    uniqueIndex('documents_number_uq').on(t.accountId, t.number),
    index('documents_account_idx').on(t.accountId, t.id),
    index('documents_customer_idx').on(t.accountId, t.customerId, t.id),
    index('documents_updated_idx').on(t.accountId, t.updatedAt),
    // The reports find the credit notes of a page of invoices (report-sums.ts).
    index('documents_source_idx').on(t.accountId, t.sourceDocumentId),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;
