import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  type BillingAccountRow,
  type BillingWebhookEventRow,
  billingAccounts,
  billingWebhookEvents,
} from './schema';

export async function findBillingAccount(
  db: DbOrTx,
  accountId: string,
): Promise<BillingAccountRow | undefined> {
  return await db.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId)).get();
}

export async function findBillingAccountByCustomer(
  db: DbOrTx,
  customerId: string,
): Promise<BillingAccountRow | undefined> {
  return await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.providerCustomerId, customerId))
    .get();
}

/** The account's row, created empty on first use. */
export async function ensureBillingAccount(
  db: DbOrTx,
  accountId: string,
  now: string,
): Promise<BillingAccountRow> {
  await db
    .insert(billingAccounts)
    .values({ accountId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run();
  return (await findBillingAccount(db, accountId)) as BillingAccountRow;
}

export type BillingAccountChange = Partial<Omit<BillingAccountRow, 'accountId' | 'createdAt' | 'updatedAt'>>;

export async function updateBillingAccount(
  db: DbOrTx,
  accountId: string,
  change: BillingAccountChange,
  now: string,
): Promise<BillingAccountRow> {
  return (await db
    .update(billingAccounts)
    .set({ ...change, updatedAt: now })
    .where(eq(billingAccounts.accountId, accountId))
    .returning()
    .get()) as BillingAccountRow;
}

/**
 * Claims a provider event id: ONE insert that does nothing when the id is already there (the primary key),
 * so of two deliveries at once, on any instances, exactly one gets true. Recorded as `ignored` until
 * `recordWebhookOutcome` in the same transaction says otherwise.
 */
export async function claimWebhookEvent(
  db: DbOrTx,
  event: { id: string; type: string },
  now: string,
): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values({ id: event.id, type: event.type, accountId: null, outcome: 'ignored', receivedAt: now })
    .onConflictDoNothing({ target: billingWebhookEvents.id })
    .returning({ id: billingWebhookEvents.id })
    .all();
  return rows.length > 0;
}

export async function recordWebhookOutcome(
  db: DbOrTx,
  id: string,
  outcome: Pick<BillingWebhookEventRow, 'accountId' | 'outcome'>,
): Promise<void> {
  await db.update(billingWebhookEvents).set(outcome).where(eq(billingWebhookEvents.id, id)).run();
}
