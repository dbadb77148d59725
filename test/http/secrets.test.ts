import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { setPlan } from '../../src/modules/plans';
import { DownloadSigner } from '../../src/modules/renders/signing';
import { systemClock } from '../../src/shared/clock';
import { createLogger } from '../../src/shared/logger';
import { renderInProcess } from '../../src/workers/render-pool';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { type FakeProvider, providerEvent, signedDelivery, startFakeProvider } from '../fake-provider';
import { type RequestOptions, startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

/**
 * Issue 9, secrets: a server configured with distinctive secrets is driven through a broad set of requests,
 * many of them failing (bad SMTP login, a refusing and a failing payment provider, bad webhook signatures,
 * an unexpected render crash), and no secret appears in any log line or any response body or header. An API
 * key appears only in the one response that created or rotated it.
 */

/** The harness's signing secret (test/harness.ts); checked below to be the one the server signs with. */
const SIGNING_SECRET = 'test-signing-secret-0123456789';
const SMTP_PASSWORD = 'smtp-P@ss/w0rd+SECRET-7f3a';
const STRIPE_SECRET_KEY = 'sk_test_SECRETstripe7f3a9c0d1e2b';
const STRIPE_WEBHOOK_SECRET = 'whsec_SECRETwebhook7f3a9c0d1e2b';
const PRICE = 'price_secrets_pro';
const CRASH_NUMBER = 'CRASH-ON-RENDER';

let server: TestServer;
let smtp: TestSmtp;
let provider: FakeProvider;
let account: TestAccount;
const logLines: string[] = [];
/** Every response seen: what it answered to, its status line, headers and body. */
const responses: { what: string; text: string }[] = [];

async function hit(path: string, init: RequestOptions = {}) {
  const res = await server.request(path, init);
  const body = await res.text();
  const headers = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  responses.push({ what: `${init.method ?? 'GET'} ${path}`, text: `${res.status}\n${headers}\n\n${body}` });
  const json = res.headers.get('content-type')?.includes('json') && body ? JSON.parse(body) : null;
  return { status: res.status, body: json, text: body };
}

/** Every spelling of a secret that could leak: as is, URL-encoded, and form-encoded. */
const spellings = (secret: string) => [
  ...new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]),
];

function leaksOf(secret: string, exceptResponseOf: string[] = []): string[] {
  const found: string[] = [];
  for (const spelling of spellings(secret)) {
    for (const line of logLines) if (line.includes(spelling)) found.push(`log: ${line.slice(0, 300)}`);
    for (const r of responses) {
      if (r.text.includes(spelling) && !exceptResponseOf.includes(r.what))
        found.push(`response to ${r.what}`);
    }
  }
  return found;
}

beforeAll(async () => {
  smtp = await TestSmtp.start({ auth: { user: 'mailer', pass: 'the-right-password' } });
  provider = startFakeProvider({ secretKey: 'sk_test_providerExpectsAnotherKey', prices: [PRICE] });
  server = await startServer({
    smtpUrl: smtp.url({ from: 'billing@seller.example', user: 'mailer', pass: SMTP_PASSWORD }),
    logger: createLogger('debug', (line) => logLines.push(line)),
    startJobs: false,
    // An unexpected crash inside a request: the 500 path must not spill configuration either.
    renderPdf: async (input, ...rest) => {
      if (JSON.stringify(input).includes(CRASH_NUMBER)) throw new Error('renderer exploded');
      return renderInProcess(input, ...rest);
    },
  });
  server.deps.billing = {
    stripe: { secretKey: STRIPE_SECRET_KEY, apiBase: provider.url },
    webhookSecret: STRIPE_WEBHOOK_SECRET,
  };
  await setPlan({
    ctx: { db: server.db, clock: systemClock },
    input: {
      id: 'plan_secrets',
      name: 'Pro',
      monthlyRenderQuota: 100,
      requestsPerSecond: 1000,
      priceId: PRICE,
    },
  });
  account = await makeAccount(server);
});
afterAll(async () => {
  provider.stop();
  await server.stop();
  await smtp.stop();
});

describe('secrets stay secret', () => {
  test('no secret in any log line, error or response, under a broad set of requests', async () => {
    const key = account.apiKey;
    const parties = await makeParties(server, account);
    const doc = (await hit('/api/v1/documents', { method: 'POST', key, body: documentBody(parties) })).body
      .data;
    await hit(`/api/v1/documents/${doc.id}/finalize`, { method: 'POST', key });
    const render = (await hit(`/api/v1/documents/${doc.id}/renders`, { method: 'POST', key, body: {} })).body
      .data;
    const token = new URL(render.download_url, server.url).searchParams.get('token') ?? '';
    const expiresAt = new Date(render.expires_at);
    // The secret checked below is the one the server really signs with.
    expect(token).toBe(
      new DownloadSigner(SIGNING_SECRET).sign(render.id, expiresAt, token.split('.')[1] ?? null),
    );
    await hit(`/api/v1/renders/${render.id}/download?token=${token}`);
    await hit(`/api/v1/renders/${render.id}/download?token=${token.slice(0, -2)}xx`);
    await hit(`/api/v1/renders/${render.id}`, { key });

    // SMTP login refused (wrong password): the delivery fails, its reason is recorded and logged.
    const delivery = (
      await hit(`/api/v1/documents/${doc.id}/send`, {
        method: 'POST',
        key,
        body: { to: ['ap@acme.example'] },
      })
    ).body.data;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await server.jobs.runDue();
      const now = await hit(`/api/v1/deliveries/${delivery.id}`, { key });
      if (now.body.data.status !== 'queued' && now.body.data.status !== 'sending') break;
      // Retries wait: pull their run time forward so the failing attempts all happen here.
      server.sqlite.run("UPDATE jobs SET run_at = 0 WHERE kind = 'delivery.send'");
    }
    const failed = await hit(`/api/v1/deliveries/${delivery.id}`, { key });
    expect(failed.body.data.status).not.toBe('sent');
    expect(smtp.messages).toHaveLength(0);
    await hit(`/api/v1/deliveries/${delivery.id}/retry`, { method: 'POST', key });
    await server.jobs.runDue();
    await hit('/api/v1/deliveries', { key });
    await hit(`/api/v1/documents/${doc.id}/deliveries`, { key });

    // The payment provider refuses the key, then fails outright.
    const refused = await hit('/api/v1/billing/checkout-session', {
      method: 'POST',
      key,
      body: { price_id: PRICE },
    });
    expect(refused.status).toBe(502);
    expect(provider.requests.length).toBeGreaterThan(0);
    provider.failNext(500, 'upstream exploded');
    await hit('/api/v1/billing/portal-session', { method: 'POST', key });
    await hit('/api/v1/billing/subscription', { key });

    // Webhooks: unsigned, wrongly signed, stale, and a good one.
    const event = providerEvent('customer.subscription.deleted', { id: 'sub_x', customer: 'cus_x' }, 1);
    const now = Math.floor(Date.now() / 1000);
    const good = signedDelivery(event, STRIPE_WEBHOOK_SECRET, now);
    const forged = signedDelivery(event, 'whsec_not_the_secret', now);
    const stale = signedDelivery(event, STRIPE_WEBHOOK_SECRET, now - 3600);
    for (const delivery of [good, forged, stale]) {
      await hit('/api/v1/billing/webhook', {
        method: 'POST',
        body: delivery.body,
        headers: delivery.headers,
      });
    }
    await hit('/api/v1/billing/webhook', {
      method: 'POST',
      body: good.body,
      headers: { 'content-type': 'json' },
    });

    // A crash in the renderer is a 500 in the envelope.
    const crash = await hit('/api/v1/documents/render', {
      method: 'POST',
      key,
      body: {
        data: {
          invoice_number: CRASH_NUMBER,
          issue_date: '2026-11-02',
          currency: 'EUR',
          seller: { name: 'S' },
          buyer: { name: 'B' },
          line_items: [
            { name: 'x', quantity: '1', unit_price: '1.00', taxes: [{ rate: '19', category: 'S' }] },
          ],
        },
      },
    });
    expect(crash.status).toBe(500);

    // API keys: created and rotated over HTTP; every later answer shows them without their secret.
    const created = await hit('/api/v1/api-keys', { method: 'POST', key, body: { name: 'ci' } });
    const newKey: string = created.body.data.api_key;
    await hit('/api/v1/api-keys', { key: newKey });
    await hit(`/api/v1/api-keys/${created.body.data.id}`, { key: newKey });
    await hit(`/api/v1/api-keys/${created.body.data.id}`, {
      method: 'PATCH',
      key: newKey,
      body: { name: 'ci2' },
    });
    const rotated = await hit(`/api/v1/api-keys/${created.body.data.id}/rotate`, { method: 'POST', key });
    const rotatedKey: string = rotated.body.data.api_key;
    await hit('/api/v1/auth/me', { key: newKey });
    await hit('/api/v1/auth/me', { key: rotatedKey });
    await hit('/api/v1/api-keys', { key: rotatedKey });
    await hit('/api/v1/customers', { key: `${rotatedKey}x` });
    await hit('/api/v1/customers', { key: rotatedKey, method: 'POST', body: { name: 1 } });
    await hit('/api/v1/openapi.json', { key });
    await server.jobs.runDue();

    expect(logLines.some((l) => l.includes('"level":"error"'))).toBe(true);
    expect(logLines.length).toBeGreaterThan(20);
    expect(responses.length).toBeGreaterThan(30);
    expect(leaksOf(SIGNING_SECRET)).toEqual([]);
    expect(leaksOf(SMTP_PASSWORD)).toEqual([]);
    expect(leaksOf(STRIPE_SECRET_KEY)).toEqual([]);
    expect(leaksOf(STRIPE_WEBHOOK_SECRET)).toEqual([]);
    expect(leaksOf(key)).toEqual([]);
    expect(leaksOf(newKey, ['POST /api/v1/api-keys'])).toEqual([]);
    expect(leaksOf(rotatedKey, [`POST /api/v1/api-keys/${created.body.data.id}/rotate`])).toEqual([]);
    // And the exceptions did hold the key: the check can see one when it is there.
    expect(leaksOf(newKey)).toEqual(['response to POST /api/v1/api-keys']);
  });
});
