import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { PageRequest } from '../../shared/pagination';
import { type NumberingSequenceRow, numberingSequences } from './schema';

export async function insertSequence(db: DbOrTx, row: NumberingSequenceRow): Promise<NumberingSequenceRow> {
  return await db.insert(numberingSequences).values(row).returning().get();
}

export async function findSequence(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<NumberingSequenceRow | undefined> {
  return await db
    .select()
    .from(numberingSequences)
    .where(scoped(numberingSequences, accountId, id))
    .get();
}

export async function listSequences(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
): Promise<NumberingSequenceRow[]> {
  const scope = eq(numberingSequences.accountId, accountId);
  return await db
    .select()
    .from(numberingSequences)
    .where(page.after === null ? scope : and(scope, lt(numberingSequences.id, page.after)))
    .orderBy(desc(numberingSequences.id))
    .limit(page.limit + 1)
    .all();
}

export async function updateSequence(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<Omit<NumberingSequenceRow, 'id' | 'accountId' | 'createdAt'>>,
): Promise<NumberingSequenceRow | undefined> {
  return await db
    .update(numberingSequences)
    .set(changes)
    .where(scoped(numberingSequences, accountId, id))
    .returning()
    .get();
}

export async function deleteSequence(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(numberingSequences)
        .where(scoped(numberingSequences, accountId, id))
        .returning({ id: numberingSequences.id })
        .all()
    ).length > 0
  );
}
