import { and, asc, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { containsText } from '../../db/text-search';
import type { PageRequest } from '../../shared/pagination';
import { type BusinessProfileRow, businessProfiles } from './schema';

const scoped = (accountId: string, id: string) =>
  and(eq(businessProfiles.accountId, accountId), eq(businessProfiles.id, id));

export async function insertBusinessProfile(
  db: DbOrTx,
  row: BusinessProfileRow,
): Promise<BusinessProfileRow> {
  return await db.insert(businessProfiles).values(row).returning().get();
}

export async function findBusinessProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<BusinessProfileRow | undefined> {
  return await db.select().from(businessProfiles).where(scoped(accountId, id)).get();
}

/** Newest first; `search` keeps the rows whose legalName, displayName, email, taxId contain it (any case). */
export async function listBusinessProfiles(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
  search = '',
): Promise<BusinessProfileRow[]> {
  const conditions = [
    eq(businessProfiles.accountId, accountId),
    containsText(
      [
        businessProfiles.legalName,
        businessProfiles.displayName,
        businessProfiles.email,
        businessProfiles.taxId,
      ],
      search,
    ),
  ];
  if (page.after !== null) conditions.push(lt(businessProfiles.id, page.after));
  return await db
    .select()
    .from(businessProfiles)
    .where(and(...conditions))
    .orderBy(desc(businessProfiles.id))
    .limit(page.limit + 1)
    .all();
}

export async function updateBusinessProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<BusinessProfileRow>,
): Promise<BusinessProfileRow | undefined> {
  return await db.update(businessProfiles).set(changes).where(scoped(accountId, id)).returning().get();
}

export type DeleteOutcome = 'deleted' | 'not_found' | 'in_use';

/** Documents reference profiles by foreign key, so SQLite itself refuses to orphan them. */
export async function deleteBusinessProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<DeleteOutcome> {
  try {
    const deleted = await db
      .delete(businessProfiles)
      .where(scoped(accountId, id))
      .returning({ id: businessProfiles.id })
      .all();
    return deleted.length > 0 ? 'deleted' : 'not_found';
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'in_use';
    throw error;
  }
}

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
