import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The shared rate limiter's counters (RATE_LIMIT_STORE=database): requests per key and wall-clock second,
 * counted by one upsert, so every instance on the database draws on the same allowance. Windows older
 * than a few seconds are pruned as the limiter goes.
 */
export const rateLimitWindows = sqliteTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    /** Unix seconds of the window's start. */
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
