import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy } from '../../db/columns';
import { accounts } from '../accounts/schema';

export const files = sqliteTable(
  'files',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The client's name, for display only; bytes are stored under the id, never under this name. */
    filename: text('filename').notNull(),
    /** Sniffed from the bytes, not taken from the client. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    blobKey: text('blob_key').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('files_account_idx').on(t.accountId, t.id)],
);

export type FileRow = typeof files.$inferSelect;
