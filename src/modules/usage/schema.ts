import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
    // The holds still running, found without reading the month's renders made (src/modules/usage/repo.ts).
    index('usage_events_hold_idx').on(t.accountId, t.pendingUntil),
  ],
);

export type UsageEventRow = typeof usageEvents.$inferSelect;

/**
 * Renders made per account and calendar month (UTC), so the quota check reads one row instead of counting
 * the month's events. Moved only by the statement that turns a hold into a render made, in its transaction
 * (src/modules/usage/repo.ts, `recordRenderMade`): it always equals the events without a hold, grouped by
 * the month of their `created_at`. Holds are not in it: they run out by time, without a write.
 */
export const usageMonthCounters = sqliteTable(
  'usage_month_counters',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** `YYYY-MM`: the first seven characters of its events' `created_at`. */
    month: text('month').notNull(),
    renders: integer('renders').notNull(),
    /** Of them, taken beyond the quota under overage. */
    overageRenders: integer('overage_renders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

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
