import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { renderNumber } from '../pattern';
import { findSequence, updateSequence } from '../repo';

/**
 * Takes the next number of a sequence. Must run inside the transaction that stores the document: if that
 * store fails, the counter rolls back with it, so no number is ever skipped, and the write lock SQLite
 * holds for the transaction means no two documents can take the same counter.
 *
 * A yearly sequence starts again at 1 when a document's issue year is later than the counter's year;
 * documents back-dated into an earlier year continue the current counter.
 */
export async function allocateNumber({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { sequenceId: string; issueDate: string; loc: string };
}): Promise<string> {
  const row = await findSequence(ctx.db, ctx.accountId, input.sequenceId);
  if (!row) {
    throw validationError([{ loc: input.loc, msg: 'numbering sequence not found', type: 'invalid_value' }]);
  }
  const year = input.issueDate.slice(0, 4);
  const newPeriod = row.reset === 'yearly' && (row.period === null || year > row.period);
  const counter = newPeriod && row.period !== null ? 1 : row.nextNumber;
  await updateSequence(ctx.db, ctx.accountId, row.id, {
    nextNumber: counter + 1,
    period: row.reset === 'yearly' ? (newPeriod ? year : row.period) : null,
    updatedAt: isoNow(ctx.clock),
  });
  return renderNumber(row.prefix, row.pattern, counter, input.issueDate);
}
