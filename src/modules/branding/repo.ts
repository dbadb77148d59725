import { and, asc, desc, eq, gt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { scoped } from '../../db/scoped';
import { type BrandingProfileRow, brandingProfiles as profiles } from './schema';

/** Where a list page resumes: after the default row, or after a non-default row (oldest first). */
export type ListPosition = { isDefault: boolean; id: string };

export async function insertProfile(db: DbOrTx, row: BrandingProfileRow): Promise<BrandingProfileRow> {
  return await db.insert(profiles).values(row).returning().get();
}

export async function findProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<BrandingProfileRow | undefined> {
  return await db
    .select()
    .from(profiles)
    .where(scoped(profiles, accountId, id))
    .get();
}

const defaultProfile = preparedPerHandle((db) =>
  db
    .select()
    .from(profiles)
    .where(and(eq(profiles.accountId, sql.placeholder('accountId')), eq(profiles.isDefault, true)))
    .prepare(),
);

/** The account's default, if it chose one (every render without its own asks): prepared once per handle. */
export async function findDefaultProfile(
  db: DbOrTx,
  accountId: string,
): Promise<BrandingProfileRow | undefined> {
  return await defaultProfile(db).get({ accountId });
}

export async function hasProfiles(db: DbOrTx, accountId: string): Promise<boolean> {
  return (
    (await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.accountId, accountId))
      .limit(1)
      .get()) !== undefined
  );
}

/** Ids are time-ordered, so the smallest id is the oldest profile. */
export async function findOldestProfile(
  db: DbOrTx,
  accountId: string,
): Promise<BrandingProfileRow | undefined> {
  return await db
    .select()
    .from(profiles)
    .where(eq(profiles.accountId, accountId))
    .orderBy(asc(profiles.id))
    .limit(1)
    .get();
}

/** Default first, then oldest first: (is_default DESC, id ASC), resuming strictly after `after`. */
export async function listProfiles(
  db: DbOrTx,
  accountId: string,
  after: ListPosition | null,
  limit: number,
): Promise<BrandingProfileRow[]> {
  const scope = eq(profiles.accountId, accountId);
  let where: SQL | undefined = scope;
  if (after?.isDefault) {
    where = and(
      scope,
      or(eq(profiles.isDefault, false), and(eq(profiles.isDefault, true), gt(profiles.id, after.id))),
    );
  } else if (after) {
    where = and(scope, eq(profiles.isDefault, false), gt(profiles.id, after.id));
  }
  return await db
    .select()
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.isDefault), asc(profiles.id))
    .limit(limit + 1)
    .all();
}

export async function updateProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<BrandingProfileRow>,
): Promise<BrandingProfileRow | undefined> {
  return await db
    .update(profiles)
    .set(changes)
    .where(scoped(profiles, accountId, id))
    .returning()
    .get();
}

/** Clears the flag everywhere but `keepId`; must run before the new default is set (partial unique index). */
export async function clearDefault(
  db: DbOrTx,
  accountId: string,
  keepId: string | null,
  now: string,
): Promise<void> {
  const others = keepId === null ? undefined : ne(profiles.id, keepId);
  await db
    .update(profiles)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(profiles.accountId, accountId), eq(profiles.isDefault, true), others))
    .run();
}

export async function deleteProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<BrandingProfileRow | undefined> {
  return await db
    .delete(profiles)
    .where(scoped(profiles, accountId, id))
    .returning()
    .get();
}
