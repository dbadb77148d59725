import type { AccountCtx } from '../../../shared/context';
import { conflict, validationError } from '../../../shared/errors';
import { listPurchasablePlans } from '../../plans';
import { type StripeConnection, stripePost } from '../provider/stripe-client';
import { findBillingAccount } from '../repo';
import { isLive } from '../subscription-status';
import { ensureProviderCustomer } from './ensure-provider-customer';

export interface CheckoutInput {
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A hosted checkout for one of the plans wired to a provider price. The account id travels as the
 * session's client_reference_id and as subscription metadata, so the webhooks find the account even
 * before the customer id is known. An account with a live subscription changes plans in the portal (409):
 * a second checkout would bill it twice.
 */
export async function startCheckout({
  ctx,
  stripe,
  input,
}: {
  ctx: AccountCtx;
  stripe: StripeConnection;
  input: CheckoutInput;
}): Promise<{ session_id: string; url: string }> {
  const plan = (await listPurchasablePlans(ctx.db)).find((p) => p.priceId === input.priceId);
  if (!plan) {
    throw validationError([
      {
        loc: 'body.price_id',
        msg: 'not the price of a purchasable plan (GET /api/v1/billing/plans)',
        type: 'invalid',
      },
    ]);
  }
  const current = await findBillingAccount(ctx.db, ctx.accountId);
  if (current && isLive(current.subscriptionStatus)) {
    throw conflict('The account already has a subscription: change plans in the billing portal', {
      subscription_id: current.subscriptionId,
      status: current.subscriptionStatus,
    });
  }
  const customer = await ensureProviderCustomer(ctx, stripe);
  const session = await stripePost<{ id: string; url: string }>(stripe, '/v1/checkout/sessions', {
    mode: 'subscription',
    customer,
    client_reference_id: ctx.accountId,
    line_items: [{ price: input.priceId, quantity: 1 }],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata: { account_id: ctx.accountId, plan_id: plan.id },
    subscription_data: { metadata: { account_id: ctx.accountId } },
  });
  return { session_id: session.id, url: session.url };
}
