import type { DbOrTx } from '../../../db/client';
import type { Overage } from '../model';
import { estimateOverageCents } from '../overage';
import { monthKey, monthOf } from '../period';
import { madeInMonth } from '../repo';
import { overageTermsOf } from '../terms';

/** The `overage` object of /usage/limits and PATCH /billing/overage, for the current month. */
export async function describeOverage(
  db: DbOrTx,
  input: { accountId: string; planId: string; now: Date },
): Promise<Overage> {
  const terms = await overageTermsOf(db, input.accountId, input.planId);
  const renders = (await madeInMonth(db, input.accountId, monthKey(monthOf(input.now).start))).overage;
  return {
    enabled: terms.enabled && terms.centsPerRender !== null,
    cap: terms.cap,
    cents_per_render: terms.centsPerRender,
    renders,
    estimated_cost_cents: estimateOverageCents(renders, terms.centsPerRender),
  };
}
