import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { CreateSequenceBody, UpdateSequenceBody } from '../model';
import { patternProblem } from '../pattern';
import { findSequence, insertSequence, updateSequence } from '../repo';
import type { NumberingSequenceRow } from '../schema';

function checkPattern(pattern: string | undefined): void {
  const problem = pattern === undefined ? null : patternProblem(pattern);
  if (problem) throw validationError([{ loc: 'body.pattern', msg: problem, type: 'invalid_value' }]);
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
  return await insertSequence(ctx.db, {
    id: newId('seq'),
    accountId: ctx.accountId,
    name: input.name,
    prefix: input.prefix ?? '',
    pattern: input.pattern ?? '{YYYY}-{NNNN}',
    reset: input.reset ?? 'never',
    nextNumber: input.next_number ?? 1,
    period: null,
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
