import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig } from '../../src/config';
import { billingSettingsOf } from '../../src/modules/billing';
import { setPlan } from '../../src/modules/plans';
import { systemClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { type FakeProvider, startFakeProvider } from '../fake-provider';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let fake: FakeProvider;

const STARTER_PRICE = 'price_billing_starter';
const PRO_PRICE = 'price_billing_pro';

async function pricedPlan(id: string, priceId: string | null, quota = 500) {
  await setPlan({
    ctx: { db: server.db, clock: systemClock },
    input: { id, name: id, monthlyRenderQuota: quota, requestsPerSecond: 1000, priceId },
  });
}

const configure = (on: boolean) => {
  server.deps.billing = on
    ? { stripe: { secretKey: fake.secretKey, apiBase: fake.url }, webhookSecret: null }
    : undefined;
};

beforeAll(async () => {
  server = await startServer();
  fake = startFakeProvider({ prices: [STARTER_PRICE, PRO_PRICE] });
  await pricedPlan('plan_bill_starter', STARTER_PRICE, 2_000);
  await pricedPlan('plan_bill_pro', PRO_PRICE, 20_000);
  await pricedPlan('plan_bill_unpriced', null);
});
afterAll(async () => {
  fake.stop();
  await server.stop();
});

const post = (path: string, account: TestAccount, body?: unknown) =>
  server.json(`/api/v1/billing/${path}`, { method: 'POST', key: account.apiKey, body });

describe('billing without a payment provider', () => {
  test('the subscription is read from the service alone; checkout and portal are 501 not_configured', async () => {
    configure(false);
    const account = await makeAccount(server);
    const sub = await server.json('/api/v1/billing/subscription', { key: account.apiKey });
    expect(sub.status).toBe(200);
    expect(sub.body.data).toEqual({
      subscription_id: null,
      status: null,
      plan_id: account.planId,
      plan_name: account.planId,
      stripe_configured: false,
      has_billing_account: false,
      current_period_end: null,
    });
    const checkout = await post('checkout-session', account, { price_id: STARTER_PRICE });
    expect(checkout.status).toBe(501);
    expect(checkout.body.error.code).toBe('not_configured');
    expect(checkout.body.error.message).toContain('STRIPE_SECRET_KEY');
    const portal = await post('portal-session', account);
    expect(portal.status).toBe(501);
    expect(fake.requests).toHaveLength(0);
  });

  test('plans lists only the plans wired to a provider price', async () => {
    configure(false);
    const account = await makeAccount(server);
    const res = await server.json('/api/v1/billing/plans', { key: account.apiKey });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((p: { id: string }) => p.id);
    expect(ids).toContain('plan_bill_starter');
    expect(ids).toContain('plan_bill_pro');
    expect(ids).not.toContain('plan_bill_unpriced');
    expect(ids).not.toContain('plan_free');
    const starter = res.body.data.find((p: { id: string }) => p.id === 'plan_bill_starter');
    expect(starter).toMatchObject({ price_id: STARTER_PRICE, monthly_render_quota: 2_000 });
  });

  test('billing endpoints need a key', async () => {
    expect((await server.json('/api/v1/billing/subscription')).status).toBe(401);
    const body = { price_id: STARTER_PRICE };
    expect((await server.json('/api/v1/billing/checkout-session', { method: 'POST', body })).status).toBe(
      401,
    );
  });
});

describe('billing through the payment provider', () => {
  test('checkout creates the provider customer once, lazily, and sends Stripe-shaped requests', async () => {
    configure(true);
    const account = await makeAccount(server, { name: 'Acme Billing' });
    const before = fake.requests.length;
    const first = await post('checkout-session', account, {
      price_id: STARTER_PRICE,
      success_url: 'https://app.example.com/done',
    });
    expect(first.status).toBe(200);
    expect(first.body.data.session_id).toMatch(/^cs_/);
    expect(first.body.data.url).toBe(`https://checkout.stripe.test/c/pay/${first.body.data.session_id}`);

    const [customerCall, sessionCall] = fake.requests.slice(before);
    expect(customerCall?.path).toBe('/v1/customers');
    expect(customerCall?.headers.get('authorization')).toBe(`Bearer ${fake.secretKey}`);
    expect(customerCall?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(customerCall?.headers.get('idempotency-key')).toBe(`customer-${account.id}`);
    expect(customerCall?.form).toEqual({ name: 'Acme Billing', 'metadata[account_id]': account.id });
    expect(sessionCall?.path).toBe('/v1/checkout/sessions');
    expect(sessionCall?.headers.get('idempotency-key')).toBeTruthy();
    const customer = fake.customers.at(-1);
    expect(sessionCall?.form).toMatchObject({
      mode: 'subscription',
      customer,
      client_reference_id: account.id,
      'line_items[0][price]': STARTER_PRICE,
      'line_items[0][quantity]': '1',
      success_url: 'https://app.example.com/done',
      'subscription_data[metadata][account_id]': account.id,
    });
    // No cancel_url given: the default is this service's docs page.
    expect(sessionCall?.form.cancel_url).toBe(`${server.url}/api/v1/docs?checkout=cancelled`);

    const sub = await server.json('/api/v1/billing/subscription', { key: account.apiKey });
    expect(sub.body.data).toMatchObject({ stripe_configured: true, has_billing_account: true, status: null });

    const again = await post('checkout-session', account, { price_id: PRO_PRICE });
    expect(again.status).toBe(200);
    const paths = fake.requests.slice(before).map((r) => r.path);
    expect(paths).toEqual(['/v1/customers', '/v1/checkout/sessions', '/v1/checkout/sessions']);
    expect(fake.requests.at(-1)?.form.customer).toBe(customer);
    expect(fake.requests.at(-1)?.headers.get('idempotency-key')).not.toBe(
      sessionCall?.headers.get('idempotency-key'),
    );
  });

  test('two checkouts at once still make one customer (idempotent create, first id stored wins)', async () => {
    configure(true);
    const account = await makeAccount(server);
    const [a, b] = await Promise.all([
      post('checkout-session', account, { price_id: STARTER_PRICE }),
      post('checkout-session', account, { price_id: STARTER_PRICE }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const sessions = fake.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.form.client_reference_id === account.id,
    );
    expect(new Set(sessions.map((r) => r.form.customer)).size).toBe(1);
  });

  test('a price that is no purchasable plan is 422 at body.price_id, before any provider call', async () => {
    configure(true);
    const account = await makeAccount(server);
    const before = fake.requests.length;
    const res = await post('checkout-session', account, { price_id: 'price_unknown' });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toBe('body.price_id');
    const missing = await post('checkout-session', account, {});
    expect(missing.status).toBe(422);
    expect(fake.requests.length).toBe(before);
  });

  test('portal: 400 bad_request without a billing account; afterwards a portal URL for the stored customer', async () => {
    configure(true);
    const account = await makeAccount(server);
    const none = await post('portal-session', account);
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('bad_request');
    expect(none.body.error.message).toContain('billing account');

    await post('checkout-session', account, { price_id: STARTER_PRICE });
    const customer = fake.customers.at(-1);
    const portal = await post('portal-session', account, { return_url: 'https://app.example.com/account' });
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const call = fake.requests.at(-1);
    expect(call?.path).toBe('/v1/billing_portal/sessions');
    expect(call?.form).toEqual({
      customer: customer as string,
      return_url: 'https://app.example.com/account',
    });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
  });

  test('a provider failure is 502 provider_error with its message; the key never shows', async () => {
    configure(true);
    const account = await makeAccount(server);
    fake.failNext(500, 'Something went wrong on our end');
    const res = await post('checkout-session', account, { price_id: STARTER_PRICE });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('provider_error');
    expect(res.body.error.message).toContain('Something went wrong on our end');
    expect(JSON.stringify(res.body)).not.toContain(fake.secretKey);

    server.deps.billing = { stripe: { secretKey: 'sk_test_wrong', apiBase: fake.url }, webhookSecret: null };
    const refused = await post('checkout-session', account, { price_id: STARTER_PRICE });
    expect(refused.status).toBe(502);
    expect(refused.body.error.message).toContain('Invalid API Key');
    expect(JSON.stringify(refused.body)).not.toContain('sk_test_wrong');

    server.deps.billing = {
      stripe: { secretKey: fake.secretKey, apiBase: 'http://127.0.0.1:9' },
      webhookSecret: null,
    };
    const unreachable = await post('checkout-session', account, { price_id: STARTER_PRICE });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error.message).toContain('could not be reached');
  });

  test('unknown body fields are refused; return URLs must be http(s)', async () => {
    configure(true);
    const account = await makeAccount(server);
    const before = fake.requests.length;
    const extra = await post('checkout-session', account, { price_id: STARTER_PRICE, quantity: 3 });
    expect(extra.status).toBe(422);
    expect(extra.body.error.details.fields).toContainEqual(expect.objectContaining({ loc: 'body.quantity' }));
    const bad = await post('checkout-session', account, {
      price_id: STARTER_PRICE,
      success_url: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields).toContainEqual(
      expect.objectContaining({ loc: 'body.success_url' }),
    );
    // Refused before anything was sent: the payment provider saw no call at all.
    expect(fake.requests.length).toBe(before);
  });
});

describe('billing settings', () => {
  test('unset: no provider, no webhook; STRIPE_API_BASE defaults to the real API', () => {
    const config = loadConfig({});
    expect(config.stripeApiBase).toBe('https://api.stripe.com');
    expect(billingSettingsOf(config)).toEqual({ stripe: null, webhookSecret: null });
  });

  test('set: the provider and webhook are configured; flags override the environment', () => {
    const config = loadConfig(
      { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh123' },
      { 'stripe-api-base': 'http://127.0.0.1:12111/' },
    );
    expect(billingSettingsOf(config)).toEqual({
      stripe: { secretKey: 'sk_test_abc123', apiBase: 'http://127.0.0.1:12111' },
      webhookSecret: 'whsec_abcdefgh123',
    });
  });

  test('wrong values stop start-up with a line that names the setting and never echoes a secret', () => {
    const cases: [Record<string, string>, string][] = [
      [{ STRIPE_SECRET_KEY: 'pk_live_publishable999' }, 'STRIPE_SECRET_KEY'],
      [{ STRIPE_WEBHOOK_SECRET: 'sk_live_wrongthing999' }, 'STRIPE_WEBHOOK_SECRET'],
      [{ STRIPE_API_BASE: 'ftp://stripe.example' }, 'STRIPE_API_BASE'],
    ];
    for (const [env, name] of cases) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(name);
      if (!env.STRIPE_API_BASE)
        expect((error as Error).message).not.toContain(Object.values(env)[0] as string);
    }
  });
});
