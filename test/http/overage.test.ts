import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { setPlan } from '../../src/modules/plans';
import { estimateOverageCents, overageAllows } from '../../src/modules/usage/overage';
import { FakeClock, systemClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
const clock = new FakeClock(new Date('2026-06-30T23:50:00.000Z'));

beforeAll(async () => {
  server = await startServer({ clock });
});
afterAll(() => server.stop());

async function plan(id: string, quota: number, overageCentsPerRender: string | null) {
  await setPlan({
    ctx: { db: server.db, clock: systemClock },
    input: { id, name: id, monthlyRenderQuota: quota, requestsPerSecond: 100_000, overageCentsPerRender },
  });
  return id;
}

const data = {
  invoice_number: 'O-1',
  issue_date: '2026-06-02',
  currency: 'EUR',
  seller: { name: 'Seller' },
  buyer: { name: 'Buyer' },
  line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
};
const render = (account: TestAccount) =>
  server.json('/api/v1/documents/render', { method: 'POST', key: account.apiKey, body: { data } });
const patchOverage = (account: TestAccount, body: unknown) =>
  server.json('/api/v1/billing/overage', { method: 'PATCH', key: account.apiKey, body });
const limits = (account: TestAccount) =>
  server.json('/api/v1/usage/limits', { key: account.apiKey }).then((r) => r.body.data);

describe('overage estimate (pure)', () => {
  const cases: [number, string | null, number][] = [
    [0, '0.4', 0],
    [1, '0.4', 1], // 0.4 -> 1: rounded up, never down
    [2, '0.4', 1], // 0.8 -> 1
    [3, '0.4', 2], // 1.2 -> 2
    [5, '0.4', 2], // exactly 2.0 stays 2
    [1000, '0.25', 250],
    [1001, '0.25', 251], // 250.25 -> 251
    [7, '3', 21],
    [3, '0.3333333333', 1], // 0.9999999999 -> 1
    [10, null, 0], // no price, no cost
    [10, '0', 0],
  ];
  for (const [renders, price, cents] of cases) {
    test(`${renders} renders at ${price} cents = ${cents} cents`, () => {
      expect(estimateOverageCents(renders, price)).toBe(cents);
    });
  }

  test('overage allows a render only when on, priced, and under the cap', () => {
    expect(overageAllows({ enabled: false, cap: null, centsPerRender: '1' }, 0)).toBe(false);
    expect(overageAllows({ enabled: true, cap: null, centsPerRender: null }, 0)).toBe(false);
    expect(overageAllows({ enabled: true, cap: null, centsPerRender: '1' }, 1_000_000)).toBe(true);
    expect(overageAllows({ enabled: true, cap: 2, centsPerRender: '1' }, 1)).toBe(true);
    expect(overageAllows({ enabled: true, cap: 2, centsPerRender: '1' }, 2)).toBe(false);
  });
});

describe('overage over HTTP', () => {
  test('off by default: limits report it off, renders beyond the quota are refused and cost nothing', async () => {
    const account = await makeAccount(server, { planId: await plan('plan_ov_off', 1, '0.4') });
    expect((await limits(account)).overage).toEqual({
      enabled: false,
      cap: null,
      cents_per_render: '0.4',
      renders: 0,
      estimated_cost_cents: 0,
    });
    expect((await render(account)).status).toBe(200);
    const over = await render(account);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('quota_exceeded');
    expect(over.body.error.details).toEqual({
      monthly_quota: 1,
      used: 1,
      resets_at: '2026-07-01T00:00:00.000Z',
    });
    expect((await limits(account)).overage.estimated_cost_cents).toBe(0);
  });

  test('on with a cap: renders go past the quota up to the cap, counted and estimated rounded up', async () => {
    const account = await makeAccount(server, { planId: await plan('plan_ov_cap', 2, '0.4') });
    const on = await patchOverage(account, { enabled: true, cap: 3 });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({
      enabled: true,
      cap: 3,
      cents_per_render: '0.4',
      renders: 0,
      estimated_cost_cents: 0,
    });
    for (let i = 0; i < 5; i++) expect((await render(account)).status).toBe(200);
    const refused = await render(account);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('quota_exceeded');
    expect(refused.body.error.details).toMatchObject({ monthly_quota: 2, used: 5, overage_cap: 3 });
    expect(refused.body.error.message).toContain('overage cap of 3');
    const now = await limits(account);
    expect(now.renders).toEqual({ used: 5, limit: 2, remaining: 0 });
    expect(now.overage).toEqual({
      enabled: true,
      cap: 3,
      cents_per_render: '0.4',
      renders: 3,
      estimated_cost_cents: 2,
    });
    const events = await server.json('/api/v1/usage/events', { key: account.apiKey });
    expect(events.body.data).toHaveLength(5);
  });

  test('PATCH changes only what it names; cap null lifts the cap; off again refuses but keeps the count', async () => {
    const account = await makeAccount(server, { planId: await plan('plan_ov_patch', 1, '0.25') });
    await patchOverage(account, { enabled: true, cap: 1 });
    expect((await patchOverage(account, { cap: 5 })).body.data).toMatchObject({ enabled: true, cap: 5 });
    expect((await patchOverage(account, { cap: null })).body.data).toMatchObject({
      enabled: true,
      cap: null,
    });
    for (let i = 0; i < 4; i++) expect((await render(account)).status).toBe(200);
    const off = await patchOverage(account, { enabled: false });
    expect(off.body.data).toEqual({
      enabled: false,
      cap: null,
      cents_per_render: '0.25',
      renders: 3,
      estimated_cost_cents: 1,
    });
    expect((await render(account)).status).toBe(429);
  });

  test('a plan without an overage price cannot turn it on (409); bad caps are 422', async () => {
    const account = await makeAccount(server, { planId: await plan('plan_ov_none', 1, null) });
    const res = await patchOverage(account, { enabled: true });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('no overage price');
    expect((await patchOverage(account, { cap: 0 })).status).toBe(422);
    expect((await patchOverage(account, { cap: 1.5 })).status).toBe(422);
    expect((await patchOverage(account, { enabled: 'yes' })).status).toBe(422);
    expect((await patchOverage(account, { price: 1 })).status).toBe(422);
    expect((await limits(account)).overage).toMatchObject({ enabled: false, cents_per_render: null });
  });

  test('concurrent renders never overshoot quota + cap', async () => {
    const account = await makeAccount(server, { planId: await plan('plan_ov_race', 2, '1') });
    await patchOverage(account, { enabled: true, cap: 3 });
    const results = await Promise.all(Array.from({ length: 12 }, () => render(account)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
    expect((await limits(account)).overage).toMatchObject({ renders: 3, estimated_cost_cents: 3 });
  });

  test('a new month starts with the quota again and no overage', async () => {
    const account = await makeAccount(server, { planId: await plan('plan_ov_month', 1, '0.4') });
    await patchOverage(account, { enabled: true, cap: 1 });
    expect((await render(account)).status).toBe(200);
    expect((await render(account)).status).toBe(200);
    expect((await render(account)).status).toBe(429);
    clock.advance(15 * 60 * 1000); // 2026-07-01T00:05Z
    const fresh = await limits(account);
    expect(fresh.renders).toEqual({ used: 0, limit: 1, remaining: 1 });
    expect(fresh.overage).toMatchObject({ enabled: true, cap: 1, renders: 0, estimated_cost_cents: 0 });
    expect((await render(account)).status).toBe(200);
    expect((await render(account)).status).toBe(200);
  });
});
