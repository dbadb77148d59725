import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { findAccountWithPlan } from '../../accounts';
import type { Subscription } from '../model';
import { findBillingAccount } from '../repo';

/** The subscription as this service holds it: no provider call, so it answers with billing unconfigured. */
export async function readSubscription({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { stripeConfigured: boolean };
}): Promise<Subscription> {
  const account = await findAccountWithPlan(ctx.db, ctx.accountId);
  if (!account) throw notFound('Account');
  const billing = await findBillingAccount(ctx.db, ctx.accountId);
  return {
    subscription_id: billing?.subscriptionId ?? null,
    status: billing?.subscriptionStatus ?? null,
    plan_id: account.account.planId,
    plan_name: account.planName,
    stripe_configured: input.stripeConfigured,
    has_billing_account: Boolean(billing?.providerCustomerId),
    current_period_end: billing?.currentPeriodEnd ?? null,
  };
}
