import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  type BillingAccountRow,
  type BillingWebhookEventRow,
  billingAccounts,
  billingWebhookEvents,
} from './schema';

export function findBillingAccount(db: DbOrTx, accountId: string): BillingAccountRow | undefined {
  return db.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId)).get();
}

export function findBillingAccountByCustomer(db: DbOrTx, customerId: string): BillingAccountRow | undefined {
  return db.select().from(billingAccounts).where(eq(billingAccounts.providerCustomerId, customerId)).get();
}

/** The account's row, created empty on first use. */
export function ensureBillingAccount(db: DbOrTx, accountId: string, now: string): BillingAccountRow {
  db.insert(billingAccounts)
    .values({ accountId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run();
  return findBillingAccount(db, accountId) as BillingAccountRow;
}

export type BillingAccountChange = Partial<Omit<BillingAccountRow, 'accountId' | 'createdAt' | 'updatedAt'>>;

export function updateBillingAccount(
  db: DbOrTx,
  accountId: string,
  change: BillingAccountChange,
  now: string,
): BillingAccountRow {
  return db
    .update(billingAccounts)
    .set({ ...change, updatedAt: now })
    .where(eq(billingAccounts.accountId, accountId))
    .returning()
    .get() as BillingAccountRow;
}

export function findWebhookEvent(db: DbOrTx, id: string): BillingWebhookEventRow | undefined {
  return db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, id)).get();
}

export function insertWebhookEvent(db: DbOrTx, row: BillingWebhookEventRow): void {
  db.insert(billingWebhookEvents).values(row).run();
}
