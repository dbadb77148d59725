import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { BUILT_IN_PLANS } from '../built-in';
import { insertPlanIfAbsent } from '../repo';

export async function seedPlans({ ctx }: { ctx: SystemCtx }): Promise<void> {
  const now = isoNow(ctx.clock);
  for (const plan of BUILT_IN_PLANS) await insertPlanIfAbsent(ctx.db, plan, now);
}
