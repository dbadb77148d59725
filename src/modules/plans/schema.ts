import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../db/columns';

export const plans = sqliteTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceId: text('price_id'),
  monthlyRenderQuota: integer('monthly_render_quota').notNull(),
  requestsPerSecond: integer('requests_per_second').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PlanRow = typeof plans.$inferSelect;
