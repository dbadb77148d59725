import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from '../db/columns';

/**
 * One row per (account, Idempotency-Key). A row is claimed (`response_status` null) before the handler runs,
 * so a second request with the same key arriving meanwhile cannot run the write twice.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: text('response_headers'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);
