import type { AccountCtx } from '../../../shared/context';
import type { FieldError } from '../../../shared/errors';
import { findSequence } from '../../numbering-sequences';
import type { CreateDocumentBody } from '../model';
import { findDocumentByNumber } from '../repo';
import { draftOf, numberingProblems } from './create-document';
import { draftProblems } from './prepare-draft';
import { numberTaken } from './store-numbered';

/**
 * What POST /documents would refuse for a body that passed the schema, as field errors with `body.` locs
 * instead of a 422 or 409: for imports, which check many documents before creating any. A number already
 * taken is a `conflict` field; a sequence that exists but has run out shows only when the number is drawn.
 */
export function newDocumentProblems(ctx: AccountCtx, input: CreateDocumentBody): FieldError[] {
  const problems = [...numberingProblems(input), ...draftProblems(ctx, draftOf(input))];
  if (
    input.numbering_sequence_id !== undefined &&
    !findSequence(ctx.db, ctx.accountId, input.numbering_sequence_id)
  ) {
    const msg = 'numbering sequence not found';
    problems.push({ loc: 'body.numbering_sequence_id', msg, type: 'invalid_value' });
  }
  if (input.number !== undefined && findDocumentByNumber(ctx.db, ctx.accountId, input.number)) {
    problems.push({ loc: 'body.number', msg: numberTaken(ctx, input.number).message, type: 'conflict' });
  }
  return problems;
}
