import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { findPlan } from '../../plans';
import { type AccountWithPlan, findAccountWithPlan, setAccountPlanId } from '../repo';

/** The operator moves an account to a plan (`accounts set-plan`): takes effect on its next request. */
export function setAccountPlan({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { accountId: string; planId: string };
}): AccountWithPlan {
  return ctx.db.transaction(
    (tx) => {
      if (!findPlan(tx, input.planId)) {
        throw validationError([{ loc: 'plan', msg: `unknown plan '${input.planId}'`, type: 'invalid' }]);
      }
      if (!setAccountPlanId(tx, input.accountId, input.planId, isoNow(ctx.clock))) throw notFound('Account');
      const account = findAccountWithPlan(tx, input.accountId);
      if (!account) throw notFound('Account');
      return account;
    },
    { behavior: 'immediate' },
  );
}
