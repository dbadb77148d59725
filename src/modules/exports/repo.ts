import { and, eq, gte, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AccountingSettingsValue, accountingSettings, creditorNumbers } from './schema';

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
  supplier: { key: string; name: string | null },
  first: number,
  now: string,
): Promise<number> {
  const scoped = and(eq(creditorNumbers.accountId, accountId), eq(creditorNumbers.supplierKey, supplier.key));
  const existing = await db.select().from(creditorNumbers).where(scoped).get();
  if (existing) return existing.number;
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
