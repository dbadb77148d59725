import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { requestFingerprint } from '../../src/http/idempotency';
import { ACCOUNT_PRINCIPAL, idempotencyKeys } from '../../src/http/idempotency.schema';
import { TokenBucketLimiter } from '../../src/http/rate-limit';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makePlan } from '../factories';
import { startServer, type TestServer } from '../harness';

// A shop's sync script retries its writes with their Idempotency-Key and reads the answers' headers: a
// replay is a request like any other for the rate limit, and a 409 says whether waiting helps.
describe('Idempotency-Key replays and the rate limit', () => {
  const rateClock = new FakeClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ rateLimiter: new TokenBucketLimiter(rateClock) });
  });
  afterAll(() => server.stop());

  test('a replay counts against the rate, is refused over it (429, Retry-After) and carries X-RateLimit-*', async () => {
    await makePlan(server, { id: 'plan_integrator2_one', rps: 1 });
    const account = await makeAccount(server, { planId: 'plan_integrator2_one' });
    rateClock.advance(2_000);
    const send = () =>
      server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Order 2001 buyer' },
        headers: { 'idempotency-key': 'order-2001-customer' },
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('1');

    rateClock.advance(2_000);
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(replay.headers.get('x-ratelimit-limit')).toBe('1');
    expect(replay.headers.get('x-ratelimit-remaining')).toBe('0');

    // The second's only request is spent: the next replay is refused like any request.
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('idempotent-replayed')).toBeNull();

    // And a replay spends the second's allowance: a plain read right after it is refused.
    rateClock.advance(2_000);
    expect((await send()).status).toBe(200);
    expect((await server.request('/api/v1/auth/me', { key: account.apiKey })).status).toBe(429);

    // Once the second has passed, the replay is served again, once.
    rateClock.advance(2_000);
    const later = await send();
    expect(later.status).toBe(200);
    expect(later.body.data.id).toBe(first.body.data.id);
  });
});

describe('the 409s of an Idempotency-Key say which they are', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test('a key used with another request: details.reason key_reused, no Retry-After', async () => {
    const account = await makeAccount(server);
    const headers = { 'idempotency-key': 'order-2002-customer' };
    const first = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Order 2002 buyer' },
      headers,
    });
    expect(first.status).toBe(200);
    const reused = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Another buyer' },
      headers,
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('conflict');
    expect(reused.body.error.details?.reason).toBe('key_reused');
    expect(reused.headers.get('retry-after')).toBeNull();
    expect(reused.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  test('a key whose first request still runs: details.reason in_progress and Retry-After', async () => {
    const account = await makeAccount(server);
    const body = { name: 'Order 2003 buyer' };
    const path = '/api/v1/customers';
    // The first request's claim, as the door leaves it while the write runs (no answer stored yet).
    await server.db
      .insert(idempotencyKeys)
      .values({
        accountId: account.id,
        principal: ACCOUNT_PRINCIPAL,
        key: 'order-2003-customer',
        requestHash: requestFingerprint('POST', `${server.url}${path}`, JSON.stringify(body)),
        createdAt: new Date().toISOString(),
      })
      .run();
    const running = await server.json(path, {
      method: 'POST',
      key: account.apiKey,
      body,
      headers: { 'idempotency-key': 'order-2003-customer' },
    });
    expect(running.status).toBe(409);
    expect(running.body.error.code).toBe('conflict');
    expect(running.body.error.details?.reason).toBe('in_progress');
    expect(Number(running.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(running.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });
});
