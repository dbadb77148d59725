import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

/**
 * An account's side of the payment provider: its provider customer (created lazily at the first checkout)
 * and the subscription as the provider's webhooks last described it. No row = never touched billing.
 */
export const billingAccounts = sqliteTable(
  'billing_accounts',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id),
    providerCustomerId: text('provider_customer_id'),
    subscriptionId: text('subscription_id'),
    /** The provider's status word (active, trialing, past_due, canceled, unpaid, incomplete...). */
    subscriptionStatus: text('subscription_status'),
    subscriptionPriceId: text('subscription_price_id'),
    currentPeriodEnd: timestamp('current_period_end'),
    /**
     * `created` (unix seconds) of the newest event applied to the subscription. The provider does not
     * deliver events in order: an older one arriving late must not undo a newer state.
     */
    lastEventCreated: integer('last_event_created'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('billing_accounts_customer_uq').on(t.providerCustomerId)],
);

/** Every provider event id already processed: a redelivered or replayed event is answered, not re-applied. */
export const billingWebhookEvents = sqliteTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** null when the event named no account of this service. */
  accountId: text('account_id'),
  outcome: text('outcome', { enum: ['applied', 'ignored'] }).notNull(),
  receivedAt: timestamp('received_at').notNull(),
});

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type BillingWebhookEventRow = typeof billingWebhookEvents.$inferSelect;
