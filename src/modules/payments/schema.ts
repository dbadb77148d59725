import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy } from '../../db/columns';
import { accounts } from '../accounts/schema';
import { documents } from '../documents/schema';

/** `early_payment_discount`: Skonto the payer deducted, recorded beside their payment (no money moved). */
export const PAYMENT_METHODS = [
  'bank_transfer',
  'card',
  'cash',
  'direct_debit',
  'other',
  'early_payment_discount',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Money received against an issued invoice (docs/payments.md). Payments are recorded or deleted, never edited. */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id),
    /** The document's customer, copied so the account's list filters by customer without a join. */
    customerId: text('customer_id').notNull(),
    /** Decimal string in the document's currency, its minor units (never a float). */
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    /** YYYY-MM-DD, the day the money arrived. */
    date: text('date').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }),
    reference: text('reference'),
    note: text('note'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_account_idx').on(t.accountId, t.id),
    index('payments_document_idx').on(t.accountId, t.documentId, t.id),
    index('payments_date_idx').on(t.accountId, t.date),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
