import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, timestamp, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';
import type { ImportStatus } from './lifecycle';
import type { ImportResource, RowError, SourceFormat } from './row-types';

export const imports = sqliteTable(
  'imports',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    resource: text('resource').$type<ImportResource>().notNull(),
    sourceFormat: text('source_format').$type<SourceFormat>().notNull(),
    status: text('status').$type<ImportStatus>().notNull(),
    totalRows: integer('total_rows').notNull(),
    importedRows: integer('imported_rows').notNull(),
    failedRows: integer('failed_rows').notNull(),
    errors: text('errors', { mode: 'json' }).$type<RowError[]>(),
    // The rows that passed validation, already in create-body shape, so confirm never re-parses.
    // Cleared once the import is completed or cancelled: the customers themselves are the record then.
    validRows: text('valid_rows', { mode: 'json' }).$type<unknown[]>(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at'),
  },
  (t) => [index('imports_account_idx').on(t.accountId, t.id)],
);

export type ImportRow = typeof imports.$inferSelect;

/** An import without its stored rows: `valid_rows` can be megabytes, so only the code committing reads it. */
export type ImportHead = Omit<ImportRow, 'validRows'>;
