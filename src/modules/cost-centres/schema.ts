import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';
import { documents } from '../documents/schema';

/** An account's cost centres (Kostenstellen): the KOST1 its bookings are allocated to in DATEV. */
export const costCentres = sqliteTable(
  'cost_centres',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 0/1: an inactive cost centre is kept for the documents linked to it, and no new one is linked. */
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cost_centres_account_idx').on(t.accountId, t.id),
    // The code is how the accountant knows it: one per account, decided by the index, not a read.
    uniqueIndex('cost_centres_code_uq').on(t.accountId, t.code),
  ],
);

export type CostCentreRow = typeof costCentres.$inferSelect;

/**
 * Which cost centre each document is allocated to (documents' `cost_centre_id`, a link: src/http/links.ts):
 * kept here, so the documents' table knows nothing of cost centres. A document deleted (a draft) takes its
 * row with it; a cost centre a row names cannot be deleted.
 */
export const costCentreDocuments = sqliteTable(
  'cost_centre_documents',
  {
    documentId: text('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    costCentreId: text('cost_centre_id')
      .notNull()
      .references(() => costCentres.id),
  },
  (t) => [index('cost_centre_documents_centre_idx').on(t.accountId, t.costCentreId, t.documentId)],
);
