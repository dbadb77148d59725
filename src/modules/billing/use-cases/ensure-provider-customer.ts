import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { findAccountWithPlan } from '../../accounts';
import { type StripeConnection, stripePost } from '../provider/stripe-client';
import { ensureBillingAccount, findBillingAccount, updateBillingAccount } from '../repo';

/**
 * The account's provider customer, created at the first checkout and remembered. The create call carries
 * an Idempotency-Key derived from the account, so two checkouts racing (or a retry after a crash between
 * the call and the write) get the same customer from the provider; the first id stored wins. No database
 * lock is held across the network call.
 */
export async function ensureProviderCustomer(ctx: AccountCtx, stripe: StripeConnection): Promise<string> {
  const existing = (await findBillingAccount(ctx.db, ctx.accountId))?.providerCustomerId;
  if (existing) return existing;
  const account = await findAccountWithPlan(ctx.db, ctx.accountId);
  if (!account) throw notFound('Account');
  const customer = await stripePost<{ id: string }>(
    stripe,
    '/v1/customers',
    { name: account.account.name, metadata: { account_id: ctx.accountId } },
    `customer-${ctx.accountId}`,
  );
  return await inTransaction(ctx, async ({ db: tx }) => {
    const now = isoNow(ctx.clock);
    const row = await ensureBillingAccount(tx, ctx.accountId, now);
    if (row.providerCustomerId) return row.providerCustomerId;
    return (await updateBillingAccount(tx, ctx.accountId, { providerCustomerId: customer.id }, now))
      .providerCustomerId as string;
  });
}
