// A Tischlerei's first month in the console: the owner writes up October's work in December and dates the
// invoice 15 October. The new invoice's Leistungsdatum starts as today's issue date; it stayed at today
// when the Rechnungsdatum changed, so the invoice of 15 October stated a date of supply in December
// (§ 14 (4) Nr. 6 UStG) she never chose, and the prefilled 14-day due date stayed in December too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { byName, choose, click, openBrowser, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const state: Record<string, any> = {};
const page = () => browser.page;

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** A date input set as a person's picker would (its text format is the browser's, not the page's). */
async function setDate(label: string, iso: string) {
  const field = await byName(page(), label, 'textbox');
  await field.evaluate((node, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(node, value);
    node.dispatchEvent(new Event('input', { bubbles: true }));
  }, iso);
}
const fieldValue = async (label: string) =>
  (await byName(page(), label, 'textbox')).evaluate((node) => (node as unknown as { value: string }).value);

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Tischlerei Holzwerk' });
  await api('POST', '/api/v1/business-profiles', GERMAN_SELLER);
  state.customer = await api('POST', '/api/v1/customers', {
    name: 'Max Mustermann',
    billing_address: { line1: 'Lindenstraße 5', postal_code: '04229', city: 'Leipzig', country: 'DE' },
  });
  browser = await openBrowser(server.url, 'de-DE');
  await page().goto(`${server.url}/`);
  await page().evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
  await page().reload();
  await byName(page(), 'API-Schlüssel', 'textbox').then((field) => field.type(account.apiKey));
  await click(page(), 'Anmelden');
  await waitForText(page(), 'Tischlerei Holzwerk');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('an invoice dated back', () => {
  test('its prefilled Leistungsdatum and due date follow the Rechnungsdatum; chosen ones stay', async () => {
    await page().goto(`${server.url}/#/documents/new/invoice`);
    await waitForText(page(), 'Neue Rechnung');
    const today = await fieldValue('Rechnungsdatum');
    expect(await fieldValue('Leistungsdatum')).toBe(today);

    await setDate('Rechnungsdatum', '2026-10-15');
    expect(await fieldValue('Leistungsdatum')).toBe('2026-10-15');
    expect(await fieldValue('Fälligkeitsdatum')).toBe('2026-10-29');

    // A date of supply she enters herself is hers: a later change of the Rechnungsdatum leaves it.
    await setDate('Leistungsdatum', '2026-10-09');
    await setDate('Rechnungsdatum', '2026-10-16');
    expect(await fieldValue('Leistungsdatum')).toBe('2026-10-09');
    expect(await fieldValue('Fälligkeitsdatum')).toBe('2026-10-30');

    await setDate('Leistungsdatum', '2026-10-16');
    await choose(page(), 'Kunde', 'Max Mustermann');
    const description = await byName(page(), 'Beschreibung', 'textbox');
    await description.type('Tischlerarbeiten');
    const price = await byName(page(), 'Einzelpreis', 'textbox');
    await price.type('58,00');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Rechnungsdatum: 16.10.2026');
    await waitForText(page(), 'Leistungsdatum: 16.10.2026');
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    const shown = await page().evaluate(() => document.body.innerText);
    expect(shown).toContain('Fälligkeitsdatum: 30.10.2026');
    expect(shown).not.toMatch(/Leistungsdatum: \d\d\.12\./);
  }, 60_000);
});

describe('two firms in one account', () => {
  test("a new invoice's number follows the chosen profile's own series, not the newest of the account", async () => {
    // The design studio in the same account has just written its invoice through the API.
    const studio = await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Grafikstudio Berger e.U.',
      default_locale: 'de-AT',
      address: { line1: 'Neubaugasse 8', postal_code: '1070', city: 'Wien', country: 'AT' },
    });
    await api('POST', '/api/v1/documents', {
      document_type: 'invoice',
      number: 'AT-2026-007',
      business_profile_id: studio.id,
      customer_id: state.customer.id,
      issue_date: '2026-12-07',
      currency: 'EUR',
      line_items: [{ name: 'Webdesign', quantity: '1', unit_price: '900.00' }],
    });
    await page().goto(`${server.url}/#/documents/new/invoice`);
    await waitForText(page(), 'Neue Rechnung');
    await choose(page(), 'Geschäftsprofil', 'Ingenieurbüro Nordlicht');
    for (let waited = 0; waited < 10_000 && (await fieldValue('Nummer')) !== 'RE-2026-0002'; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await fieldValue('Nummer')).toBe('RE-2026-0002');

    await choose(page(), 'Geschäftsprofil', 'Grafikstudio Berger');
    for (let waited = 0; waited < 10_000 && (await fieldValue('Nummer')) !== 'AT-2026-008'; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await fieldValue('Nummer')).toBe('AT-2026-008');
  }, 60_000);
});
