import { isUniqueViolation } from '../../../db/errors';
import { savepoint } from '../../../db/transaction';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { conflict } from '../../../shared/errors';
import {
  allocateNumber,
  findSequence,
  lockSequence,
  numbersOfYear,
  renderNumber,
} from '../../numbering-sequences';
import { findDocumentByNumber, insertDocument, numbersBeginningWith } from '../repo';
import type { DocumentRow } from '../schema';

export async function numberTaken(ctx: AccountCtx, number: string) {
  const holder = await findDocumentByNumber(ctx.db, ctx.accountId, number);
  return conflict(`Number '${number}' is already used by document ${holder?.id ?? '(another document)'}`, {
    number,
    document_id: holder?.id ?? null,
  });
}

/**
 * Inserts a document under a given number, or under the next free number of a sequence. The unique index
 * decides (never a read-then-write); a sequence number someone already took by hand is passed over, and
 * the counter only moves inside the caller's transaction.
 */
export async function storeNumbered(
  ctx: AccountCtx,
  draft: Omit<DocumentRow, 'number' | 'createdBy' | 'amountPaid' | 'amountCredited'>,
  numbering: { number: string } | { sequenceId: string; loc: string },
): Promise<DocumentRow> {
  const row = { ...draft, createdBy: creatorOf(ctx) };
  if ('number' in numbering) {
    try {
      return await savepoint(ctx, (sp) => insertDocument(sp.db, { ...row, number: numbering.number }));
    } catch (error) {
      if (isUniqueViolation(error, 'documents.number')) throw await numberTaken(ctx, numbering.number);
      throw error;
    }
  }
  return await withSequenceNumber(ctx, { ...numbering, issueDate: row.issueDate }, (sp, number) =>
    insertDocument(sp.db, { ...row, number }),
  );
}

/**
 * Stores a document under the next free number of a sequence for `issueDate`: `store` is tried in a
 * savepoint with each number in turn until the unique index takes one (PostgreSQL would abort the
 * transaction otherwise); a number someone took by hand is passed over.
 */
export async function withSequenceNumber<T>(
  ctx: AccountCtx,
  numbering: { sequenceId: string; loc: string; issueDate: string },
  store: (sp: AccountCtx, number: string) => Promise<T>,
): Promise<T> {
  const earlier = await earlierYear(ctx, numbering.sequenceId, numbering.issueDate);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const number = earlier
      ? await earlier()
      : await allocateNumber({
          ctx,
          input: { sequenceId: numbering.sequenceId, issueDate: numbering.issueDate, loc: numbering.loc },
        });
    try {
      return await savepoint(ctx, (sp) => store(sp, number));
    } catch (error) {
      if (!isUniqueViolation(error, 'documents.number')) throw error;
    }
  }
  throw conflict('The numbering sequence has no free number left near its counter');
}

/**
 * Whether a draft numbered from a sequence needs a new number for its new issue date: its number names
 * another year than the date now does (RE-2026-0008 moved to March 2027). Its month is not asked: a
 * pattern's {MM} is read as any month.
 */
export async function numberOfAnotherYear(
  ctx: AccountCtx,
  row: Pick<DocumentRow, 'number' | 'issueDate' | 'numberingSequenceId'>,
  issueDate: string,
): Promise<boolean> {
  if (row.numberingSequenceId === null || issueDate.slice(0, 4) === row.issueDate.slice(0, 4)) return false;
  const sequence = await findSequence(ctx.db, ctx.accountId, row.numberingSequenceId);
  if (!sequence) return false;
  const was = numbersOfYear(sequence.prefix, sequence.pattern, row.issueDate).counterOf(row.number);
  const now = numbersOfYear(sequence.prefix, sequence.pattern, issueDate).counterOf(row.number);
  return was !== null && now === null;
}

/**
 * A document dated in a year before its yearly sequence's counter (an invoice of December written in
 * January) continues that year's numbers: the highest of them plus one (RE-2026-0143 after RE-2026-0142),
 * leaving the new year's counter as it is. It took the new year's counter before, so the new year lost a
 * number, and walked past every number the old year had used (a year of over 1000 invoices: no number).
 * Null for any other document.
 */
async function earlierYear(
  ctx: AccountCtx,
  sequenceId: string,
  issueDate: string,
): Promise<(() => Promise<string>) | null> {
  const found = await findSequence(ctx.db, ctx.accountId, sequenceId);
  if (found?.reset !== 'yearly' || found.period === null) return null;
  if (issueDate.slice(0, 4) >= found.period) return null;
  // Its row locked, as a delete giving a number back locks it (release-number.ts): the highest number is
  // read after such a delete, never beside it. The counter does not move.
  const sequence = (await lockSequence(ctx.db, ctx.accountId, sequenceId)) ?? found;
  const year = numbersOfYear(sequence.prefix, sequence.pattern, issueDate);
  return async () => {
    const used = await numbersBeginningWith(ctx.db, ctx.accountId, year.begins);
    const highest = used.reduce((most, number) => Math.max(most, year.counterOf(number) ?? 0), 0);
    return renderNumber(sequence.prefix, sequence.pattern, highest + 1, issueDate);
  };
}
