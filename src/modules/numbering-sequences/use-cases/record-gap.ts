import { isoNow } from '../../../shared/clock';
import type { AccountCtx, Actor } from '../../../shared/context';
import { newId } from '../../../shared/ids';
import { insertGap } from '../repo';
import type { NumberingGapRow } from '../schema';

/** Who deleted: the workspace member when known, else the key, the signed-in user, the job, or `cli`. */
export function actorName(actor: Actor): string {
  if (actor.kind === 'cli') return 'cli';
  if (actor.memberId) return actor.memberId;
  if (actor.kind === 'api_key') return actor.keyId;
  if (actor.kind === 'session') return actor.userId;
  return actor.jobId;
}

/**
 * Records the gap a deleted draft leaves in its sequence's numbers (its number could not be given back).
 * Runs inside the delete's transaction: no gap without the delete, no delete without its gap.
 */
export async function recordGap({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { sequenceId: string; number: string; documentId: string; documentType: string; issueDate: string };
}): Promise<NumberingGapRow> {
  return await insertGap(ctx.db, {
    id: newId('gap'),
    accountId: ctx.accountId,
    ...input,
    deletedBy: actorName(ctx.actor),
    deletedAt: isoNow(ctx.clock),
  });
}
