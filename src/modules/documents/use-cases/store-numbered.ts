import { isUniqueViolation } from '../../../db/errors';
import { savepoint } from '../../../db/transaction';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { conflict } from '../../../shared/errors';
import { allocateNumber } from '../../numbering-sequences';
import { findDocumentByNumber, insertDocument } from '../repo';
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
  for (let attempt = 0; attempt < 1000; attempt++) {
    const number = await allocateNumber({
      ctx,
      input: { sequenceId: numbering.sequenceId, issueDate: row.issueDate, loc: numbering.loc },
    });
    try {
      // A savepoint: the next number is tried in the same transaction (PostgreSQL would abort it).
      return await savepoint(ctx, (sp) => insertDocument(sp.db, { ...row, number }));
    } catch (error) {
      if (!isUniqueViolation(error, 'documents.number')) throw error;
    }
  }
  throw conflict('The numbering sequence has no free number left near its counter');
}
