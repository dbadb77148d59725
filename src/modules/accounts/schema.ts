import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp, updatedAt } from '../../db/columns';
import { plans } from '../plans/schema';

export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  disabledAt: timestamp('disabled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type AccountRow = typeof accounts.$inferSelect;
