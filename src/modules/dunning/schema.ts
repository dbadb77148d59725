import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';
import { documents } from '../documents/schema';

/** One level of a dunning policy as stored (and answered): its fee an exact decimal string. */
export interface DunningLevel {
  days_after_due: number;
  fee: string;
  subject: string;
  message: string;
}

/** The account's dunning policy (docs/dunning.md); no row = the defaults, disabled. */
export const dunningPolicies = sqliteTable('dunning_policies', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  levels: text('levels', { mode: 'json' }).$type<DunningLevel[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A reminder sent about an invoice. The unique index on (document, level) is what makes each level go out
 * once, whoever sends it (the console, the API, the daily job of any instance, before or after a restart).
 */
export const reminders = sqliteTable(
  'reminders',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id),
    level: integer('level').notNull(),
    /** Decimal strings in the invoice's currency. */
    fee: text('fee').notNull(),
    amountDue: text('amount_due').notNull(),
    currency: text('currency').notNull(),
    /** YYYY-MM-DD (service clock): the letter's date; one reminder per document per day. */
    sentOn: text('sent_on').notNull(),
    payBy: text('pay_by').notNull(),
    deliveryId: text('delivery_id').notNull(),
    letterBlobKey: text('letter_blob_key').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reminders_document_level_uq').on(t.documentId, t.level),
    index('reminders_document_idx').on(t.accountId, t.documentId, t.id),
  ],
);

export type ReminderRow = typeof reminders.$inferSelect;

/** An invoice the customer disputes: no reminder is sent about it until the dispute is lifted. */
export const documentDisputes = sqliteTable('document_disputes', {
  documentId: text('document_id')
    .primaryKey()
    .references(() => documents.id),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  note: text('note'),
  createdAt: createdAt(),
});
