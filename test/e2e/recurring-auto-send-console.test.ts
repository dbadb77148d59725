// A heating engineer's monthly maintenance contract, in the German console: "Per E-Mail an den Kunden
// senden" can be ticked only with "Jede Rechnung abschließen", says so when the customer has no e-mail
// address, and saving it turns the schedule's auto_send on.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { byName, click, openBrowser, signInGerman, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
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
const disabled = async (label: string) =>
  await (await byName(page(), label, 'checkbox')).evaluate(
    (input) => (input as unknown as { disabled: boolean }).disabled,
  );

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server, { name: 'Heizungsbau Schmidt GmbH' });
  browser = await openBrowser(server.url, 'de-DE');
  await signInGerman(page(), server.url, account.apiKey, 'Heizungsbau Schmidt GmbH');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

async function scheduleFor(customer: { id: string }, profileId: string, sequenceId: string) {
  return await api('POST', '/api/v1/recurring-invoices', {
    business_profile_id: profileId,
    customer_id: customer.id,
    frequency: 'monthly',
    start_date: '2099-01-01',
    numbering_sequence_id: sequenceId,
    invoice_template: {
      currency: 'EUR',
      tax_scheme: 'VAT',
      line_items: [germanLine({ name: 'Wartungsvertrag Heizung' })],
    },
  });
}

test('"Jede Rechnung per E-Mail versenden": only with finalizing, a hint without an address, saved', async () => {
  const profile = await api('POST', '/api/v1/business-profiles', GERMAN_SELLER);
  const sequence = await api('POST', '/api/v1/numbering-sequences', {
    name: 'Wartung',
    prefix: 'WA-',
    pattern: '{NNNN}',
  });
  const noMail = await api('POST', '/api/v1/customers', { name: 'Bäckerei Ohne Post' });
  const withMail = await api('POST', '/api/v1/customers', {
    name: 'Hausverwaltung Weber',
    email: 'buchhaltung@weber.example',
  });
  const SEND = 'Jede Rechnung per E-Mail versenden';
  const FINALIZE = 'Jede Rechnung abschließen (sonst wartet sie als Entwurf)';

  // A customer with one: ticked and saved, the schedule e-mails its invoices.
  const mailed = await scheduleFor(withMail, profile.id, sequence.id);
  await page().goto(`${server.url}/#/recurring/${mailed.id}`);
  await waitForText(page(), SEND);
  await click(page(), FINALIZE, 'checkbox');
  await click(page(), SEND, 'checkbox');
  expect(await bodyText()).not.toContain('keine E-Mail-Adresse hinterlegt');
  await click(page(), 'Speichern');
  // Saved: the console goes back to the list of recurring invoices.
  await page()
    .waitForFunction(() => location.hash === '#/recurring', { timeout: 20_000 })
    .catch(async () => {
      throw new Error(`not saved: ${await bodyText()}`);
    });
  const saved = await api('GET', `/api/v1/recurring-invoices/${mailed.id}`);
  expect(saved).toMatchObject({ auto_finalize: true, auto_send: true });

  // A customer without an e-mail address: the box needs finalizing first, then says what is missing.
  const unmailed = await scheduleFor(noMail, profile.id, sequence.id);
  await page().goto(`${server.url}/#/recurring/${unmailed.id}`);
  await waitForText(page(), SEND);
  expect(await disabled(SEND)).toBe(true);
  expect(await bodyText()).toContain('Nur abgeschlossene Rechnungen können per E-Mail versendet werden.');
  await click(page(), FINALIZE, 'checkbox');
  expect(await disabled(SEND)).toBe(false);
  await waitForText(page(), 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt');
}, 60_000);
