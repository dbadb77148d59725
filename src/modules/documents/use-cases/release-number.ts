import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import {
  counterGivesBack,
  lockSequence,
  numbersOfYear,
  recordGap,
  stepSequenceBack,
} from '../../numbering-sequences';
import { numbersBeginningWith } from '../repo';
import type { DocumentRow } from '../schema';

type Sequence = NonNullable<Awaited<ReturnType<typeof lockSequence>>>;

/**
 * The sequence a draft's number came from, locked until the delete's transaction ends (docs/documents.md
 * "Numbers"): a create on any instance takes its number before or after the delete, never in between.
 * Undefined for a draft numbered by hand, or whose sequence is gone.
 */
export async function lockNumberSource(
  ctx: AccountCtx,
  row: Pick<DocumentRow, 'numberingSequenceId'>,
): Promise<Sequence | undefined> {
  if (row.numberingSequenceId === null) return undefined;
  return await lockSequence(ctx.db, ctx.accountId, row.numberingSequenceId);
}

/**
 * After a draft numbered from a sequence is deleted: its number goes back to the sequence when nothing
 * later was taken since (the counter steps back, or, for a back-dated draft, it was its year's highest and
 * the next back-dated document takes it again); otherwise the gap is recorded (number, sequence, document,
 * who, when) for the tax auditor. A number of another shape than the sequence's now (its prefix or pattern
 * changed since, or the number changed by hand) cannot be given back and is recorded too: a record too many
 * is explained at a glance, a missing number without one is not (and `GET …/release` says `gap` for it).
 * Runs in the delete's transaction, after `lockNumberSource` and the delete.
 */
export async function releaseNumber(
  ctx: AccountCtx,
  row: Pick<DocumentRow, 'id' | 'number' | 'issueDate' | 'documentType' | 'numberingSequenceId'>,
  sequence: Sequence | undefined,
): Promise<'given_back' | 'gap' | null> {
  if (row.numberingSequenceId === null) return null;
  if (sequence) {
    const year = numbersOfYear(sequence.prefix, sequence.pattern, row.issueDate);
    const counter = year.counterOf(row.number);
    const fromCounter = counterGivesBack(sequence, row.number, row.issueDate);
    const givenBack =
      counter === null
        ? false
        : fromCounter === null
          ? // Back-dated: its year's next number is the highest one used plus one (store-numbered.ts).
            !(await numbersBeginningWith(ctx.db, ctx.accountId, year.begins)).some(
              (number) => (year.counterOf(number) ?? 0) > counter,
            )
          : fromCounter &&
            (await stepSequenceBack(
              ctx.db,
              ctx.accountId,
              sequence.id,
              sequence.nextNumber,
              isoNow(ctx.clock),
            ));
    if (givenBack) return 'given_back';
  }
  await recordGap({
    ctx,
    input: {
      sequenceId: row.numberingSequenceId,
      number: row.number,
      documentId: row.id,
      documentType: row.documentType,
      issueDate: row.issueDate,
    },
  });
  return 'gap';
}
