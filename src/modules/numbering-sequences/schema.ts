import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

export const numberingSequences = sqliteTable(
  'numbering_sequences',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    pattern: text('pattern').notNull(),
    reset: text('reset', { enum: ['never', 'yearly'] }).notNull(),
    /** The counter the next allocation uses. */
    nextNumber: integer('next_number').notNull(),
    /** The year the counter belongs to when it resets yearly (null otherwise). */
    period: text('period'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('numbering_sequences_account_idx').on(t.accountId, t.id)],
);

export type NumberingSequenceRow = typeof numberingSequences.$inferSelect;
