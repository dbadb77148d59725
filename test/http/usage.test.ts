import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makePlan } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
const clock = new FakeClock(new Date('2026-03-31T23:59:00.000Z'));

beforeAll(async () => {
  server = await startServer({ clock });
});
afterAll(() => server.stop());

const data = {
  invoice_number: 'U-1',
  issue_date: '2026-03-02',
  currency: 'EUR',
  seller: { name: 'Seller' },
  buyer: { name: 'Buyer' },
  line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
};
const render = (key: string) =>
  server.json('/api/v1/documents/render', { method: 'POST', key, body: { data } });

describe('usage and quota', () => {
  test('one event per PDF, newest first; validate and calculate never count', async () => {
    const account = await makeAccount(server);
    const first = await render(account.apiKey);
    const second = await render(account.apiKey);
    await server.json('/api/v1/documents/validate', { method: 'POST', key: account.apiKey, body: { data } });
    await server.json('/api/v1/documents/calculate', { method: 'POST', key: account.apiKey, body: { data } });
    const usage = await server.json('/api/v1/usage', { key: account.apiKey });
    expect(usage.body.data).toEqual({
      period: { start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' },
      renders: { used: 2, quota: 1000 },
    });
    const events = await server.json('/api/v1/usage/events?limit=1', { key: account.apiKey });
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0].render_id).toBe(second.body.data.id);
    expect(events.body.data[0].id).toMatch(/^evt_/);
    const next = await server.json(
      `/api/v1/usage/events?limit=1&cursor=${events.body.pagination.next_cursor}`,
      {
        key: account.apiKey,
      },
    );
    expect(next.body.data[0].render_id).toBe(first.body.data.id);
  });

  test('the render beyond the quota is 429 quota_exceeded with monthly_quota and used; a new month resets it', async () => {
    await makePlan(server, { id: 'plan_q3', rps: 1000, quota: 3 });
    const account = await makeAccount(server, { planId: 'plan_q3' });
    for (let i = 0; i < 3; i++) expect((await render(account.apiKey)).status).toBe(200);
    const over = await render(account.apiKey);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('quota_exceeded');
    expect(over.body.error.details).toMatchObject({ monthly_quota: 3, used: 3 });
    const limits = await server.json('/api/v1/usage/limits', { key: account.apiKey });
    expect(limits.body.data).toMatchObject({
      renders: { used: 3, limit: 3, remaining: 0 },
      rate_limit: { requests_per_second: 1000 },
      overage: { estimated_cost_cents: 0 },
    });
    clock.advance(2 * 60_000); // into April (UTC)
    expect((await render(account.apiKey)).status).toBe(200);
    clock.set('2026-03-31T23:59:00.000Z');
  });

  test('concurrent renders never overshoot the quota', async () => {
    await makePlan(server, { id: 'plan_q4', rps: 1000, quota: 4 });
    const account = await makeAccount(server, { planId: 'plan_q4' });
    const results = await Promise.all(Array.from({ length: 10 }, () => render(account.apiKey)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
    const usage = await server.json('/api/v1/usage', { key: account.apiKey });
    expect(usage.body.data.renders.used).toBe(4);
  });

  test('a failed render gives its quota unit back and leaves no event', async () => {
    const failing = await startServer({
      clock,
      renderPdf: async () => {
        throw new Error('disk on fire');
      },
    });
    try {
      await makePlan(failing, { id: 'plan_q1', rps: 1000, quota: 1 });
      const account = await makeAccount(failing, { planId: 'plan_q1' });
      const res = await failing.json('/api/v1/documents/render', {
        method: 'POST',
        key: account.apiKey,
        body: { data },
      });
      expect(res.status).toBe(500);
      const usage = await failing.json('/api/v1/usage', { key: account.apiKey });
      expect(usage.body.data.renders.used).toBe(0);
    } finally {
      await failing.stop();
    }
  });
});
