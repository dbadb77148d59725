import { and, asc, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { scoped, scopedByPlaceholders } from '../../db/scoped';
import type { PageRequest } from '../../shared/pagination';
import { type NumberingGapRow, type NumberingSequenceRow, numberingGaps, numberingSequences } from './schema';

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

/**
 * Takes the sequence's row lock (an UPDATE that changes nothing) until the caller's transaction ends, and
 * reads the row as it is then: a delete giving a number back and a create taking one (advanceSequence, or a
 * back-dated create reading its year's highest number) run one after the other, on any instance.
 */
export async function lockSequence(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<NumberingSequenceRow | undefined> {
  return await db
    .update(numberingSequences)
    .set({ nextNumber: sql`${numberingSequences.nextNumber}` })
    .where(scoped(numberingSequences, accountId, id))
    .returning()
    .get();
}

/** Moves the counter back by one when it still stands at `next` (the number before it is given back). */
export async function stepSequenceBack(
  db: DbOrTx,
  accountId: string,
  id: string,
  next: number,
  updatedAt: string,
): Promise<boolean> {
  const rows = await db
    .update(numberingSequences)
    .set({ nextNumber: next - 1, updatedAt })
    .where(and(scoped(numberingSequences, accountId, id), eq(numberingSequences.nextNumber, next)))
    .returning({ id: numberingSequences.id })
    .all();
  return rows.length > 0;
}

/**
 * The account's document numbers that begin with `begins`. Read from the documents table by name: the documents
 * module numbers its documents from this one (it imports it), so this one cannot import the documents module.
 */
export async function documentNumbersBeginningWith(
  db: DbOrTx,
  accountId: string,
  begins: string,
): Promise<string[]> {
  const rows = await db.all<[string]>(
    sql`select number from documents where account_id = ${accountId} and substr(number, 1, ${begins.length}) = ${begins}`,
  );
  return rows.map((row) => row[0]);
}

export async function insertGap(db: DbOrTx, row: NumberingGapRow): Promise<NumberingGapRow> {
  return await db.insert(numberingGaps).values(row).returning().get();
}

/** A sequence's gaps, newest first, paginated by id. */
export async function listGaps(
  db: DbOrTx,
  accountId: string,
  sequenceId: string,
  page: PageRequest,
): Promise<NumberingGapRow[]> {
  const scope = and(eq(numberingGaps.accountId, accountId), eq(numberingGaps.sequenceId, sequenceId));
  return await db
    .select()
    .from(numberingGaps)
    .where(page.after === null ? scope : and(scope, lt(numberingGaps.id, page.after)))
    .orderBy(desc(numberingGaps.id))
    .limit(page.limit + 1)
    .all();
}

/** The account's gaps whose draft was dated in the period (both days included), by id (`after`: exclusive). */
export async function gapsDatedBetween(
  db: DbOrTx,
  accountId: string,
  period: { from: string; to: string },
  page: PageRequest,
): Promise<NumberingGapRow[]> {
  const scope = and(
    eq(numberingGaps.accountId, accountId),
    gte(numberingGaps.issueDate, period.from),
    lte(numberingGaps.issueDate, period.to),
  );
  return await db
    .select()
    .from(numberingGaps)
    .where(page.after === null ? scope : and(scope, gt(numberingGaps.id, page.after)))
    .orderBy(asc(numberingGaps.id))
    .limit(page.limit + 1)
    .all();
}
