import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp, updatedAt } from '../db/columns';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/**
 * The job queue. A row is claimed by one `UPDATE ... RETURNING` (see queue.ts); `lease_until` bounds how
 * long a claim holds, so a crashed worker's job becomes claimable again without any bookkeeping.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    // The idempotent run id (e.g. `recurring:<id>:<date>`): enqueuing an existing key returns that job.
    runKey: text('run_key').unique(),
    payload: text('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    // Not before: the first run's time, then the retry time after a retryable failure.
    runAt: timestamp('run_at').notNull(),
    leaseUntil: timestamp('lease_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at'),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.kind, t.runAt)],
);

export type JobRow = typeof jobs.$inferSelect;
