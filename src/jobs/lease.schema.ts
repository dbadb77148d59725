import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp, updatedAt } from '../db/columns';

/**
 * Named leases: work that must run on one instance at a time (the inbox folder's watcher, the mailbox's)
 * is done by whoever holds its row. `until` bounds the hold, so an instance that dies (kill -9, power
 * loss) stops holding by itself and another takes over; the holder renews well before then (lease.ts).
 */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  /** The holding instance's id (`instanceId()`): host, process and a random part. */
  holder: text('holder').notNull(),
  until: timestamp('until').notNull(),
  updatedAt: updatedAt(),
});

export type LeaseRow = typeof leases.$inferSelect;
