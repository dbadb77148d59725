import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { findAccountWithPlan, setAccountPlanId } from '../../accounts';
import { DEFAULT_PLAN_ID, findPlanByPriceId } from '../../plans';
import type { ProviderEvent, SubscriptionFacts } from '../provider/events';
import { ensureBillingAccount, findBillingAccountByCustomer, updateBillingAccount } from '../repo';
import type { BillingAccountRow } from '../schema';
import { planEffectOf } from '../subscription-status';

export type EventOutcome = { outcome: 'applied' | 'ignored'; accountId: string | null; reason?: string };

/** The account an event is about: the account id the service put in metadata, else the provider customer. */
function accountFor(
  ctx: SystemCtx,
  accountId: string | null,
  customer: string | null,
): BillingAccountRow | null {
  if (accountId !== null && findAccountWithPlan(ctx.db, accountId)) {
    return ensureBillingAccount(ctx.db, accountId, isoNow(ctx.clock));
  }
  return customer === null ? null : (findBillingAccountByCustomer(ctx.db, customer) ?? null);
}

/**
 * Applies one verified provider event inside the caller's transaction. Subscription state only moves
 * forward in event time: an event created before the last one applied is ignored, because the provider
 * does not deliver in order.
 */
export function applyProviderEvent(ctx: SystemCtx, event: ProviderEvent): EventOutcome {
  switch (event.kind) {
    case 'checkout_completed': {
      const row = accountFor(ctx, event.session.accountId, event.session.customer);
      if (!row) return { outcome: 'ignored', accountId: null, reason: 'no account of this service' };
      updateBillingAccount(
        ctx.db,
        row.accountId,
        {
          providerCustomerId: row.providerCustomerId ?? event.session.customer,
          // The subscription's status and price arrive with customer.subscription.created.
          subscriptionId: event.session.subscription ?? row.subscriptionId,
        },
        isoNow(ctx.clock),
      );
      return { outcome: 'applied', accountId: row.accountId };
    }
    case 'subscription':
      return applySubscription(ctx, event, event.subscription);
    case 'payment_failed': {
      const row = accountFor(ctx, null, event.invoice.customer);
      if (!row) return { outcome: 'ignored', accountId: null, reason: 'no account of this service' };
      if (stale(row, event) || event.invoice.subscription !== row.subscriptionId) {
        return { outcome: 'ignored', accountId: row.accountId, reason: 'not the current subscription' };
      }
      // The plan stays while the provider retries; giving up arrives as an update to unpaid or canceled.
      const status = row.subscriptionStatus === 'canceled' ? 'canceled' : 'past_due';
      updateBillingAccount(
        ctx.db,
        row.accountId,
        { subscriptionStatus: status, lastEventCreated: event.created },
        isoNow(ctx.clock),
      );
      return { outcome: 'applied', accountId: row.accountId };
    }
    case 'other':
      return { outcome: 'ignored', accountId: null, reason: `event type ${event.type} is not handled` };
  }
}

const stale = (row: BillingAccountRow, event: ProviderEvent) =>
  row.lastEventCreated !== null && event.created < row.lastEventCreated;

function applySubscription(ctx: SystemCtx, event: ProviderEvent, sub: SubscriptionFacts): EventOutcome {
  const row = accountFor(ctx, sub.accountId, sub.customer);
  if (!row) return { outcome: 'ignored', accountId: null, reason: 'no account of this service' };
  if (stale(row, event))
    return { outcome: 'ignored', accountId: row.accountId, reason: 'older than the state held' };
  const deleted = event.type === 'customer.subscription.deleted';
  // Ending an old subscription must not end the one the account holds now.
  if (deleted && row.subscriptionId !== null && row.subscriptionId !== sub.id) {
    return { outcome: 'ignored', accountId: row.accountId, reason: 'not the current subscription' };
  }
  const now = isoNow(ctx.clock);
  const status = deleted ? 'canceled' : sub.status;
  updateBillingAccount(
    ctx.db,
    row.accountId,
    {
      providerCustomerId: row.providerCustomerId ?? sub.customer,
      subscriptionId: sub.id,
      subscriptionStatus: status,
      subscriptionPriceId: sub.priceId,
      currentPeriodEnd:
        sub.currentPeriodEnd === null ? null : new Date(sub.currentPeriodEnd * 1000).toISOString(),
      lastEventCreated: event.created,
    },
    now,
  );
  const effect = planEffectOf(status);
  const plan =
    effect === 'free_plan'
      ? DEFAULT_PLAN_ID
      : effect === 'paid_plan' && sub.priceId !== null
        ? findPlanByPriceId(ctx.db, sub.priceId)?.id
        : undefined;
  if (plan !== undefined) setAccountPlanId(ctx.db, row.accountId, plan, now);
  return { outcome: 'applied', accountId: row.accountId };
}
