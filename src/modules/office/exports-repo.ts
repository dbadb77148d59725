// The queries of office_exports.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type OfficeExportRow, officeExports } from './schema';

export async function insertOfficeExport(db: DbOrTx, row: OfficeExportRow): Promise<OfficeExportRow> {
  return await db.insert(officeExports).values(row).returning().get();
}

/**
 * The export by id: the job reads any; a request only the one asked in its account by the same user (an
 * API key: one asked by a key, userId null), so another user of the office finds nothing.
 */
export async function findOfficeExport(
  db: DbOrTx,
  id: string,
  owner?: { accountId: string; userId: string | null },
): Promise<OfficeExportRow | undefined> {
  const byId = eq(officeExports.id, id);
  const where =
    owner === undefined
      ? byId
      : and(
          byId,
          eq(officeExports.accountId, owner.accountId),
          owner.userId === null ? isNull(officeExports.userId) : eq(officeExports.userId, owner.userId),
        );
  return (await db.select().from(officeExports).where(where).get()) ?? undefined;
}

export async function updateOfficeExport(
  db: DbOrTx,
  id: string,
  set: Partial<Omit<OfficeExportRow, 'id' | 'accountId' | 'userId'>>,
): Promise<void> {
  await db.update(officeExports).set(set).where(eq(officeExports.id, id)).run();
}
