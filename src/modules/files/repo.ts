import type { DbOrTx } from '../../db/client';
import { scoped } from '../../db/scoped';
import { type FileRow, files } from './schema';

export async function insertFile(db: DbOrTx, row: FileRow): Promise<FileRow> {
  return await db.insert(files).values(row).returning().get();
}

export async function findFile(db: DbOrTx, accountId: string, id: string): Promise<FileRow | undefined> {
  return await db
    .select()
    .from(files)
    .where(scoped(files, accountId, id))
    .get();
}

/** The deleted row, so the caller can remove its blob; undefined when there was none. */
export async function deleteFileRow(db: DbOrTx, accountId: string, id: string): Promise<FileRow | undefined> {
  return await db
    .delete(files)
    .where(scoped(files, accountId, id))
    .returning()
    .get();
}
