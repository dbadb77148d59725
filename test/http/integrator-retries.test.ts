import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ACCOUNT_PRINCIPAL, idempotencyKeys } from '../../src/http/idempotency.schema';
import { TokenBucketLimiter } from '../../src/http/rate-limit';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makePlan } from '../factories';
import { ShiftedClock, sourceOnly, startServer, type TestServer } from '../harness';

// An integrator's script retries a write with the same Idempotency-Key, as the docs advise: after a timeout,
// after a 429 (waiting Retry-After), after a 5xx. Only a finished outcome may be replayed.
describe('retrying a write with its Idempotency-Key', () => {
  const rateClock = new FakeClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ rateLimiter: new TokenBucketLimiter(rateClock) });
  });
  afterAll(() => server.stop());

  test('a 429 rate_limited is not stored: the retry after Retry-After runs the write once', async () => {
    await makePlan(server, { id: 'plan_integrator_one', rps: 1 });
    const account = await makeAccount(server, { planId: 'plan_integrator_one' });
    rateClock.advance(2_000);
    // Spend the second's only request.
    expect((await server.request('/api/v1/auth/me', { key: account.apiKey })).status).toBe(200);
    const body = { name: 'Order 1001 buyer' };
    const headers = { 'idempotency-key': 'cust-order-1001' };
    const limited = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body,
      headers,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    rateClock.advance(Number(limited.headers.get('retry-after')) * 1_000);
    const retried = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body,
      headers,
    });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.body.data.name).toBe('Order 1001 buyer');

    rateClock.advance(2_000);
    const replay = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body,
      headers,
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.id).toBe(retried.body.data.id);
    rateClock.advance(2_000);
    const list = await server.json('/api/v1/customers', { key: account.apiKey });
    expect(list.body.data.filter((c: { name: string }) => c.name === 'Order 1001 buyer')).toHaveLength(1);
  });
});

describe('an Idempotency-Key is remembered for 24 hours', () => {
  const clock = new ShiftedClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ clock });
  });
  afterAll(() => server.stop());

  test.skipIf(sourceOnly)(
    'after 24 hours the key is forgotten, even before the hourly purge comes by',
    async () => {
      const account = await makeAccount(server);
      const headers = { 'idempotency-key': 'nightly-sync-customer-7' };
      const first = await server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Night 1' },
        headers,
      });
      expect(first.status).toBe(200);
      clock.advance(23 * 60 * 60 * 1000);
      const within = await server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Night 1' },
        headers,
      });
      expect(within.headers.get('idempotent-replayed')).toBe('true');
      expect(within.body.data.id).toBe(first.body.data.id);

      clock.advance(60 * 60 * 1000 + 60 * 1000); // 24 hours and a minute after the first
      const later = await server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Night 2' },
        headers,
      });
      expect(later.status).toBe(200);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
      expect(later.body.data.name).toBe('Night 2');
      const replay = await server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Night 2' },
        headers,
      });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.data.id).toBe(later.body.data.id);
    },
  );
});

// A version before 2026-12-07 stored a 429 as a key's answer and replayed it for 24 hours: after the upgrade
// such a key is free again, so the retry runs (the row is written as that version left it).
describe('a 429 an older version stored for a key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test('is not replayed: the retry with the key runs the write', async () => {
    const account = await makeAccount(server);
    await server.db.insert(idempotencyKeys).values({
      accountId: account.id,
      principal: ACCOUNT_PRINCIPAL,
      key: 'cust-order-2002',
      requestHash: 'stored-by-an-older-version',
      createdAt: new Date().toISOString(),
      responseStatus: 429,
      responseHeaders: '{}',
      responseBody: null,
    });
    const retried = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Order 2002 buyer' },
      headers: { 'idempotency-key': 'cust-order-2002' },
    });
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([200, null]);
    expect(retried.body.data.name).toBe('Order 2002 buyer');
  });
});
