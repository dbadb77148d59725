import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TokenBucketLimiter } from '../../src/http/rate-limit';
import { FakeClock } from '../../src/shared/clock';
import { disableAccount, makeAccount, makePlan } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe('authentication', () => {
  test('all three key forms authenticate', async () => {
    const account = await makeAccount(server);
    const forms: Record<string, string>[] = [
      { authorization: `Bearer ${account.apiKey}` },
      { authorization: `bearer ${account.apiKey}` },
      { 'x-api-key': account.apiKey },
      { authorization: account.apiKey },
    ];
    for (const headers of forms) {
      const res = await server.json('/api/v1/auth/me', { headers });
      expect(res.status).toBe(200);
      expect(res.body.data.account).toEqual({
        id: account.id,
        name: expect.any(String),
        plan_id: 'plan_test',
        plan_name: 'plan_test',
      });
    }
  });

  test('no key is a 401 that says a key or token is missing', async () => {
    const res = await server.json('/api/v1/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(res.body.error.message).toMatch(/missing api key or token/i);
  });

  test('a missing or wrong key is a 401 before the body is looked at (never a 422 to an anonymous caller)', async () => {
    for (const headers of [{}, { authorization: 'Bearer sk_wrong_000000000000000000000000000000' }] as Record<
      string,
      string
    >[]) {
      for (const [method, path] of [
        ['POST', '/api/v1/customers'],
        ['POST', '/api/v1/batches'],
        ['POST', '/api/v1/documents/render'],
        ['GET', '/api/v1/customers?limit=oops'],
      ] as const) {
        const res = await server.json(path, {
          method,
          headers,
          body: method === 'POST' ? { nonsense: 1 } : undefined,
        });
        expect([path, res.status, res.body.error.code]).toEqual([path, 401, 'unauthorized']);
      }
    }
    const account = await makeAccount(server);
    const valid = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { nonsense: 1 },
    });
    expect(valid.status).toBe(422);
  });

  test('a wrong, malformed or made-up key is a 401 Invalid credentials', async () => {
    const account = await makeAccount(server);
    const wrong = `${account.apiKey.slice(0, -1)}${account.apiKey.endsWith('a') ? 'b' : 'a'}`;
    for (const key of [wrong, 'sk_short', 'nonsense', `sk_${'A'.repeat(32)}`]) {
      const res = await server.json('/api/v1/auth/me', { key });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe('Invalid credentials');
    }
  });

  test('a disabled account gets 403 forbidden', async () => {
    const account = await makeAccount(server);
    await disableAccount(server, account.id);
    const res = await server.json('/api/v1/auth/me', { key: account.apiKey });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  test('keys are stored only as hashes', async () => {
    const account = await makeAccount(server);
    const rows = server.sqlite.query('SELECT * FROM api_keys').all() as Record<string, unknown>[];
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(account.apiKey);
    expect(dump).not.toContain(account.apiKey.slice(3));
  });

  test('public endpoints need no key', async () => {
    for (const path of ['/health', '/ready', '/version', '/api/v1/reference/currencies', '/api/v1/docs']) {
      const res = await server.request(path);
      expect(res.status).toBe(200);
    }
  });
});

describe('rate limiting', () => {
  // The limiter's own clock, moved by the tests instead of sleeping; the rest of the server keeps real time.
  const rateClock = new FakeClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ rateLimiter: new TokenBucketLimiter(rateClock) });
  });
  afterAll(() => server.stop());

  test('over the plan rate a key gets 429 with Retry-After; successes carry X-RateLimit-Remaining', async () => {
    await makePlan(server, { id: 'plan_slow', rps: 3 });
    const account = await makeAccount(server, { planId: 'plan_slow' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => server.request('/api/v1/auth/me', { key: account.apiKey })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBe(3);
    expect(statuses.filter((s) => s === 429).length).toBe(3);
    const ok = results.find((r) => r.status === 200);
    expect(ok?.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    const limited = results.find((r) => r.status === 429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await limited?.json()) as { error: { code: string } };
    expect(body.error.code).toBe('rate_limited');
  });

  test('the limit is per account: a second key of the same account shares the allowance', async () => {
    await makePlan(server, { id: 'plan_one', rps: 1 });
    const account = await makeAccount(server, { planId: 'plan_one' });
    const created = await server.json('/api/v1/api-keys', { method: 'POST', key: account.apiKey, body: {} });
    expect(created.status).toBe(200);
    rateClock.advance(1_000);
    expect((await server.request('/api/v1/auth/me', { key: account.apiKey })).status).toBe(200);
    expect((await server.request('/api/v1/auth/me', { key: created.body.data.api_key })).status).toBe(429);
  });

  test('ten keys do not get ten times the rate: 40 requests at once on a 5 req/s plan pass 5', async () => {
    await makePlan(server, { id: 'plan_five', rps: 5 });
    const account = await makeAccount(server, { planId: 'plan_five' });
    const keys = [account.apiKey];
    for (let i = 0; i < 9; i++) {
      const created = await server.json('/api/v1/api-keys', {
        method: 'POST',
        key: account.apiKey,
        body: {},
      });
      expect(created.status).toBe(200);
      keys.push(created.body.data.api_key);
      rateClock.advance(250); // stay under the plan's rate while making them
    }
    rateClock.advance(1_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => server.request('/api/v1/auth/me', { key: keys[i % 10] })),
    );
    expect(answers.filter((r) => r.status === 200).length).toBe(5);
    expect(answers.filter((r) => r.status === 429).length).toBe(35);
  });

  test('an account holds at most 50 active keys; revoking one makes room', async () => {
    const account = await makeAccount(server);
    let last: { status: number; body: any } | null = null;
    for (let i = 0; i < 49; i++) {
      last = await server.json('/api/v1/api-keys', {
        method: 'POST',
        key: account.apiKey,
        body: { name: `k${i}` },
      });
      expect(last.status).toBe(200);
    }
    const over = await server.json('/api/v1/api-keys', { method: 'POST', key: account.apiKey, body: {} });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toContain('50');
    const revoked = await server.json(`/api/v1/api-keys/${last?.body.data.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(revoked.status).toBe(200);
    const again = await server.json('/api/v1/api-keys', { method: 'POST', key: account.apiKey, body: {} });
    expect(again.status).toBe(200);
  });

  test('a plan change applies on the next request', async () => {
    await makePlan(server, { id: 'plan_change', rps: 1 });
    const account = await makeAccount(server, { planId: 'plan_change' });
    await server.request('/api/v1/auth/me', { key: account.apiKey });
    expect((await server.request('/api/v1/auth/me', { key: account.apiKey })).status).toBe(429);
    await makePlan(server, { id: 'plan_change', rps: 50 });
    rateClock.advance(1_000);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => server.request('/api/v1/auth/me', { key: account.apiKey })),
    );
    expect(burst.every((r) => r.status === 200)).toBe(true);
  });
});
