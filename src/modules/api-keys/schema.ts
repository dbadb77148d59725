import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from '../../db/columns';
import { accounts } from '../accounts/schema';

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** Public part of the secret, used to find the row; the secret itself is only stored as a hash. */
    lookup: text('lookup').notNull(),
    secretHash: text('secret_hash').notNull(),
    last4: text('last4').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_lookup_uq').on(t.lookup),
    index('api_keys_account_idx').on(t.accountId, t.id),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
