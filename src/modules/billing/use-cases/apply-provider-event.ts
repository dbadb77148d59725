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
async function accountFor(
  ctx: SystemCtx,
  accountId: string | null,
  customer: string | null,
): Promise<BillingAccountRow | null> {
  if (accountId !== null && (await findAccountWithPlan(ctx.db, accountId))) {
    return await ensureBillingAccount(ctx.db, accountId, isoNow(ctx.clock));
  }
  return customer === null ? null : ((await findBillingAccountByCustomer(ctx.db, customer)) ?? null);
}

/**
 * Applies one verified provider event inside the caller's transaction. Subscription state only moves
 * forward in event time: an event created before the last one applied is ignored, because the provider
 * does not deliver in order.
 */
export async function applyProviderEvent(ctx: SystemCtx, event: ProviderEvent): Promise<EventOutcome> {
  switch (event.kind) {
    case 'checkout_completed': {
      const row = await accountFor(ctx, event.session.accountId, event.session.customer);
      if (!row) return { outcome: 'ignored', accountId: null, reason: 'no account of this service' };
      await updateBillingAccount(
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
      return await applySubscription(ctx, event, event.subscription);
    case 'payment_failed': {
      const row = await accountFor(ctx, null, event.invoice.customer);
      if (!row) return { outcome: 'ignored', accountId: null, reason: 'no account of this service' };
      if (stale(row, event) || event.invoice.subscription !== row.subscriptionId) {
        return { outcome: 'ignored', accountId: row.accountId, reason: 'not the current subscription' };
      }
      // The plan stays while the provider retries; giving up arrives as an update to unpaid or canceled.
      const status = row.subscriptionStatus === 'canceled' ? 'canceled' : 'past_due';
      await updateBillingAccount(
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

async function applySubscription(
  ctx: SystemCtx,
  event: ProviderEvent,
  sub: SubscriptionFacts,
): Promise<EventOutcome> {
  const row = await accountFor(ctx, sub.accountId, sub.customer);
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
  await updateBillingAccount(
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
        ? (await findPlanByPriceId(ctx.db, sub.priceId))?.id
        : undefined;
  if (plan !== undefined) await setAccountPlanId(ctx.db, row.accountId, plan, now);
  return { outcome: 'applied', accountId: row.accountId };
}
