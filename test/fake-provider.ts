import type { Server } from 'bun';
import { signStripePayload } from '../src/modules/billing/provider/signature';

/** One request the fake received, as the service sent it. */
export interface ProviderRequest {
  method: string;
  path: string;
  headers: Headers;
  /** The raw form body and its fields (`line_items[0][price]` kept as the flat key Stripe reads). */
  raw: string;
  form: Record<string, string>;
}

export interface FakeProvider {
  /** The base URL to configure as STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  requests: ProviderRequest[];
  /** Provider customer ids created so far. */
  customers: string[];
  /** The next call answers this status with a Stripe-shaped error instead. */
  failNext(status: number, message: string): void;
  stop(): void;
}

let counter = 0;
const id = (prefix: string) => `${prefix}_test${(++counter).toString().padStart(6, '0')}`;

function stripeError(status: number, message: string, type = 'invalid_request_error'): Response {
  return Response.json({ error: { type, message } }, { status });
}

/**
 * A small Stripe stand-in on 127.0.0.1: it checks what a real integration must get right (Bearer secret
 * key, form-encoded bodies, an Idempotency-Key on every POST, honoured like Stripe: same key and body =
 * same answer, same key with another body = error) and answers the three endpoints the service calls
 * with Stripe-shaped objects. Every request is recorded for the tests to inspect.
 */
export function startFakeProvider(options: { secretKey?: string; prices?: string[] } = {}): FakeProvider {
  const secretKey = options.secretKey ?? 'sk_test_fakeprovider0123456789';
  const requests: ProviderRequest[] = [];
  const customers: string[] = [];
  const prices = new Set(options.prices ?? []);
  const idempotent = new Map<string, { raw: string; status: number; body: string }>();
  let failure: { status: number; message: string } | null = null;

  function answer(path: string, form: Record<string, string>): Response {
    if (path === '/v1/customers') {
      const customer = id('cus');
      customers.push(customer);
      return Response.json({
        id: customer,
        object: 'customer',
        name: form.name ?? null,
        metadata: { account_id: form['metadata[account_id]'] },
      });
    }
    if (path === '/v1/checkout/sessions') {
      if (!customers.includes(form.customer ?? ''))
        return stripeError(400, `No such customer: '${form.customer}'`);
      if (form.mode !== 'subscription') return stripeError(400, 'mode must be subscription here');
      const price = form['line_items[0][price]'] ?? '';
      if (!prices.has(price)) return stripeError(400, `No such price: '${price}'`);
      if (!form.success_url || !form.cancel_url)
        return stripeError(400, 'Missing required param: success_url.');
      const session = id('cs');
      return Response.json({
        id: session,
        object: 'checkout.session',
        mode: 'subscription',
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        url: `https://checkout.stripe.test/c/pay/${session}`,
      });
    }
    if (path === '/v1/billing_portal/sessions') {
      if (!customers.includes(form.customer ?? ''))
        return stripeError(400, `No such customer: '${form.customer}'`);
      const session = id('bps');
      return Response.json({
        id: session,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${session}`,
      });
    }
    return stripeError(404, `Unrecognized request URL (POST: ${path})`);
  }

  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const raw = await request.text();
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: request.method, path: url.pathname, headers: request.headers, raw, form });
      if (request.headers.get('authorization') !== `Bearer ${secretKey}`) {
        return stripeError(401, 'Invalid API Key provided', 'authentication_error');
      }
      if (request.method !== 'POST') return stripeError(405, 'only POST is faked');
      if (request.headers.get('content-type') !== 'application/x-www-form-urlencoded') {
        return stripeError(400, 'Bodies must be application/x-www-form-urlencoded');
      }
      const key = request.headers.get('idempotency-key');
      if (!key) return stripeError(400, 'The fake provider insists on an Idempotency-Key for every POST');
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.raw !== raw) {
          return stripeError(
            400,
            'Keys for idempotent requests can only be used with the same parameters',
            'idempotency_error',
          );
        }
        return new Response(seen.body, {
          status: seen.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      let response: Response;
      if (failure) {
        response = stripeError(failure.status, failure.message, 'api_error');
        failure = null;
      } else {
        response = answer(url.pathname, form);
      }
      const body = await response.text();
      idempotent.set(key, { raw, status: response.status, body });
      return new Response(body, { status: response.status, headers: { 'content-type': 'application/json' } });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    secretKey,
    requests,
    customers,
    failNext(status, message) {
      failure = { status, message };
    },
    stop: () => server.stop(true),
  };
}

/** A webhook delivery as Stripe would send it: the JSON text and its `Stripe-Signature` header. */
export function signedDelivery(
  event: Record<string, unknown>,
  secret: string,
  timestamp: number,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': `t=${timestamp},v1=${signStripePayload(body, secret, timestamp)}`,
    },
  };
}

let eventCounter = 0;

/** A Stripe event envelope around `object`, created at `created` (unix seconds). */
export function providerEvent(type: string, object: Record<string, unknown>, created: number) {
  eventCounter += 1;
  return {
    id: `evt_test${eventCounter.toString().padStart(6, '0')}`,
    object: 'event',
    type,
    created,
    livemode: false,
    data: { object },
  };
}

/** A subscription object as the customer.subscription.* events carry it. */
export function subscriptionObject(input: {
  id: string;
  customer: string;
  status: string;
  price: string;
  accountId?: string;
  periodEnd?: number;
}) {
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status,
    current_period_end: input.periodEnd ?? 1_900_000_000,
    metadata: input.accountId ? { account_id: input.accountId } : {},
    items: { object: 'list', data: [{ id: 'si_test', price: { id: input.price, object: 'price' } }] },
  };
}
