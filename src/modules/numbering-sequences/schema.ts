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

/**
 * A number a sequence gave a draft that was then deleted and could not be given back (a later number of the
 * sequence was taken since): the gap it leaves, recorded so a tax auditor sees why the number is missing
 * (GoBD, § 14 Abs. 4 Nr. 4 UStG; docs/documents.md "Numbers"). Kept when the sequence is deleted: no foreign
 * key to it or to the document, which is gone.
 */
export const numberingGaps = sqliteTable(
  'numbering_gaps',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    sequenceId: text('sequence_id').notNull(),
    number: text('number').notNull(),
    documentId: text('document_id').notNull(),
    documentType: text('document_type').notNull(),
    /** The deleted draft's issue date: the period whose numbers have the gap. */
    issueDate: text('issue_date').notNull(),
    /** Who deleted it: the workspace member, else the API key, the signed-in user, the job, or `cli`. */
    deletedBy: text('deleted_by').notNull(),
    deletedAt: text('deleted_at').notNull(),
  },
  (t) => [
    index('numbering_gaps_sequence_idx').on(t.accountId, t.sequenceId, t.id),
    index('numbering_gaps_issue_date_idx').on(t.accountId, t.issueDate),
  ],
);

export type NumberingGapRow = typeof numberingGaps.$inferSelect;
