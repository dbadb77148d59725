import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp, updatedAt } from '../../db/columns';
import { plans } from '../plans/schema';

export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  disabledAt: timestamp('disabled_at'),
  /**
   * An office (docs/office.md): its owners and admins create client accounts (POST /accounts). The first
   * start's account is one; the CLI makes others (`accounts create --office`, `accounts office`).
   */
  office: integer('office', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type AccountRow = typeof accounts.$inferSelect;
