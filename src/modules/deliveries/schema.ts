import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, timestamp, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'bounced', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveries = sqliteTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    documentId: text('document_id').notNull(),
    to: text('to', { mode: 'json' }).$type<string[]>().notNull(),
    cc: text('cc', { mode: 'json' }).$type<string[]>().notNull(),
    bcc: text('bcc', { mode: 'json' }).$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    message: text('message'),
    attachPdf: integer('attach_pdf', { mode: 'boolean' }).notNull(),
    /**
     * The e-invoice the buyer needs, attached (XML beside the PDF, or the render is the Factur-X PDF);
     * null = none. Chosen at send time from the customer's einvoice_profile and `attach_einvoice`.
     */
    einvoiceProfile: text('einvoice_profile'),
    /**
     * A letter drawn for this delivery (a payment reminder, docs/dunning.md), attached before the render;
     * null for a plain document delivery. Its file name as the e-mail names it.
     */
    letterBlobKey: text('letter_blob_key'),
    letterFilename: text('letter_filename'),
    /**
     * What the mail names as owed and by when, when that is not the document's amount due and due date: a
     * reminder's total (with its fee) and pay-by date, as its letter says. Null: the document's.
     */
    mailAmount: text('mail_amount'),
    mailDueDate: text('mail_due_date'),
    /** The render attached, chosen when the delivery is created (the latest one then). */
    renderId: text('render_id'),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
    /** Why it failed or bounced (the SMTP server's answer when there was one). */
    errorMessage: text('error_message'),
    /** The delivery this one retries. */
    retryOf: text('retry_of'),
    /** Message-ID sent; derived from the delivery id so a re-sent message after a crash is recognisable. */
    messageId: text('message_id'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at'),
  },
  (t) => [
    index('deliveries_account_idx').on(t.accountId, t.id),
    index('deliveries_document_idx').on(t.accountId, t.documentId, t.id),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;
