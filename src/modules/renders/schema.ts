import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from '../../db/columns';
import { accounts } from '../accounts/schema';

export const renders = sqliteTable(
  'renders',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The stored document rendered; null for stateless renders and previews. */
    documentId: text('document_id'),
    documentType: text('document_type').notNull(),
    format: text('format').notNull(),
    templateId: text('template_id').notNull(),
    templateVersion: integer('template_version'),
    pageSize: text('page_size').notNull(),
    blobKey: text('blob_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Money totals as the API reports them (`calculation`). */
    calculation: text('calculation', { mode: 'json' })
      .$type<Record<string, { amount: string; currency: string }>>()
      .notNull(),
    compliance: text('compliance', { mode: 'json' }).$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('renders_account_idx').on(t.accountId, t.id),
    index('renders_expiry_idx').on(t.expiresAt),
    index('renders_document_idx').on(t.accountId, t.documentId, t.id),
  ],
);

export type RenderRow = typeof renders.$inferSelect;
