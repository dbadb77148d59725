import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
    // Revenue reads the documents of a part of a month by issue date (report-sums.ts, `issuedMonthSums`).
    index('documents_issue_idx').on(t.accountId, t.issueDate, t.id),
  ],
);

/**
 * Revenue's sums kept as documents change (issue 42 §4; docs/reports.md): per account, currency, month
 * of issue and document type, the counted invoices and credit notes (`countedIssued`): how many, and their
 * `totals.total` and `totals.tax_total` (`kind` 'totals'); and per tax group's category and rate as stored,
 * the groups' `taxable_amount` and `tax_amount` (`kind` 'rate'). Amounts as whole units and ten-billionths
 * (sql-money.ts), each summed as an integer. Written only by the database: triggers on `documents` add a
 * document's figures when it starts to count and take them away when it stops or changes (migrations
 * 0031 and pg/0011), so every write is in step, whoever makes it. `category_key` and `rate_key` are the
 * category and rate with NULL told apart from every text (part of the key), `category` and `rate` as
 * stored. A row whose `documents` is 0 counts nothing (everything it had was taken away again).
 */
export const issuedMonthRows = sqliteTable(
  'issued_month_sums',
  {
    accountId: text('account_id').notNull(),
    currency: text('currency').notNull(),
    month: text('month').notNull(),
    documentType: text('document_type').notNull(),
    kind: text('kind', { enum: ['totals', 'rate'] }).notNull(),
    categoryKey: text('category_key').notNull(),
    category: text('category'),
    rateKey: text('rate_key').notNull(),
    rate: text('rate'),
    documents: integer('documents').notNull(),
    /** `totals`: the total; `rate`: the taxable amount. */
    aUnits: integer('a_units').notNull(),
    aParts: integer('a_parts').notNull(),
    /** `totals`: the tax total; `rate`: the tax amount. */
    bUnits: integer('b_units').notNull(),
    bParts: integer('b_parts').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.accountId, t.currency, t.month, t.documentType, t.kind, t.categoryKey, t.rateKey],
    }),
  ],
);

/**
 * What each counted invoice and credit note (`countedIssued`) stands at for the receivables (issue 42 §4;
 * docs/reports.md), kept by the database: triggers on `documents` and `payments` write a document's row
 * again from the view `receivable_items_now` whenever it, one of its payments or a credit note naming it
 * changes (migrations 0032 and pg/0012). `open_*`: an invoice's amount due less all its payments and the
 * counted credit notes of its currency naming it; a credit note's amount (whole units and ten-billionths,
 * normalized: sql-money.ts). `last_event`: the latest day any of these is dated (issue date, payment date,
 * credit note's issue date; a credit note's: the later of its issue date and its invoice's). From that day
 * on the row is what the report counts on any day. `settled_from`: that day for an invoice nothing is open
 * on and a credit note that settles its invoice (from then on neither counts for anything), else
 * '9999-99-99', after any day a report can be asked for: the report on a day reads only rows settled after it (`receivable_items_open_idx`).
 */
export const receivableItems = sqliteTable(
  'receivable_items',
  {
    documentId: text('document_id').primaryKey(),
    accountId: text('account_id').notNull(),
    customerId: text('customer_id').notNull(),
    currency: text('currency').notNull(),
    documentType: text('document_type').notNull(),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date'),
    openUnits: integer('open_units').notNull(),
    openParts: integer('open_parts').notNull(),
    lastEvent: text('last_event').notNull(),
    settledFrom: text('settled_from').notNull(),
  },
  // Every column the report reads, after the three it seeks and pages by: read from the index alone.
  (t) => [
    index('receivable_items_open_idx').on(
      t.accountId,
      t.settledFrom,
      t.documentId,
      t.lastEvent,
      t.issueDate,
      t.documentType,
      t.customerId,
      t.currency,
      t.dueDate,
      t.openUnits,
      t.openParts,
    ),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;
