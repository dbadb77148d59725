import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import type { DocumentData } from '../../domain/document-data';
import type { ReceivedFormat, ReceiveWarningCode } from '../../einvoicing/receive';
import { accounts } from '../accounts/schema';
import type { PaymentMethod } from '../payments';

export type ReceivedStatus = 'received' | 'approved' | 'rejected' | 'paid';

/** How a received document arrived: over HTTP, from INBOX_DIR or the receive command, by e-mail or a network. */
/** `network`: a delivery channel (Peppol through an access point, a French platform; docs/channels.md). */
export type ReceivedSourceKind = 'upload' | 'folder' | 'email' | 'network';

/** The message an e-mailed e-invoice came in, as its headers state it. */
export interface ReceivedEmail {
  from: string | null;
  subject: string | null;
  /** The Date header as ISO 8601, or null when absent or unreadable. */
  date: string | null;
  message_id: string | null;
}

/**
 * What the file states that the data does not keep (the parse warnings, each with its reading note's
 * `code` and `params`; those of a document received before they were kept have neither), and what the
 * inbox found about it: `differing_total`, another file of its seller, number and day stating other
 * amounts (differing-totals.ts), that file in `other_file`.
 */
export interface ReceivedWarning {
  term: string;
  path: string;
  message: string;
  code?: 'differing_total' | ReceiveWarningCode;
  params?: Partial<Record<string, string>>;
  other_file?: { id: string; total: string; amount_due: string; currency: string };
}

/** An e-invoice another firm sent: its original bytes are in the blob store under `blob_key`. */
export const receivedDocuments = sqliteTable(
  'received_documents',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status').$type<ReceivedStatus>().notNull(),
    syntax: text('syntax').$type<'ubl' | 'cii'>().notNull(),
    profile: text('profile'),
    customizationId: text('customization_id'),
    documentType: text('document_type').$type<'invoice' | 'credit_note'>().notNull(),
    typeCode: text('type_code').notNull(),
    invoiceNumber: text('invoice_number'),
    issueDate: text('issue_date'),
    dueDate: text('due_date'),
    currency: text('currency').notNull(),
    sellerName: text('seller_name'),
    sellerTaxId: text('seller_tax_id'),
    sellerElectronicAddress: text('seller_electronic_address', { mode: 'json' }).$type<{
      scheme: string;
      value: string;
    } | null>(),
    total: text('total').notNull(),
    amountDue: text('amount_due').notNull(),
    /** The sum of its payments (received_payments), in its currency's minor units. */
    amountPaid: text('amount_paid').notNull().default('0'),
    /** What the file is, as the readers name it (`en16931`, `zugferd_1`, …); null when received before 0016. */
    format: text('format').$type<ReceivedFormat>(),
    /** Null when no compliance profile applies (nothing was checked). */
    valid: integer('valid', { mode: 'boolean' }),
    compliance: text('compliance', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    data: text('data', { mode: 'json' }).$type<DocumentData>().notNull(),
    totals: text('totals', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    warnings: text('warnings', { mode: 'json' }).$type<ReceivedWarning[]>().notNull(),
    /** The file that counts of the same invoice (copies.ts: same type, seller, number, issue date and amounts): paying both would be paying twice. */
    duplicateOf: text('duplicate_of'),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    blobKey: text('blob_key').notNull(),
    note: text('note'),
    /**
     * Euros per unit of `currency` as the bookkeeper set it (PATCH `exchange_rate`) for a foreign-currency
     * file that states no rate of its own (BT-6 EUR); null otherwise. The books' rate, never the file's.
     */
    euroRate: text('euro_rate'),
    /** When `euro_rate` was last set or taken back (ISO): the DATEV file books it from then on. */
    euroRateSetAt: text('euro_rate_set_at'),
    source: text('source').$type<ReceivedSourceKind>().notNull().default('upload'),
    /** The file's or attachment's name (`archive.zip/inner.xml` for a ZIP entry); null for a body. */
    sourceFileName: text('source_file_name'),
    sourceEmail: text('source_email', { mode: 'json' }).$type<ReceivedEmail | null>(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('received_documents_account_idx').on(t.accountId, t.id),
    uniqueIndex('received_documents_sha_idx').on(t.accountId, t.sha256),
    index('received_documents_identity_idx').on(t.accountId, t.invoiceNumber, t.issueDate),
  ],
);

export type ReceivedDocumentRow = typeof receivedDocuments.$inferSelect;

/**
 * Expenses' sums kept as received documents change (issue 42 §4; docs/reports.md): per account, currency,
 * month and document type, the received documents that count (not rejected), dated by their issue date or
 * else the day they arrived: how many, and their stated gross (`total`), tax (`totals.tax_total`, else 0)
 * and net (`totals.net_total`, else gross less tax), as whole units and ten-billionths each summed as an
 * integer (documents' sql-money.ts). Written only by the database: triggers on `received_documents`
 * (migrations 0031, pg/0011), as the documents' `issuedMonthRows`. A row whose `documents` is 0 counts
 * nothing. The migration also indexes the received documents by that day
 * (`received_documents_day_idx`: an expression, not declared here).
 */
export const receivedMonthRows = sqliteTable(
  'received_month_sums',
  {
    accountId: text('account_id').notNull(),
    currency: text('currency').notNull(),
    month: text('month').notNull(),
    documentType: text('document_type').notNull(),
    documents: integer('documents').notNull(),
    grossUnits: integer('gross_units').notNull(),
    grossParts: integer('gross_parts').notNull(),
    taxUnits: integer('tax_units').notNull(),
    taxParts: integer('tax_parts').notNull(),
    netUnits: integer('net_units').notNull(),
    netParts: integer('net_parts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.currency, t.month, t.documentType] })],
);

/**
 * What each received document that counts (not rejected) stands at for the payables (issue 42 §4;
 * docs/reports.md), kept by the database: triggers on `received_documents` and `received_payments` write a
 * document's row again from the view `payable_items_now` whenever it or one of its payments changes
 * (migrations 0033 and pg/0013). `party`: the supplier as the report tells suppliers apart (`tax:<VAT id>`
 * without blanks, upper case, as the DATEV export's creditor numbers: migration 0037; else
 * `name:<seller name>`); `day`: its issue date, else the day it arrived; `open_*`: an invoice's amount due
 * less all its payments, a credit note's amount due (whole units and ten-billionths, normalized:
 * sql-money.ts); `last_event`: the later of its day and its latest payment's; `settled_from`: that day for
 * an invoice nothing is open on, else '9999-99-99', after any day (a credit note always counts); `latest`: its issue date
 * (none: '') and id, by which the supplier's latest document names it.
 */
export const payableItems = sqliteTable(
  'payable_items',
  {
    documentId: text('document_id').primaryKey(),
    accountId: text('account_id').notNull(),
    party: text('party').notNull(),
    currency: text('currency').notNull(),
    documentType: text('document_type').notNull(),
    day: text('day').notNull(),
    dueDate: text('due_date'),
    openUnits: integer('open_units').notNull(),
    openParts: integer('open_parts').notNull(),
    lastEvent: text('last_event').notNull(),
    settledFrom: text('settled_from').notNull(),
    latest: text('latest').notNull(),
  },
  (t) => [
    // Every column the report sums, after the three it seeks and pages by: read from the index alone.
    index('payable_items_open_idx').on(
      t.accountId,
      t.settledFrom,
      t.documentId,
      t.lastEvent,
      t.day,
      t.documentType,
      t.party,
      t.currency,
      t.dueDate,
      t.openUnits,
      t.openParts,
    ),
    // A supplier's latest document, which names it.
    index('payable_items_party_idx').on(t.accountId, t.party, t.latest),
  ],
);

/**
 * Money paid against a received document (docs/payments.md). A table of its own, not `payments`: those are money
 * coming in against the account's issued invoices (per customer, in receivables and statements); these are money
 * going out to a supplier. Recorded or deleted, never edited.
 */
export const receivedPayments = sqliteTable(
  'received_payments',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    receivedDocumentId: text('received_document_id')
      .notNull()
      .references(() => receivedDocuments.id, { onDelete: 'cascade' }),
    /** Decimal string in the received document's currency, its minor units (never a float). */
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    /** YYYY-MM-DD, the day the money was paid. */
    date: text('date').notNull(),
    method: text('method').$type<PaymentMethod>(),
    reference: text('reference'),
    note: text('note'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('received_payments_document_idx').on(t.accountId, t.receivedDocumentId, t.id)],
);

export type ReceivedPaymentRow = typeof receivedPayments.$inferSelect;
