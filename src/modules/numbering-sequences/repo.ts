import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { scoped, scopedByPlaceholders } from '../../db/scoped';
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

/**
 * Moves a sequence's counter past the number it gives out, in ONE statement that reads and writes the row
 * under its lock: a concurrent creator (another connection, another instance) waits for this transaction
 * instead of reading the same counter, and on PostgreSQL at READ COMMITTED then moves it on from what this
 * one committed. The counter given out is the row's `nextNumber - 1` afterwards. A yearly sequence whose
 * counter belongs to an earlier year than `year` starts again: it gives out 1. Undefined: no such sequence.
 * Both engines evaluate every SET against the row as it was, so `period` is compared before it moves.
 */
const sequenceAdvance = preparedPerHandle((db) => {
  const s = numberingSequences;
  const year = sql.placeholder('year');
  const yearly = sql`${s.reset} = 'yearly'`;
  return db
    .update(s)
    .set({
      nextNumber: sql`case when ${yearly} and ${s.period} < ${year} then 2 else ${s.nextNumber} + 1 end`,
      period: sql`case when not (${yearly}) then null when ${s.period} is null or ${s.period} < ${year} then ${year} else ${s.period} end`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
    })
    .where(scopedByPlaceholders(s))
    .returning()
    .prepare();
});

export async function advanceSequence(
  db: DbOrTx,
  accountId: string,
  id: string,
  year: string,
  updatedAt: string,
): Promise<NumberingSequenceRow | undefined> {
  return await sequenceAdvance(db).get({ accountId, id, year, updatedAt });
}
