import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { containsText } from '../../db/text-search';
import type { PageRequest } from '../../shared/pagination';
import { type BusinessProfileRow, businessProfiles } from './schema';

const scoped = (accountId: string, id: string) =>
  and(eq(businessProfiles.accountId, accountId), eq(businessProfiles.id, id));

export function insertBusinessProfile(db: DbOrTx, row: BusinessProfileRow): BusinessProfileRow {
  return db.insert(businessProfiles).values(row).returning().get();
}

export function findBusinessProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
): BusinessProfileRow | undefined {
  return db.select().from(businessProfiles).where(scoped(accountId, id)).get();
}

/** Newest first; `search` keeps the rows whose legalName, displayName, email, taxId contain it (any case). */
export function listBusinessProfiles(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
  search = '',
): BusinessProfileRow[] {
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
  return db
    .select()
    .from(businessProfiles)
    .where(and(...conditions))
    .orderBy(desc(businessProfiles.id))
    .limit(page.limit + 1)
    .all();
}

export function updateBusinessProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<BusinessProfileRow>,
): BusinessProfileRow | undefined {
  return db.update(businessProfiles).set(changes).where(scoped(accountId, id)).returning().get();
}

export type DeleteOutcome = 'deleted' | 'not_found' | 'in_use';

/** Documents reference profiles by foreign key, so SQLite itself refuses to orphan them. */
export function deleteBusinessProfile(db: DbOrTx, accountId: string, id: string): DeleteOutcome {
  try {
    const deleted = db
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
