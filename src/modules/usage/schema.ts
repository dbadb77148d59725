import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../db/columns';
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
    /** Taken beyond the plan quota while overage was on: the renders overage bills. */
    overage: integer('overage', { mode: 'boolean' }).notNull().default(false),
    /**
     * Set while the unit is only reserved (its PDF not yet recorded): the reservation holds quota until this
     * time and is never on the meter. The render's own transaction clears it. A render that fails deletes the
     * row; when that delete cannot be written (a full disk), the hold simply runs out (src/modules/usage/quota.ts).
     */
    pendingUntil: text('pending_until'),
    createdAt: createdAt(),
  },
  (t) => [
    index('usage_events_account_idx').on(t.accountId, t.id),
    index('usage_events_month_idx').on(t.accountId, t.createdAt),
  ],
);

export type UsageEventRow = typeof usageEvents.$inferSelect;

/** An account's overage choice (PATCH /billing/overage); no row = off. */
export const overageSettings = sqliteTable('overage_settings', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  /** Most renders beyond the quota per month; null = no cap. */
  cap: integer('cap'),
  updatedAt: updatedAt(),
});

export type OverageSettingsRow = typeof overageSettings.$inferSelect;
