import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, timestamp, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';
import { ARCHIVE_JOB_STATUSES } from '../exports/schema';

/**
 * An office's export of many clients' DATEV files for one period, prepared in the background
 * (POST /office/exports): kept in the account the user acted in, readable by that user only.
 */
export const officeExports = sqliteTable('office_exports', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  /** The signed-in user who asked (null: an API key, which reaches its own account only). */
  userId: text('user_id'),
  status: text('status', { enum: ARCHIVE_JOB_STATUSES }).notNull(),
  from: text('from').notNull(),
  to: text('to').notNull(),
  /** The client accounts asked for, in order (JSON array of ids). */
  clientIds: text('client_ids', { mode: 'json' }).$type<string[]>().notNull(),
  /** Per client what went into the ZIP or why not (JSON), once completed. */
  results: text('results', { mode: 'json' }).$type<OfficeExportResult[]>(),
  createdBy: createdBy(),
  blobKey: text('blob_key'),
  sizeBytes: integer('size_bytes'),
  errorMessage: text('error_message'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: timestamp('completed_at'),
});

/** Why a client of an office export has no files, as data (the console and Fehler.txt word it). */
export type OfficeExportProblemCode =
  | 'datev_numbers_missing'
  | 'fiscal_year_span'
  | 'exchange_rate_missing'
  | 'account_disabled'
  | 'not_reached'
  | 'refused';

export interface OfficeExportResult {
  account_id: string;
  name: string;
  folder: string;
  files: string[];
  problem: string | null;
  /** Absent on exports made before codes were kept: the presenter derives it from `problem`. */
  problem_code?: OfficeExportProblemCode | null;
  /** For `datev_numbers_missing`: which of consultant_number and client_number. */
  missing?: string[];
  /** The client's books kept elsewhere up to this day (booked_until): set only then. */
  booked_until?: string;
  /** With `booked_until`: how many bookings of the period its Buchungsstapel files left out. */
  left_out?: { issued: number; received: number };
}

export type OfficeExportRow = typeof officeExports.$inferSelect;
