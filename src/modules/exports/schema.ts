import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, timestamp, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';
import type { AccountMap, Chart } from './accounts';

/** What an account's accounting settings hold (docs/exports.md); absent rows mean the SKR03 defaults. */
export interface AccountingSettingsValue {
  chart: Chart;
  consultant_number: number | null;
  client_number: number | null;
  /** MM-DD: the day each fiscal year begins. */
  fiscal_year_start: string;
  account_length: number;
  revenue_accounts: AccountMap;
  expense_accounts: AccountMap;
  first_debtor_number: number;
  first_creditor_number: number;
  /**
   * YYYY-MM-DD: the books up to this day are kept elsewhere ("Bereits gebucht bis": the tax adviser booked
   * them from the tool used before, or wrote them off as festgeschrieben); DATEV exports leave every booking
   * dated on or before it out. Absent (older settings too) when not set.
   */
  booked_until?: string;
}

/** One row per account that saved its settings: a JSON value, replaced whole by PUT. */
export const accountingSettings = sqliteTable('accounting_settings', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id),
  settings: text('settings', { mode: 'json' }).$type<AccountingSettingsValue>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The DATEV creditor account (Personenkonto) of each supplier of received documents. Suppliers are no
 * resource of their own (a received document names its seller), so the number is kept here, keyed by the
 * seller's tax ID (VAT ID or tax number, upper case without spaces) or, without one, by its name.
 */
export const creditorNumbers = sqliteTable(
  'creditor_numbers',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    supplierKey: text('supplier_key').notNull(),
    number: integer('number').notNull(),
    /** The seller's name when the number was given, for people reading the table. */
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('creditor_numbers_supplier_uq').on(t.accountId, t.supplierKey),
    uniqueIndex('creditor_numbers_number_uq').on(t.accountId, t.number),
  ],
);

export const ARCHIVE_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ArchiveJobStatus = (typeof ARCHIVE_JOB_STATUSES)[number];

/** An archive prepared in the background (POST /exports/archive): its period, status and ZIP in the BlobStore. */
export const exportArchives = sqliteTable('export_archives', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  status: text('status', { enum: ARCHIVE_JOB_STATUSES }).notNull(),
  from: text('from').notNull(),
  to: text('to').notNull(),
  /** The member who asked for it (its renders count against the account's plan). */
  createdBy: createdBy(),
  blobKey: text('blob_key'),
  sizeBytes: integer('size_bytes'),
  errorMessage: text('error_message'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: timestamp('completed_at'),
});

export type ExportArchiveRow = typeof exportArchives.$inferSelect;

export const DATEV_EXPORT_KINDS = ['issued', 'received', 'master_data'] as const;
export type DatevExportKind = (typeof DATEV_EXPORT_KINDS)[number];

/**
 * Each DATEV file the account downloaded, alone or in an office's export of many clients: what the office
 * overview names as the last export and from where it counts what is not exported yet (docs/office.md).
 */
export const datevExports = sqliteTable(
  'datev_exports',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: DATEV_EXPORT_KINDS }).notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    /** Bookings (or master-data rows) the file held. */
    entries: integer('entries').notNull(),
    /**
     * The settings' `booked_until` the file was made under: what it left out as booked elsewhere, which it
     * does not cover (cleared later, those documents are waiting again). Null when none was set.
     */
    bookedUntil: text('booked_until'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('datev_exports_account_idx').on(t.accountId, t.kind, t.to)],
);

export type DatevExportRow = typeof datevExports.$inferSelect;
