import type { AccountCtx } from '../../../shared/context';
import type { FieldError } from '../../../shared/errors';
import { findSequence } from '../../numbering-sequences';
import type { CreateDocumentBody } from '../model';
import { findDocumentIdsByNumbers } from '../repo';
import { draftOf, numberingProblems } from './create-document';
import { draftProblems, rememberingLookup } from './prepare-draft';

/**
 * What POST /documents would refuse for bodies that passed the schema, as field errors with `body.` locs
 * instead of a 422 or 409: for imports, which check many documents before creating any. `numbers` are the
 * numbers about to be checked, looked up in one go; profiles, customers, sequences and source documents
 * are looked up once each. A number already taken is a `conflict` field. Use the checker at once: it
 * remembers what it looked up.
 */
export async function newDocumentChecker(
  ctx: AccountCtx,
  numbers: readonly string[],
): Promise<(input: CreateDocumentBody) => Promise<FieldError[]>> {
  const lookup = rememberingLookup(ctx);
  const taken = await findDocumentIdsByNumbers(ctx.db, ctx.accountId, numbers);
  const sequences = new Map<string, boolean>();
  const sequenceExists = async (id: string) => {
    if (!sequences.has(id)) sequences.set(id, (await findSequence(ctx.db, ctx.accountId, id)) !== undefined);
    return sequences.get(id) === true;
  };
  return async (input) => {
    const problems = [...numberingProblems(input), ...(await draftProblems(ctx, draftOf(input), lookup))];
    if (input.numbering_sequence_id !== undefined && !(await sequenceExists(input.numbering_sequence_id))) {
      const msg = 'numbering sequence not found';
      problems.push({ loc: 'body.numbering_sequence_id', msg, type: 'invalid_value' });
    }
    const holder = input.number === undefined ? undefined : taken.get(input.number);
    if (holder !== undefined) {
      const msg = `Number '${input.number}' is already used by document ${holder}`;
      problems.push({ loc: 'body.number', msg, type: 'conflict' });
    }
    return problems;
  };
}

/** The same checks for one body. */
export async function newDocumentProblems(ctx: AccountCtx, input: CreateDocumentBody): Promise<FieldError[]> {
  return await (await newDocumentChecker(ctx, input.number === undefined ? [] : [input.number]))(input);
}
