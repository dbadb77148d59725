import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

/** One row per PDF produced: the metering record and, counted per month, the quota. */
export const usageEvents = sqliteTable(
  'usage_events',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    renderId: text('render_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('usage_events_account_idx').on(t.accountId, t.id),
    index('usage_events_month_idx').on(t.accountId, t.createdAt),
  ],
);

export type UsageEventRow = typeof usageEvents.$inferSelect;
