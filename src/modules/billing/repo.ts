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

export async function findWebhookEvent(db: DbOrTx, id: string): Promise<BillingWebhookEventRow | undefined> {
  return await db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, id)).get();
}

export async function insertWebhookEvent(db: DbOrTx, row: BillingWebhookEventRow): Promise<void> {
  await db.insert(billingWebhookEvents).values(row).run();
}
