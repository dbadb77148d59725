import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { BUILT_IN_PLANS } from '../built-in';
import { insertPlanIfAbsent } from '../repo';

export function seedPlans({ ctx }: { ctx: SystemCtx }): void {
  const now = isoNow(ctx.clock);
  for (const plan of BUILT_IN_PLANS) insertPlanIfAbsent(ctx.db, plan, now);
}
