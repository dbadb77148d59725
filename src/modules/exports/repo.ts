import { and, desc, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { NotExportedBy } from '../../db/exported-periods';
import {
  type AccountingSettingsValue,
  accountingSettings,
  creditorNumbers,
  DATEV_EXPORT_KINDS,
  type DatevExportKind,
  type DatevExportRow,
  datevExports,
  type ExportArchiveRow,
  exportArchives,
} from './schema';

export async function findAccountingSettings(
  db: DbOrTx,
  accountId: string,
): Promise<AccountingSettingsValue | undefined> {
  return (
    await db
      .select({ settings: accountingSettings.settings })
      .from(accountingSettings)
      .where(eq(accountingSettings.accountId, accountId))
      .get()
  )?.settings;
}

export async function saveAccountingSettings(
  db: DbOrTx,
  accountId: string,
  settings: AccountingSettingsValue,
  now: string,
): Promise<void> {
  await db
    .insert(accountingSettings)
    .values({ accountId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: accountingSettings.accountId, set: { settings, updatedAt: now } })
    .run();
}

/**
 * The supplier's creditor number, given the next free one (from `first` on, after the highest in use) on
 * its first export. Called inside the export's transaction, so two exports cannot hand out one number.
 */
export async function creditorNumberOf(
  db: DbOrTx,
  accountId: string,
  supplier: { key: string; aliases?: readonly string[]; name: string | null },
  first: number,
  now: string,
): Promise<number> {
  const existing = await findCreditorNumber(db, accountId, supplier.key, supplier.aliases);
  if (existing !== null) return existing;
  const highest = (
    await db
      .select({ value: max(creditorNumbers.number) })
      .from(creditorNumbers)
      .where(and(eq(creditorNumbers.accountId, accountId), gte(creditorNumbers.number, first)))
      .get()
  )?.value;
  const number = highest === null || highest === undefined ? first : highest + 1;
  await db
    .insert(creditorNumbers)
    .values({ accountId, supplierKey: supplier.key, number, name: supplier.name, createdAt: now })
    .run();
  return number;
}

export async function insertExportArchive(db: DbOrTx, row: ExportArchiveRow): Promise<ExportArchiveRow> {
  return await db.insert(exportArchives).values(row).returning().get();
}

/** The archive by id: of the account when given (a request), any (the job). */
export async function findExportArchive(
  db: DbOrTx,
  id: string,
  accountId?: string,
): Promise<ExportArchiveRow | undefined> {
  const byId = eq(exportArchives.id, id);
  const where = accountId === undefined ? byId : and(byId, eq(exportArchives.accountId, accountId));
  return (await db.select().from(exportArchives).where(where).get()) ?? undefined;
}

export async function updateExportArchive(
  db: DbOrTx,
  id: string,
  set: Partial<Omit<ExportArchiveRow, 'id' | 'accountId'>>,
): Promise<void> {
  await db.update(exportArchives).set(set).where(eq(exportArchives.id, id)).run();
}

/**
 * The supplier's creditor number if it has one, under its key, else under the first of its other keys that
 * has one; assigns none (the DATEV master data without a period).
 */
export async function findCreditorNumber(
  db: DbOrTx,
  accountId: string,
  supplierKey: string,
  aliases: readonly string[] = [],
): Promise<number | null> {
  const keys = [supplierKey, ...aliases];
  const rows = await db
    .select({ key: creditorNumbers.supplierKey, number: creditorNumbers.number })
    .from(creditorNumbers)
    .where(and(eq(creditorNumbers.accountId, accountId), inArray(creditorNumbers.supplierKey, keys)))
    .all();
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    if (row) return row.number;
  }
  return null;
}

export async function insertDatevExport(db: DbOrTx, row: DatevExportRow): Promise<DatevExportRow> {
  return await db.insert(datevExports).values(row).returning().get();
}

/**
 * "No export of `kind` held this document" (docs/office.md), over the document's issue date and arrival
 * (finalized, received): dated from the first exported period's start, or arrived after the first export
 * was made (what existed and was dated before it was booked before the firm exported to DATEV), unless an
 * export whose period holds its date was made after it arrived (a document without its arrival time counts
 * as held, as before). Correlated subqueries, whatever the number of exports. A document dated on or before
 * `bookedUntil` (the settings' books kept elsewhere) is none the exports will ever book: never counted; an
 * export made under a `booked_until` does not hold what it left out (cleared since, that is waiting again).
 */
export function notExportedBy(
  accountId: string,
  kind: DatevExportKind,
  bookedUntil: string | null = null,
): NotExportedBy {
  const kept = (date: Parameters<NotExportedBy>[0]) =>
    bookedUntil === null ? sql`` : sql` AND ${date} > ${bookedUntil}`;
  return (date, arrived) => sql`((${date} >= COALESCE((SELECT MIN(e."from") FROM datev_exports e
      WHERE e.account_id = ${accountId} AND e.kind = ${kind}), '')
    OR ${arrived} > (SELECT MIN(e.created_at) FROM datev_exports e
      WHERE e.account_id = ${accountId} AND e.kind = ${kind}))
    AND NOT EXISTS (SELECT 1 FROM datev_exports e WHERE e.account_id = ${accountId} AND e.kind = ${kind}
      AND ${date} >= e."from" AND ${date} <= e."to" AND (${arrived} IS NULL OR ${arrived} <= e.created_at)
      AND (e.booked_until IS NULL OR ${date} > e.booked_until))${kept(date)})`;
}

/**
 * Per kind the export reaching furthest (the latest `to`, the newest of equals), null for a kind never
 * exported: an old period made again later does not make the months after it look unexported.
 */
export async function latestDatevExports(
  db: DbOrTx,
  accountId: string,
): Promise<Record<DatevExportKind, DatevExportRow | null>> {
  const latest = {} as Record<DatevExportKind, DatevExportRow | null>;
  for (const kind of DATEV_EXPORT_KINDS) {
    const row = await db
      .select()
      .from(datevExports)
      .where(and(eq(datevExports.accountId, accountId), eq(datevExports.kind, kind)))
      .orderBy(desc(datevExports.to), desc(datevExports.createdAt), desc(datevExports.id))
      .limit(1)
      .get();
    latest[kind] = row ?? null;
  }
  return latest;
}
