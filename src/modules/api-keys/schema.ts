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
    /**
     * The workspace member the key acts for, with that member's role; null = an account-level key (owner
     * rights). No foreign key: a removed member's keys are revoked, and a key whose member is gone never
     * authenticates (it must not fall back to account level).
     */
    workspaceMemberId: text('workspace_member_id'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_lookup_uq').on(t.lookup),
    index('api_keys_account_idx').on(t.accountId, t.id),
    index('api_keys_member_idx').on(t.workspaceMemberId),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
