/**
 * What a provider subscription status means for the account's plan (docs/billing.md):
 * - `active`, `trialing`, `past_due`: the plan bought by the subscription's price (past_due keeps it while
 *   the provider retries the payment);
 * - `canceled`, `unpaid`, `incomplete_expired`, `paused`: back to the free plan;
 * - `incomplete` (first payment pending) and anything unknown: the plan stays as it is.
 */
export type PlanEffect = 'paid_plan' | 'free_plan' | 'unchanged';

const PAID = new Set(['active', 'trialing', 'past_due']);
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

export function planEffectOf(status: string): PlanEffect {
  if (PAID.has(status)) return 'paid_plan';
  if (ENDED.has(status)) return 'free_plan';
  return 'unchanged';
}

/** A subscription that a second checkout would duplicate: change plans through the portal instead. */
export function isLive(status: string | null): boolean {
  return status !== null && (PAID.has(status) || status === 'incomplete');
}
