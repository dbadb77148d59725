import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ImportRow, imports } from './schema';

const scoped = (accountId: string, id: string) => and(eq(imports.accountId, accountId), eq(imports.id, id));

export function insertImport(db: DbOrTx, row: ImportRow): ImportRow {
  return db.insert(imports).values(row).returning().get();
}

export function findImport(db: DbOrTx, accountId: string, id: string): ImportRow | undefined {
  return db.select().from(imports).where(scoped(accountId, id)).get();
}

export function updateImport(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<ImportRow>,
): ImportRow | undefined {
  return db.update(imports).set(changes).where(scoped(accountId, id)).returning().get();
}
