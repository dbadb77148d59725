// A heating engineer's monthly maintenance invoice to a town hall (XRechnung, Leitweg-ID) whose template the
// buyer's profile refuses at finalize: the schedule is blocked, and its page must not promise the invoice
// as "next invoice on <date>" while the service skips it until the cause is fixed and the schedule saved.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { click, openBrowser, signInGerman, typeInto, type Watched, waitForText } from './browser';

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

test('a blocked schedule says its invoice was not made and what to do, not "Nächste Rechnung am"', async () => {
  const profile = await api('POST', '/api/v1/business-profiles', {
    ...GERMAN_SELLER,
    default_timezone: 'Europe/Berlin',
  });
  const town = await api('POST', '/api/v1/customers', {
    name: 'Stadt Kassel, Hochbauamt',
    email: 'eingang@kassel.example',
    billing_address: { line1: 'Obere Königsstraße 8', city: 'Kassel', postal_code: '34117', country: 'DE' },
    electronic_address: { scheme: '0204', value: '06611000-12345-67' },
    einvoice_profile: 'xrechnung_ubl',
  });
  const sequence = await api('POST', '/api/v1/numbering-sequences', {
    name: 'Wartung',
    prefix: 'WA-',
    pattern: '{NNNN}',
  });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const created = await api('POST', '/api/v1/recurring-invoices', {
    business_profile_id: profile.id,
    customer_id: town.id,
    frequency: 'monthly',
    start_date: today,
    numbering_sequence_id: sequence.id,
    auto_finalize: true,
    // No tax_scheme: XRechnung cannot state the VAT category, so finalizing is refused on the first date.
    invoice_template: { currency: 'EUR', line_items: [germanLine({ name: 'Wartungsvertrag Heizung' })] },
  });
  await server.jobs.runDue();
  const blocked = await api('GET', `/api/v1/recurring-invoices/${created.id}`);
  expect(blocked.last_error).toContain('xrechnung_ubl');
  expect(blocked.next_occurrence_date).toBe(today);

  await page().goto(`${server.url}/#/recurring/${created.id}`);
  await waitForText(page(), 'Die letzte Rechnung konnte nicht erstellt werden: ');
  const german = today.split('-').reverse().join('.');
  const text = await bodyText();
  expect(text).toContain(`Die Rechnung vom ${german} wurde nicht erstellt`);
  expect(text).toContain('speichern Sie');
  expect(text).not.toContain('Nächste Rechnung am');
}, 60_000);
