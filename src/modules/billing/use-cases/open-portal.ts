import type { AccountCtx } from '../../../shared/context';
import { badRequest } from '../../../shared/errors';
import { type StripeConnection, stripePost } from '../provider/stripe-client';
import { findBillingAccount } from '../repo';

/** The provider's customer portal (payment method, invoices, plan changes, cancellation). */
export async function openPortal({
  ctx,
  stripe,
  input,
}: {
  ctx: AccountCtx;
  stripe: StripeConnection;
  input: { returnUrl: string };
}): Promise<{ url: string }> {
  const customer = (await findBillingAccount(ctx.db, ctx.accountId))?.providerCustomerId;
  if (!customer) throw badRequest('The account has no billing account yet: start a checkout session first');
  const session = await stripePost<{ url: string }>(stripe, '/v1/billing_portal/sessions', {
    customer,
    return_url: input.returnUrl,
  });
  return { url: session.url };
}
