import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict } from '../../../shared/errors';
import type { OverageBody } from '../model';
import { findOverageSettings, saveOverageSettings } from '../repo';
import { overageTermsOf } from '../terms';

/**
 * Turns overage on or off and sets its cap (PATCH semantics: omitted = unchanged, cap null = no cap).
 * Turning it on needs a plan with an overage price (409 otherwise). Renders already taken beyond the quota
 * stay counted when it is turned off.
 */
async function setOverageInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: OverageBody & { planId: string };
}): Promise<void> {
  const current = await findOverageSettings(ctx.db, ctx.accountId);
  const enabled = input.enabled ?? current?.enabled ?? false;
  if (
    enabled &&
    input.enabled === true &&
    (await overageTermsOf(ctx.db, ctx.accountId, input.planId)).centsPerRender === null
  ) {
    throw conflict(`Plan ${input.planId} has no overage price: renders stop at its quota; upgrade for more`, {
      plan_id: input.planId,
    });
  }
  await saveOverageSettings(ctx.db, {
    accountId: ctx.accountId,
    enabled,
    cap: input.cap === undefined ? (current?.cap ?? null) : input.cap,
    updatedAt: isoNow(ctx.clock),
  });
}

export const setOverage = transactional(setOverageInTransaction);
