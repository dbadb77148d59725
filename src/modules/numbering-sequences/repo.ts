import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import { type NumberingSequenceRow, numberingSequences } from './schema';

const scoped = (accountId: string, id: string) =>
  and(eq(numberingSequences.accountId, accountId), eq(numberingSequences.id, id));

export function insertSequence(db: DbOrTx, row: NumberingSequenceRow): NumberingSequenceRow {
  return db.insert(numberingSequences).values(row).returning().get();
}

export function findSequence(db: DbOrTx, accountId: string, id: string): NumberingSequenceRow | undefined {
  return db.select().from(numberingSequences).where(scoped(accountId, id)).get();
}

export function listSequences(db: DbOrTx, accountId: string, page: PageRequest): NumberingSequenceRow[] {
  const scope = eq(numberingSequences.accountId, accountId);
  return db
    .select()
    .from(numberingSequences)
    .where(page.after === null ? scope : and(scope, lt(numberingSequences.id, page.after)))
    .orderBy(desc(numberingSequences.id))
    .limit(page.limit + 1)
    .all();
}

export function updateSequence(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<Omit<NumberingSequenceRow, 'id' | 'accountId' | 'createdAt'>>,
): NumberingSequenceRow | undefined {
  return db.update(numberingSequences).set(changes).where(scoped(accountId, id)).returning().get();
}

export function deleteSequence(db: DbOrTx, accountId: string, id: string): boolean {
  return (
    db.delete(numberingSequences).where(scoped(accountId, id)).returning({ id: numberingSequences.id }).all()
      .length > 0
  );
}
