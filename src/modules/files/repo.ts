import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type FileRow, files } from './schema';

const scoped = (accountId: string, id: string) => and(eq(files.accountId, accountId), eq(files.id, id));

export async function insertFile(db: DbOrTx, row: FileRow): Promise<FileRow> {
  return await db.insert(files).values(row).returning().get();
}

export async function findFile(db: DbOrTx, accountId: string, id: string): Promise<FileRow | undefined> {
  return await db.select().from(files).where(scoped(accountId, id)).get();
}

/** The deleted row, so the caller can remove its blob; undefined when there was none. */
export async function deleteFileRow(db: DbOrTx, accountId: string, id: string): Promise<FileRow | undefined> {
  return await db.delete(files).where(scoped(accountId, id)).returning().get();
}
