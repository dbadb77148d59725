import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../db/columns';

export const plans = sqliteTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceId: text('price_id'),
  monthlyRenderQuota: integer('monthly_render_quota').notNull(),
  requestsPerSecond: integer('requests_per_second').notNull(),
  /**
   * What one render beyond the quota costs while overage is on, in cents as a decimal string (renders cost
   * fractions of a cent); null = the plan offers no overage and renders stop at the quota.
   */
  overageCentsPerRender: text('overage_cents_per_render'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PlanRow = typeof plans.$inferSelect;
