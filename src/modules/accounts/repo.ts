import { count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { type ApiKeyRow, apiKeys } from '../api-keys';
import { plans } from '../plans';
import { type AccountRow, accounts } from './schema';

export interface AccountWithPlan {
  account: AccountRow;
  planName: string;
  requestsPerSecond: number;
  monthlyRenderQuota: number;
}

export async function insertAccount(db: DbOrTx, row: AccountRow): Promise<AccountRow> {
  return await db.insert(accounts).values(row).returning().get();
}

/** The account with its plan's limits, read fresh each time so CLI changes apply on the next request. */
export async function findAccountWithPlan(db: DbOrTx, id: string): Promise<AccountWithPlan | undefined> {
  const row = await db
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

const keyWithAccount = preparedPerHandle((db) =>
  db
    .select({
      key: apiKeys,
      account: accounts,
      planName: plans.name,
      requestsPerSecond: plans.requestsPerSecond,
      monthlyRenderQuota: plans.monthlyRenderQuota,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(apiKeys.lookup, sql.placeholder('lookup')))
    .prepare(),
);

/**
 * An API key's row by its lookup part, with its account and the plan's limits: what authenticating a
 * request reads, in one statement built once (auth; the api-keys module checks the secret and the
 * revocation).
 */
export async function findKeyWithAccount(
  db: DbOrTx,
  lookup: string,
): Promise<(AccountWithPlan & { key: ApiKeyRow }) | undefined> {
  return (await keyWithAccount(db).get({ lookup })) ?? undefined;
}

/** The account of a data dir that has exactly one (a single firm's install), else undefined. */
export async function onlyAccountId(db: DbOrTx): Promise<string | undefined> {
  const rows = await db.select({ id: accounts.id }).from(accounts).limit(2).all();
  return rows.length === 1 ? rows[0]?.id : undefined;
}

/** Which of these accounts are offices (tax offices serving clients). */
export async function officesAmong(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: accounts.id, office: accounts.office })
    .from(accounts)
    .where(inArray(accounts.id, ids))
    .all();
  return new Set(rows.filter((r) => r.office).map((r) => r.id));
}

export async function setAccountOffice(db: DbOrTx, id: string, office: boolean, now: string) {
  return await db
    .update(accounts)
    .set({ office, updatedAt: now })
    .where(eq(accounts.id, id))
    .returning()
    .get();
}

export async function countAccounts(db: DbOrTx): Promise<number> {
  return (await db.select({ n: count() }).from(accounts).get())?.n ?? 0;
}

export async function setAccountDisabledAt(db: DbOrTx, id: string, disabledAt: string | null, now: string) {
  return await db
    .update(accounts)
    .set({ disabledAt, updatedAt: now })
    .where(eq(accounts.id, id))
    .returning()
    .get();
}

/** The plan an account is on (the billing webhooks move it as the subscription changes). */
export async function setAccountPlanId(db: DbOrTx, id: string, planId: string, now: string) {
  return await db
    .update(accounts)
    .set({ planId, updatedAt: now })
    .where(eq(accounts.id, id))
    .returning()
    .get();
}

export async function setAccountName(db: DbOrTx, id: string, name: string, now: string) {
  return await db.update(accounts).set({ name, updatedAt: now }).where(eq(accounts.id, id)).returning().get();
}
