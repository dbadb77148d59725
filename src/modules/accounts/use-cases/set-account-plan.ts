import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { findPlan } from '../../plans';
import { type AccountWithPlan, findAccountWithPlan, setAccountPlanId } from '../repo';

/**
 * The operator moves an account to a plan (`accounts set-plan ACCOUNT_ID PLAN_ID`): takes effect on its
 * next request. An unknown plan is a 422 at `planField`: the CLI's `PLAN_ID` unless a caller names its own
 * (a request: `body.plan_id`).
 */
export async function setAccountPlan({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { accountId: string; planId: string; planField?: string };
}): Promise<AccountWithPlan> {
  return await inTransaction(ctx, async ({ db: tx }) => {
    if (!(await findPlan(tx, input.planId))) {
      throw validationError([
        { loc: input.planField ?? 'PLAN_ID', msg: `unknown plan '${input.planId}'`, type: 'invalid' },
      ]);
    }
    if (!(await setAccountPlanId(tx, input.accountId, input.planId, isoNow(ctx.clock))))
      throw notFound('Account');
    const account = await findAccountWithPlan(tx, input.accountId);
    if (!account) throw notFound('Account');
    return account;
  });
}
