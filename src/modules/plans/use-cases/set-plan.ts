import { dec, isDecimalString, isNegative } from '../../../domain/money';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { type PlanInput, upsertPlan } from '../repo';
import type { PlanRow } from '../schema';

/** Creates or updates a plan (admin CLI `plans set`); takes effect on the next request, no restart. */
export async function setPlan({ ctx, input }: { ctx: SystemCtx; input: PlanInput }): Promise<PlanRow> {
  const problems = [];
  if (!/^plan_[a-z0-9_]+$/.test(input.id)) {
    problems.push({
      loc: 'id',
      msg: 'plan id must look like plan_<lowercase letters, digits, _>',
      type: 'invalid',
    });
  }
  if (input.name.trim() === '')
    problems.push({ loc: 'name', msg: 'name must not be empty', type: 'invalid' });
  if (!Number.isInteger(input.monthlyRenderQuota) || input.monthlyRenderQuota < 0) {
    problems.push({ loc: 'quota', msg: 'quota must be a whole number >= 0', type: 'invalid' });
  }
  if (!Number.isInteger(input.requestsPerSecond) || input.requestsPerSecond < 1) {
    problems.push({ loc: 'rps', msg: 'rps must be a whole number >= 1', type: 'invalid' });
  }
  const overage = input.overageCentsPerRender;
  if (overage != null && (!isDecimalString(overage) || isNegative(dec(overage)))) {
    problems.push({
      loc: 'overage_price',
      msg: 'overage price must be a decimal number of cents >= 0, like 0.4',
      type: 'invalid',
    });
  }
  if (input.priceId != null && !/^[A-Za-z0-9_]{1,255}$/.test(input.priceId)) {
    problems.push({
      loc: 'price_id',
      msg: 'price id must look like price_123 (letters, digits, _)',
      type: 'invalid',
    });
  }
  if (problems.length > 0) throw validationError(problems, 'Invalid plan');
  return await upsertPlan(ctx.db, { ...input, name: input.name.trim() }, isoNow(ctx.clock));
}
