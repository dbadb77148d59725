import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { setPlan } from '../../src/modules/plans';
import { FakeClock, systemClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import {
  type FakeProvider,
  providerEvent,
  signedDelivery,
  startFakeProvider,
  subscriptionObject,
} from '../fake-provider';
import { startServer, type TestServer } from '../harness';

const SECRET = 'whsec_test_0123456789abcdef';
const PRICE = 'price_hook_pro';
const clock = new FakeClock(new Date('2026-05-10T12:00:00.000Z'));
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

let server: TestServer;
let fake: FakeProvider;

beforeAll(async () => {
  server = await startServer({ clock });
  fake = startFakeProvider({ prices: [PRICE] });
  server.deps.billing = { stripe: { secretKey: fake.secretKey, apiBase: fake.url }, webhookSecret: SECRET };
  await setPlan({
    ctx: { db: server.db, clock: systemClock },
    input: {
      id: 'plan_hook_pro',
      name: 'Hook Pro',
      monthlyRenderQuota: 20_000,
      requestsPerSecond: 1000,
      priceId: PRICE,
    },
  });
});
afterAll(async () => {
  fake.stop();
  await server.stop();
});

function deliver(
  event: Record<string, unknown>,
  options: { secret?: string; at?: number; body?: string } = {},
) {
  const delivery = signedDelivery(event, options.secret ?? SECRET, options.at ?? nowSeconds());
  return server.json('/api/v1/billing/webhook', {
    method: 'POST',
    headers: delivery.headers,
    body: options.body ?? delivery.body,
  });
}

/** An account that went through checkout, so the service knows its provider customer. */
async function customerAccount(): Promise<{ account: TestAccount; customer: string }> {
  const account = await makeAccount(server);
  const res = await server.json('/api/v1/billing/checkout-session', {
    method: 'POST',
    key: account.apiKey,
    body: { price_id: PRICE },
  });
  expect(res.status).toBe(200);
  return { account, customer: fake.customers.at(-1) as string };
}

const subscription = (account: TestAccount) =>
  server.json('/api/v1/billing/subscription', { key: account.apiKey }).then((r) => r.body.data);

describe('webhook signature and replay', () => {
  const ping = () => providerEvent('customer.created', { id: 'cus_x', object: 'customer' }, nowSeconds());

  test('no API key needed; a good signature is 200 and an unhandled type is acknowledged as ignored', async () => {
    const event = ping();
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: true, event_id: event.id, outcome: 'ignored' });
  });

  test('missing, malformed and wrong signatures are 400 bad_request', async () => {
    const event = ping();
    const body = JSON.stringify(event);
    const none = await server.json('/api/v1/billing/webhook', { method: 'POST', body });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'bad_request', details: { reason: 'missing' } });
    const malformed = await server.json('/api/v1/billing/webhook', {
      method: 'POST',
      body,
      headers: { 'stripe-signature': 'v1=abc' },
    });
    expect(malformed.body.error.details.reason).toBe('malformed');
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else_000000' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error.details.reason).toBe('mismatch');
  });

  test('a body changed after signing fails, even by one space', async () => {
    const event = ping();
    const signed = signedDelivery(event, SECRET, nowSeconds());
    const res = await server.json('/api/v1/billing/webhook', {
      method: 'POST',
      headers: signed.headers,
      body: signed.body.replace('{', '{ '),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.reason).toBe('mismatch');
    expect((await deliver(event)).status).toBe(200); // the same event, untouched, still goes through
  });

  test('a signature older or newer than 5 minutes is refused as a replay; inside the tolerance it passes', async () => {
    const old = await deliver(ping(), { at: nowSeconds() - 301 });
    expect(old.status).toBe(400);
    expect(old.body.error.details.reason).toBe('outside_tolerance');
    const future = await deliver(ping(), { at: nowSeconds() + 301 });
    expect(future.body.error.details.reason).toBe('outside_tolerance');
    expect((await deliver(ping(), { at: nowSeconds() - 299 })).status).toBe(200);
  });

  test('several v1 signatures (a secret being rolled): any one matching is enough', async () => {
    const event = ping();
    const signed = signedDelivery(event, SECRET, nowSeconds());
    const header = signed.headers['stripe-signature'] as string;
    const [t, v1] = header.split(',');
    const res = await server.json('/api/v1/billing/webhook', {
      method: 'POST',
      headers: { ...signed.headers, 'stripe-signature': `${t},v1=${'0'.repeat(64)},${v1}` },
      body: signed.body,
    });
    expect(res.status).toBe(200);
  });

  test('the same event id again is answered 200 duplicate and not applied twice', async () => {
    const { account, customer } = await customerAccount();
    const created = providerEvent(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_dup', customer, status: 'active', price: PRICE }),
      nowSeconds(),
    );
    expect((await deliver(created)).body.data.outcome).toBe('applied');
    const canceled = providerEvent(
      'customer.subscription.deleted',
      subscriptionObject({ id: 'sub_dup', customer, status: 'canceled', price: PRICE }),
      nowSeconds() + 1,
    );
    expect((await deliver(canceled)).body.data.outcome).toBe('applied');
    // A fresh signature over the old event: valid, inside the tolerance, but already processed.
    clock.advance(2_000);
    const replay = await deliver(created);
    expect(replay.status).toBe(200);
    expect(replay.body.data.outcome).toBe('duplicate');
    expect(await subscription(account)).toMatchObject({ status: 'canceled', plan_id: 'plan_free' });
  });

  test('501 not_configured without STRIPE_WEBHOOK_SECRET', async () => {
    const saved = server.deps.billing;
    server.deps.billing = { stripe: null, webhookSecret: null };
    try {
      const res = await deliver(ping());
      expect(res.status).toBe(501);
      expect(res.body.error.code).toBe('not_configured');
    } finally {
      server.deps.billing = saved;
    }
  });

  test('a signed body that is not an event is 400', async () => {
    const signed = signedDelivery({ hello: 'world' }, SECRET, nowSeconds());
    const res = await server.json('/api/v1/billing/webhook', {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
    });
    expect(res.status).toBe(400);
  });
});

describe('webhook events move the subscription and the plan', () => {
  test('checkout completed, subscription created: the account is on the plan of the price', async () => {
    const { account, customer } = await customerAccount();
    const session = providerEvent(
      'checkout.session.completed',
      {
        id: 'cs_x',
        object: 'checkout.session',
        customer,
        subscription: 'sub_life',
        client_reference_id: account.id,
        mode: 'subscription',
      },
      nowSeconds(),
    );
    expect((await deliver(session)).body.data.outcome).toBe('applied');
    expect(await subscription(account)).toMatchObject({
      subscription_id: 'sub_life',
      has_billing_account: true,
    });

    const created = providerEvent(
      'customer.subscription.created',
      subscriptionObject({
        id: 'sub_life',
        customer,
        status: 'active',
        price: PRICE,
        periodEnd: 1_781_000_000,
      }),
      nowSeconds(),
    );
    expect((await deliver(created)).body.data.outcome).toBe('applied');
    expect(await subscription(account)).toEqual({
      subscription_id: 'sub_life',
      status: 'active',
      plan_id: 'plan_hook_pro',
      plan_name: 'Hook Pro',
      stripe_configured: true,
      has_billing_account: true,
      current_period_end: new Date(1_781_000_000 * 1000).toISOString(),
    });
    const me = await server.json('/api/v1/auth/me', { key: account.apiKey });
    expect(me.body.data.account.plan_id).toBe('plan_hook_pro');
    const usage = await server.json('/api/v1/usage', { key: account.apiKey });
    expect(usage.body.data.renders.quota).toBe(20_000);

    // A live subscription: a second checkout would bill twice.
    const again = await server.json('/api/v1/billing/checkout-session', {
      method: 'POST',
      key: account.apiKey,
      body: { price_id: PRICE },
    });
    expect(again.status).toBe(409);

    // Payment fails: past_due, the plan stays while the provider retries.
    const failed = providerEvent(
      'invoice.payment_failed',
      { id: 'in_1', object: 'invoice', customer, subscription: 'sub_life' },
      nowSeconds() + 10,
    );
    expect((await deliver(failed)).body.data.outcome).toBe('applied');
    expect(await subscription(account)).toMatchObject({ status: 'past_due', plan_id: 'plan_hook_pro' });

    // The provider gives up: unpaid, back to the free plan.
    const unpaid = providerEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: 'sub_life', customer, status: 'unpaid', price: PRICE }),
      nowSeconds() + 20,
    );
    await deliver(unpaid);
    expect(await subscription(account)).toMatchObject({ status: 'unpaid', plan_id: 'plan_free' });

    // Paid after all: active again on the price's plan; then cancelled for good.
    await deliver(
      providerEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: 'sub_life', customer, status: 'active', price: PRICE }),
        nowSeconds() + 30,
      ),
    );
    expect(await subscription(account)).toMatchObject({ status: 'active', plan_id: 'plan_hook_pro' });
    await deliver(
      providerEvent(
        'customer.subscription.deleted',
        subscriptionObject({ id: 'sub_life', customer, status: 'canceled', price: PRICE }),
        nowSeconds() + 40,
      ),
    );
    expect(await subscription(account)).toMatchObject({ status: 'canceled', plan_id: 'plan_free' });
    expect((await server.json('/api/v1/usage', { key: account.apiKey })).body.data.renders.quota).toBe(100);
  });

  test('events arriving out of order: an older one does not undo a newer state', async () => {
    const { account, customer } = await customerAccount();
    const t = nowSeconds();
    const active = providerEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: 'sub_order', customer, status: 'active', price: PRICE }),
      t + 5,
    );
    const incomplete = providerEvent(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_order', customer, status: 'incomplete', price: PRICE }),
      t,
    );
    expect((await deliver(active)).body.data.outcome).toBe('applied');
    expect((await deliver(incomplete)).body.data.outcome).toBe('ignored');
    expect(await subscription(account)).toMatchObject({ status: 'active', plan_id: 'plan_hook_pro' });
  });

  test('the deletion of an older subscription leaves the current one alone', async () => {
    const { account, customer } = await customerAccount();
    await deliver(
      providerEvent(
        'customer.subscription.created',
        subscriptionObject({ id: 'sub_new', customer, status: 'active', price: PRICE }),
        nowSeconds(),
      ),
    );
    const oldDeleted = providerEvent(
      'customer.subscription.deleted',
      subscriptionObject({ id: 'sub_old', customer, status: 'canceled', price: PRICE }),
      nowSeconds() + 1,
    );
    expect((await deliver(oldDeleted)).body.data.outcome).toBe('ignored');
    expect(await subscription(account)).toMatchObject({
      subscription_id: 'sub_new',
      plan_id: 'plan_hook_pro',
    });
  });

  test('events for a customer this service does not know are acknowledged and change nothing', async () => {
    const event = providerEvent(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_stranger', customer: 'cus_stranger', status: 'active', price: PRICE }),
      nowSeconds(),
    );
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('ignored');
  });

  test('subscription metadata names the account even before its customer is linked', async () => {
    const account = await makeAccount(server);
    const event = providerEvent(
      'customer.subscription.created',
      subscriptionObject({
        id: 'sub_meta',
        customer: 'cus_meta',
        status: 'trialing',
        price: PRICE,
        accountId: account.id,
      }),
      nowSeconds(),
    );
    expect((await deliver(event)).body.data.outcome).toBe('applied');
    expect(await subscription(account)).toMatchObject({
      subscription_id: 'sub_meta',
      status: 'trialing',
      plan_id: 'plan_hook_pro',
      has_billing_account: true,
    });
  });
});
