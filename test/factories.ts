import { createAccount, presentAccount, setAccountEnabled } from '../src/modules/accounts';
import { setPlan } from '../src/modules/plans';
import { systemClock } from '../src/shared/clock';
import type { TestServer } from './harness';

let counter = 0;

export interface TestAccount {
  id: string;
  apiKey: string;
  keyId: string;
  planId: string;
}

/** Plan for test accounts: the real rate limiter, at a rate no test reaches by accident. */
export const TEST_PLAN_ID = 'plan_test';

/** An account with one key, created through the same use-case the CLI uses. */
export async function makeAccount(
  server: TestServer,
  overrides: { name?: string; planId?: string; office?: boolean } = {},
): Promise<TestAccount> {
  counter += 1;
  if (!overrides.planId) await makePlan(server, { id: TEST_PLAN_ID, rps: 100_000, quota: 1_000 });
  const created = await createAccount({
    ctx: { db: server.db, clock: systemClock },
    input: {
      name: overrides.name ?? `Test account ${counter}`,
      planId: overrides.planId ?? TEST_PLAN_ID,
      office: overrides.office,
    },
  });
  if (!created) throw new Error('account not created');
  const account = presentAccount(created.account);
  return { id: account.id, apiKey: created.key.apiKey, keyId: created.key.row.id, planId: account.plan_id };
}

export async function makePlan(server: TestServer, input: { id: string; rps: number; quota?: number }) {
  return await setPlan({
    ctx: { db: server.db, clock: systemClock },
    input: {
      id: input.id,
      name: input.id,
      monthlyRenderQuota: input.quota ?? 100,
      requestsPerSecond: input.rps,
    },
  });
}

export async function disableAccount(server: TestServer, accountId: string) {
  await setAccountEnabled({
    ctx: { db: server.db, clock: systemClock },
    input: { accountId, enabled: false },
  });
}

/** A business profile created through the API; `overrides` are merged into a minimal valid body. */
export async function makeBusinessProfile(
  server: TestServer,
  account: TestAccount,
  overrides: Record<string, unknown> = {},
): Promise<import('../src/modules/business-profiles').BusinessProfile> {
  counter += 1;
  const body = { legal_name: `Seller ${counter} GmbH`, ...overrides };
  const res = await server.json('/api/v1/business-profiles', { method: 'POST', key: account.apiKey, body });
  if (res.status !== 200) throw new Error(`business profile not created: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A customer created through the API; `overrides` are merged into a minimal valid body. */
export async function makeCustomer(
  server: TestServer,
  account: TestAccount,
  overrides: Record<string, unknown> = {},
): Promise<import('../src/modules/customers').Customer> {
  counter += 1;
  const body = { name: `Buyer ${counter} Ltd`, ...overrides };
  const res = await server.json('/api/v1/customers', { method: 'POST', key: account.apiKey, body });
  if (res.status !== 200) throw new Error(`customer not created: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
