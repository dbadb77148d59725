import type { DbOrTx } from '../../../db/client';
import type { Overage } from '../model';
import { estimateOverageCents } from '../overage';
import { monthOf } from '../period';
import { countOverageBetween } from '../repo';
import { overageTermsOf } from '../terms';

/** The `overage` object of /usage/limits and PATCH /billing/overage, for the current month. */
export function describeOverage(
  db: DbOrTx,
  input: { accountId: string; planId: string; now: Date },
): Overage {
  const terms = overageTermsOf(db, input.accountId, input.planId);
  const period = monthOf(input.now);
  const renders = countOverageBetween(db, input.accountId, period.start, period.end);
  return {
    enabled: terms.enabled && terms.centsPerRender !== null,
    cap: terms.cap,
    cents_per_render: terms.centsPerRender,
    renders,
    estimated_cost_cents: estimateOverageCents(renders, terms.centsPerRender),
  };
}
