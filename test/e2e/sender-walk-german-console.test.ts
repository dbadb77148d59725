// An electrician in Berlin in the German console: the e-mail send form says an authority's XRechnung goes
// with the PDF, the reminder button of an English invoice reads in German, and a blocked maintenance
// schedule and an invoice not e-mailed are explained in German (from the service's codes), not in English.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import { byName, click, openBrowser, signInGerman, type Watched, waitForText } from './browser';

let smtp: TestSmtp;
let server: TestServer;
let clock: FakeClock;
let account: TestAccount;
let browser: Watched;
const page = () => browser.page;

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const bodyText = () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  page().evaluate(() => document.body.innerText.replace(/[\u00a0\u202f]/g, ' '));

let seller: { id: string };

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-12-07T09:00:00.000Z'));
  server = await startServer({
    clock,
    smtpUrl: smtp.url({ from: 'rechnung@elektro-schmidt.example' }),
    startJobs: false,
    rulesetsDir: null,
  });
  account = await makeAccount(server, { name: 'Elektro Schmidt GmbH' });
  seller = await api('POST', '/api/v1/business-profiles', {
    ...GERMAN_SELLER,
    legal_name: 'Elektro Schmidt GmbH',
  });
  browser = await openBrowser(server.url, 'de-DE');
  // Sending a reminder asks first: accepted, as a person sure of the step would.
  browser.page.on('dialog', (dialog) => dialog.accept());
  await signInGerman(page(), server.url, account.apiKey, 'Elektro Schmidt GmbH');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

let numbered = 0;
const invoice = async (customerId: string, overrides: Record<string, unknown> = {}) => {
  numbered += 1;
  const doc = await api('POST', '/api/v1/documents', {
    number: `RE-2026-${String(numbered).padStart(4, '0')}`,
    issue_date: '2026-11-02',
    delivery_date: '2026-11-02',
    currency: 'EUR',
    tax_scheme: 'VAT',
    business_profile_id: seller.id,
    customer_id: customerId,
    line_items: [germanLine({ name: 'Prüfung ortsveränderlicher Geräte', unit_price: '180.00' })],
    ...overrides,
  });
  return await api('POST', `/api/v1/documents/${doc.id}/finalize`);
};

test('the send form says the XRechnung goes with the PDF for the Bezirksamt', async () => {
  const amt = await api('POST', '/api/v1/customers', AUTHORITY);
  const doc = await invoice(amt.id);
  await page().goto(`${server.url}/#/documents/${doc.id}`);
  await waitForText(page(), 'Das PDF und die E-Rechnung (XRechnung-XML) an die Adressen, die Sie eingeben');
  expect(await bodyText()).not.toContain('Das PDF an die Adressen');
}, 60_000);

test('the reminder button of an English invoice reads in German', async () => {
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Jane Doe',
    email: 'jane@example.com',
    billing_address: { line1: 'Weserstraße 1', city: 'Berlin', postal_code: '12047', country: 'DE' },
  });
  const doc = await invoice(customer.id, { locale: 'en-GB', due_date: '2026-11-16' });
  await page().goto(`${server.url}/#/documents/${doc.id}`);
  await byName(page(), 'Mahnschreiben „Payment reminder“ senden', 'button');
  expect(await bodyText()).not.toContain('Payment reminder senden');
}, 60_000);

test('a reminder to a customer without e-mail address asks for the recipient in German', async () => {
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Herr Meier',
    billing_address: { line1: 'Weserstraße 3', city: 'Berlin', postal_code: '12047', country: 'DE' },
  });
  const doc = await invoice(customer.id, { due_date: '2026-11-16' });
  await page().goto(`${server.url}/#/documents/${doc.id}`);
  await click(page(), 'Zahlungserinnerung senden');
  await waitForText(
    page(),
    'Für den Kunden ist keine E-Mail-Adresse hinterlegt: Geben Sie hier den Empfänger ein.',
  );
  expect(await bodyText()).not.toContain('name the recipients in to');
}, 60_000);

test('a blocked schedule and an invoice not e-mailed are explained in German', async () => {
  // The Bezirksamt without its Leitweg-ID: the monthly maintenance invoice cannot be made.
  const { electronic_address: _, ...noLeitweg } = AUTHORITY;
  const amt = await api('POST', '/api/v1/customers', { ...noLeitweg, name: 'Bezirksamt Neukölln' });
  const blocked = await api('POST', '/api/v1/recurring-invoices', {
    business_profile_id: seller.id,
    customer_id: amt.id,
    frequency: 'monthly',
    start_date: '2026-12-08',
    auto_finalize: true,
    invoice_template: {
      currency: 'EUR',
      tax_scheme: 'VAT',
      invoice_number: 'WA-2026-001',
      line_items: [germanLine()],
    },
  });
  // A private customer whose address was removed after the schedule was saved.
  const private_ = await api('POST', '/api/v1/customers', {
    name: 'Hausverwaltung Weber',
    email: 'weber@example.com',
    billing_address: { line1: 'Weserstraße 2', city: 'Berlin', postal_code: '12047', country: 'DE' },
  });
  const mailed = await api('POST', '/api/v1/recurring-invoices', {
    business_profile_id: seller.id,
    customer_id: private_.id,
    frequency: 'monthly',
    start_date: '2026-12-08',
    auto_finalize: true,
    auto_send: true,
    invoice_template: {
      currency: 'EUR',
      tax_scheme: 'VAT',
      invoice_number: 'WB-2026-001',
      line_items: [germanLine()],
    },
  });
  await api('PATCH', `/api/v1/customers/${private_.id}`, { email: null });
  clock.set('2026-12-08T09:00:00.000Z');
  await server.jobs.runDue();

  await page().goto(`${server.url}/#/recurring/${blocked.id}`);
  await waitForText(page(), 'Die Leitweg-ID (Käuferreferenz) fehlt');
  const text = await bodyText();
  expect(text).toContain(
    'Die letzte Rechnung konnte nicht erstellt werden: Sie erfüllt die E-Rechnungs-Vorgaben',
  );

  await page().goto(`${server.url}/#/recurring/${mailed.id}`);
  await waitForText(page(), 'Für den Kunden ist keine E-Mail-Adresse hinterlegt');
  expect(await bodyText()).not.toContain('the customer has no e-mail address');
}, 60_000);
