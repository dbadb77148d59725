import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { type CreateSequenceBody, MAX_NEXT_NUMBER, type UpdateSequenceBody } from '../model';
import { numbersOfYear, patternProblem } from '../pattern';
import { documentNumbersBeginningWith, findSequence, insertSequence, updateSequence } from '../repo';
import type { NumberingSequenceRow } from '../schema';

function checkPattern(pattern: string | undefined): void {
  const problem = pattern === undefined ? null : patternProblem(pattern);
  if (problem) throw validationError([{ loc: 'body.pattern', msg: problem, type: 'invalid_value' }]);
}

/**
 * Where a sequence set up without `next_number` starts: after the highest number of its shape the account's
 * documents already have this year (RE-2026-0147, imported from the tool used before, or typed by hand:
 * the first document from the sequence is RE-2026-0148, and `next_preview` says so), for a yearly sequence
 * as that year's counter. A sequence that never resets continues last year's numbers too. Before, it
 * started at 1: it walked past each number used, and gave out the first one missing among them (a number
 * the old tool had deleted, or never exported), an invoice of July between those of February.
 */
async function firstCounter(
  ctx: AccountCtx,
  sequence: { prefix: string; pattern: string; reset: 'never' | 'yearly' },
  today: string,
): Promise<{ nextNumber: number; period: string | null }> {
  const year = today.slice(0, 4);
  // A yearly sequence whose numbers name no year repeats them each year: last year's are no history of
  // this year's counter (it starts at 1, and walks past a number taken as before).
  if (sequence.reset === 'yearly' && !/\{YY(YY)?\}/.test(sequence.pattern))
    return { nextNumber: 1, period: null };
  const years = sequence.reset === 'yearly' ? [today] : [`${Number(year) - 1}${today.slice(4)}`, today];
  let highest = 0;
  for (const date of years) {
    const shape = numbersOfYear(sequence.prefix, sequence.pattern, date);
    for (const number of await documentNumbersBeginningWith(ctx.db, ctx.accountId, shape.begins)) {
      const counter = shape.counterOf(number) ?? 0;
      // A number typed by hand past any counter (`2026-99999999999999999999`) is no history to continue:
      // the counter stays within what next_number takes (its column, and a JS number, hold it exactly).
      if (counter < MAX_NEXT_NUMBER) highest = Math.max(highest, counter);
    }
  }
  if (highest === 0) return { nextNumber: 1, period: null };
  return { nextNumber: highest + 1, period: sequence.reset === 'yearly' ? year : null };
}

export async function createSequence({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: CreateSequenceBody;
}): Promise<NumberingSequenceRow> {
  checkPattern(input.pattern);
  const now = isoNow(ctx.clock);
  const shape = {
    prefix: input.prefix ?? '',
    pattern: input.pattern ?? '{YYYY}-{NNNN}',
    reset: input.reset ?? 'never',
  };
  const counter =
    input.next_number === undefined
      ? await firstCounter(ctx, shape, now.slice(0, 10))
      : { nextNumber: input.next_number, period: null };
  return await insertSequence(ctx.db, {
    id: newId('seq'),
    accountId: ctx.accountId,
    name: input.name,
    ...shape,
    ...counter,
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
  });
}

export async function updateSequenceSettings({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; changes: UpdateSequenceBody };
}): Promise<NumberingSequenceRow> {
  checkPattern(input.changes.pattern);
  const existing = await findSequence(ctx.db, ctx.accountId, input.id);
  if (!existing) throw notFound('Numbering sequence');
  const { next_number, ...rest } = input.changes;
  if (Object.keys(input.changes).length === 0) return existing;
  const updated = await updateSequence(ctx.db, ctx.accountId, input.id, {
    ...rest,
    ...(next_number !== undefined ? { nextNumber: next_number } : {}),
    ...(rest.reset === 'never' ? { period: null } : {}),
    updatedAt: isoNow(ctx.clock),
  });
  if (!updated) throw notFound('Numbering sequence');
  return updated;
}
