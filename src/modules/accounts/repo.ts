import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../plans';
import { type AccountRow, accounts } from './schema';

export interface AccountWithPlan {
  account: AccountRow;
  planName: string;
  requestsPerSecond: number;
  monthlyRenderQuota: number;
}

export function insertAccount(db: DbOrTx, row: AccountRow): AccountRow {
  return db.insert(accounts).values(row).returning().get();
}

/** The account with its plan's limits, read fresh each time so CLI changes apply on the next request. */
export function findAccountWithPlan(db: DbOrTx, id: string): AccountWithPlan | undefined {
  const row = db
    .select({
      account: accounts,
      planName: plans.name,
      requestsPerSecond: plans.requestsPerSecond,
      monthlyRenderQuota: plans.monthlyRenderQuota,
    })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, id))
    .get();
  return row ?? undefined;
}

/** The account of a data dir that has exactly one (a single firm's install), else undefined. */
export function onlyAccountId(db: DbOrTx): string | undefined {
  const rows = db.select({ id: accounts.id }).from(accounts).limit(2).all();
  return rows.length === 1 ? rows[0]?.id : undefined;
}

export function countAccounts(db: DbOrTx): number {
  return db.select({ n: count() }).from(accounts).get()?.n ?? 0;
}

export function setAccountDisabledAt(db: DbOrTx, id: string, disabledAt: string | null, now: string) {
  return db.update(accounts).set({ disabledAt, updatedAt: now }).where(eq(accounts.id, id)).returning().get();
}

/** The plan an account is on (the billing webhooks move it as the subscription changes). */
export function setAccountPlanId(db: DbOrTx, id: string, planId: string, now: string) {
  return db.update(accounts).set({ planId, updatedAt: now }).where(eq(accounts.id, id)).returning().get();
}
