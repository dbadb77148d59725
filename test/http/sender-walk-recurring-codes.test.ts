// A recurring schedule's `last_error` and an occurrence's `send_error` are English sentences; beside them the
// service says their kind as a code (`last_error_code`, `send_error_code`, only when there is an error), so
// the German console can say them in German.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

const BASE = '/api/v1/recurring-invoices';
let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;
let unconfigured: TestServer;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-03-01T09:00:00.000Z'));
  server = await startServer({
    clock,
    smtpUrl: smtp.url({ from: 'rechnung@elektro-schmidt.example' }),
    startJobs: false,
    rulesetsDir: null,
  });
  unconfigured = await startServer({ clock, startJobs: false, rulesetsDir: null });
});
afterAll(async () => {
  await server.stop();
  await unconfigured.stop();
  await smtp.stop();
});

const TEMPLATE = {
  currency: 'EUR',
  tax_scheme: 'VAT',
  due_in_days: 14,
  line_items: [
    {
      name: 'Wartung Elektroanlage',
      quantity: '1',
      unit_price: '120.00',
      taxes: [{ rate: '19', category: 'S', name: 'USt' }],
    },
  ],
};

async function setup(target: TestServer, customer: Record<string, unknown>) {
  const account: TestAccount = await makeAccount(target);
  const { id: profileId } = await makeBusinessProfile(target, account, {
    email: 'rechnung@elektro-schmidt.example',
    phone: '+49 30 555123',
    tax_id: 'DE123456789',
    address: { line1: 'Sonnenallee 5', city: 'Berlin', postal_code: '12045', country: 'DE' },
  });
  const { id: customerId } = await makeCustomer(target, account, customer);
  const call = (method: string, path: string, body?: unknown) =>
    target.json(path, { method, key: account.apiKey, body });
  const created = await call('POST', BASE, {
    business_profile_id: profileId,
    customer_id: customerId,
    frequency: 'monthly',
    start_date: '2026-03-02',
    invoice_template: { ...TEMPLATE, invoice_number: `WA-${Math.random().toString().slice(2, 8)}-001` },
    auto_finalize: true,
    ...('email' in customer ? { auto_send: true } : {}),
  });
  expect(created.body.error ?? null).toBeNull();
  return { call, id: created.body.data.id as string, customerId };
}

describe('recurring errors carry a code', () => {
  test('a Bezirksamt without Leitweg-ID: the schedule is blocked with einvoice_failed', async () => {
    clock.set('2026-03-01T09:00:00.000Z');
    const s = await setup(server, {
      name: 'Bezirksamt Neukölln',
      billing_address: { line1: 'Karl-Marx-Straße 83', city: 'Berlin', postal_code: '12040', country: 'DE' },
      einvoice_profile: 'xrechnung_ubl',
    });
    const fresh = (await s.call('GET', `${BASE}/${s.id}`)).body.data;
    expect(fresh.last_error).toBeNull();
    expect(fresh).not.toHaveProperty('last_error_code');
    clock.set('2026-03-02T09:00:00.000Z');
    await server.jobs.runDue();
    const blocked = (await s.call('GET', `${BASE}/${s.id}`)).body.data;
    expect(blocked.last_error).toContain('buyer_reference');
    expect(blocked.last_error_code).toBe('einvoice_failed');
    const listed = (await s.call('GET', BASE)).body.data.find((r: { id: string }) => r.id === s.id);
    expect(listed.last_error_code).toBe('einvoice_failed');
  });

  test('the customer lost its e-mail address: send_error_code no_email; no mail set up: mail_not_configured', async () => {
    clock.set('2026-03-01T09:00:00.000Z');
    const s = await setup(server, { email: 'hausverwaltung@example.com' });
    expect((await s.call('PATCH', `/api/v1/customers/${s.customerId}`, { email: null })).status).toBe(200);
    clock.set('2026-03-02T09:00:00.000Z');
    await server.jobs.runDue();
    const [invoice] = (await s.call('GET', `${BASE}/${s.id}/invoices`)).body.data;
    expect(invoice.send_error).toContain('no e-mail address');
    expect(invoice.send_error_code).toBe('no_email');

    clock.set('2026-03-01T09:00:00.000Z');
    const u = await setup(unconfigured, { email: 'kunde@example.com' });
    clock.set('2026-03-02T09:00:00.000Z');
    await unconfigured.jobs.runDue();
    const [unsent] = (await u.call('GET', `${BASE}/${u.id}/invoices`)).body.data;
    expect(unsent.send_error).toContain('email delivery is not configured');
    expect(unsent.send_error_code).toBe('mail_not_configured');
  });
});
