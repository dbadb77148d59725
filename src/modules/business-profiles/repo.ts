import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountRows } from '../../db/scoped';
import { businessProfiles } from './schema';

/**
 * Listed newest first; `?q=` searches the names, email and tax ID. Documents reference profiles by foreign
 * key, so the database itself refuses to orphan them (the delete use-case's 409).
 */
export const businessProfileRows = accountRows(businessProfiles, {
  search: [
    businessProfiles.legalName,
    businessProfiles.displayName,
    businessProfiles.email,
    businessProfiles.taxId,
  ],
});

export const findBusinessProfile = businessProfileRows.find;

/**
 * The account's language for what no document states (a received e-invoice drawn for reading): the
 * default locale of its oldest business profile that has one; null when none does.
 */
export async function accountLocale(db: DbOrTx, accountId: string): Promise<string | null> {
  const row = await db
    .select({ locale: businessProfiles.defaultLocale })
    .from(businessProfiles)
    .where(and(eq(businessProfiles.accountId, accountId), isNotNull(businessProfiles.defaultLocale)))
    .orderBy(asc(businessProfiles.createdAt), asc(businessProfiles.id))
    .limit(1)
    .get();
  return row?.locale ?? null;
}

/** Each of the account's business profiles with its time zone (`default_timezone`; null: none named, UTC). */
export async function profileTimeZones(
  db: DbOrTx,
  accountId: string,
): Promise<{ id: string; timeZone: string | null }[]> {
  return await db
    .select({ id: businessProfiles.id, timeZone: businessProfiles.defaultTimezone })
    .from(businessProfiles)
    .where(eq(businessProfiles.accountId, accountId))
    .all();
}

/** The account's business profile when it has exactly one (who a statement without documents is from). */
export async function onlyBusinessProfile(db: DbOrTx, accountId: string) {
  const rows = await db
    .select()
    .from(businessProfiles)
    .where(eq(businessProfiles.accountId, accountId))
    .limit(2)
    .all();
  return rows.length === 1 ? rows[0] : undefined;
}
