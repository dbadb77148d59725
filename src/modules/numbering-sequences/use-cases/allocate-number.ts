import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { renderNumber } from '../pattern';
import { advanceSequence } from '../repo';

/**
 * Takes the next number of a sequence. Must run inside the transaction that stores the document: if that
 * store fails, the counter rolls back with it, so no number is ever skipped. The counter is read and moved
 * by one statement that locks the sequence's row until that transaction ends (SQLite's write lock, or
 * PostgreSQL's row lock on any isolation), so no two documents can take the same counter, and a second
 * creator waits for the first instead of failing (on PostgreSQL at READ COMMITTED; docs/instances.md).
 *
 * A yearly sequence starts again at 1 when a document's issue year is later than the counter's year. A
 * document back-dated into an earlier year does not come here: it continues that year's numbers
 * (documents/use-cases/store-numbered.ts), leaving the counter alone.
 */
export async function allocateNumber({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { sequenceId: string; issueDate: string; loc: string };
}): Promise<string> {
  const year = input.issueDate.slice(0, 4);
  const row = await advanceSequence(ctx.db, ctx.accountId, input.sequenceId, year, isoNow(ctx.clock));
  if (!row) {
    throw validationError([{ loc: input.loc, msg: 'numbering sequence not found', type: 'invalid_value' }]);
  }
  return renderNumber(row.prefix, row.pattern, row.nextNumber - 1, input.issueDate);
}
