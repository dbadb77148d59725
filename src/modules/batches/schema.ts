import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, timestamp, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

export const BATCH_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_ITEM_STATUSES = ['queued', 'completed', 'failed'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

export interface BatchOutput {
  format: 'pdf';
  combine: boolean;
  archive_format: 'zip';
  page_size: 'LETTER' | 'A4';
}

export const batches = sqliteTable(
  'batches',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: BATCH_STATUSES }).notNull(),
    operation: text('operation').notNull(),
    templateId: text('template_id').notNull(),
    /** Pinned version; null = the template's config when each item runs. */
    templateVersion: integer('template_version'),
    output: text('output', { mode: 'json' }).$type<BatchOutput>().notNull(),
    totalItems: integer('total_items').notNull(),
    completedItems: integer('completed_items').notNull().default(0),
    failedItems: integer('failed_items').notNull().default(0),
    /** Blob of the combined PDF when `output.combine` (written once every item has finished). */
    combinedBlobKey: text('combined_blob_key'),
    errorMessage: text('error_message'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at'),
  },
  (t) => [index('batches_account_idx').on(t.accountId, t.id)],
);

export const batchItems = sqliteTable(
  'batch_items',
  {
    id: text('id').primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id),
    accountId: text('account_id').notNull(),
    /** Order of the item in the create request; the ZIP and the combined PDF follow it. */
    position: integer('position').notNull(),
    externalId: text('external_id'),
    documentType: text('document_type').notNull(),
    status: text('status', { enum: BATCH_ITEM_STATUSES }).notNull(),
    /** The item's document data; cleared once the item has finished, the render is the record then. */
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>(),
    renderId: text('render_id'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('batch_items_order_idx').on(t.batchId, t.position),
    index('batch_items_status_idx').on(t.batchId, t.status, t.position),
  ],
);

export type BatchRow = typeof batches.$inferSelect;
export type BatchItemRow = typeof batchItems.$inferSelect;
