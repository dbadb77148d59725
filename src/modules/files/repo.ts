import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type FileRow, files } from './schema';

const scoped = (accountId: string, id: string) => and(eq(files.accountId, accountId), eq(files.id, id));

export function insertFile(db: DbOrTx, row: FileRow): FileRow {
  return db.insert(files).values(row).returning().get();
}

export function findFile(db: DbOrTx, accountId: string, id: string): FileRow | undefined {
  return db.select().from(files).where(scoped(accountId, id)).get();
}

/** The deleted row, so the caller can remove its blob; undefined when there was none. */
export function deleteFileRow(db: DbOrTx, accountId: string, id: string): FileRow | undefined {
  return db.delete(files).where(scoped(accountId, id)).returning().get();
}
