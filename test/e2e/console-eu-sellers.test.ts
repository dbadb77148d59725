// An Irish consultancy in the English console (browser in en-IE): its new business profile prints on A4 in
// euros, its lines start at Ireland's 23 % rather than Germany's 19 %, a German business customer with a VAT
// ID is offered the reverse charge in one click, and the payment form says "early payment discount", not
// "Skonto".
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let customerId = '';

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Brennan Consulting' });
  await makeParties(server, account);
  const customer = await server.json('/api/v1/customers', {
    method: 'POST',
    key: account.apiKey,
    body: {
      name: 'Schmidt Maschinenbau GmbH',
      tax_id: 'DE129273398',
      billing_address: { line1: 'Industriestr. 5', city: 'Stuttgart', postal_code: '70565', country: 'DE' },
    },
  });
  if (customer.status !== 200) throw new Error('could not make the customer');
  customerId = customer.body.data.id;
  browser = await openBrowser(server.url, 'en-IE');
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, 'API key', account.apiKey);
  await click(browser.page, 'Sign in');
  await waitForText(browser.page, 'Brennan Consulting');
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;
const bodyText = () => page().evaluate(() => document.body.innerText);
const fieldValue = async (label: string, role: string) =>
  (await byName(page(), label, role)).evaluate((field) => (field as unknown as { value: string }).value);

describe('console in English for an Irish firm', () => {
  let profileId = '';

  test('a new business profile in Ireland: A4, euros, en-IE, and an empty rate means 23 %', async () => {
    await click(page(), 'Business profiles', 'link');
    await click(page(), 'New business profile');
    await typeInto(page(), 'Legal name', 'Brennan Consulting Ltd');
    await typeInto(page(), 'VAT ID', 'IE6388047V');
    await typeInto(page(), 'Address line 1', '12 Merrion Square');
    await typeInto(page(), 'City', 'Dublin');
    await typeInto(page(), 'Country', 'IE');
    await waitForText(page(), '23 % in Ireland');
    expect(await bodyText()).not.toContain('Empty: 19 %');
    expect(await fieldValue('Page size', 'combobox')).toBe('A4');
    expect(await fieldValue('Default currency', 'textbox')).toBe('EUR');
    expect(await fieldValue('Default locale', 'textbox')).toBe('en-IE');
    await click(page(), 'Save');
    await waitForText(page(), 'New business profile');
    const list = await server.json('/api/v1/business-profiles?limit=10', { key: account.apiKey });
    const summary = list.body.data.find((entry: { legal_name: string }) =>
      entry.legal_name.startsWith('Brennan'),
    );
    profileId = summary.id;
    const stored = await server.json(`/api/v1/business-profiles/${profileId}`, { key: account.apiKey });
    expect(stored.body.data).toMatchObject({
      default_page_size: 'A4',
      default_currency: 'EUR',
      default_locale: 'en-IE',
      address: { country: 'IE' },
    });
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test('its new invoice starts at 23 %, and a German customer with a VAT ID is offered the reverse charge', async () => {
    await click(page(), 'Documents', 'link');
    await click(page(), 'New invoice');
    await choose(page(), 'Business profile', 'Brennan Consulting Ltd');
    await page().waitForFunction(
      () => (document.querySelector('td.rate input') as unknown as { value: string } | null)?.value === '23',
      { timeout: 20_000 },
    );
    await choose(page(), 'Customer', 'Schmidt Maschinenbau');
    await typeInto(page(), 'Description', 'Strategy workshop');
    await typeInto(page(), 'Unit price', '1200');
    await click(page(), 'Reverse charge (Art. 196 VAT Directive)');
    expect(await fieldValue('Tax rate', 'textbox')).toBe('0');
    expect(await fieldValue('VAT category at 0 %', 'combobox')).toBe('AE');
    expect(await fieldValue('Legal basis', 'textbox')).toBe('Reverse charge, Article 196 VAT Directive');
    await click(page(), 'Save');
    await waitForText(page(), 'Strategy workshop');
    const docs = await server.json('/api/v1/documents?limit=10', { key: account.apiKey });
    const saved = docs.body.data.find((entry: { customer_id: string }) => entry.customer_id === customerId);
    const doc = await server.json(`/api/v1/documents/${saved.id}`, { key: account.apiKey });
    expect(doc.body.data.data.line_items[0].taxes).toEqual([
      {
        name: 'VAT',
        rate: '0',
        category: 'AE',
        exemption_reason: 'Reverse charge, Article 196 VAT Directive',
      },
    ]);
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test('the payment form offers the early payment discount, in English', async () => {
    const doc = await makeDocument(
      server,
      account,
      { profileId, customerId },
      { payment: { early_payment_discounts: [{ days: 14, percent: '2' }] } },
      ['finalize'],
    );
    await page().goto(`${server.url}/#/documents/${doc.id}`);
    await waitForText(page(), 'With early payment discount: 2 %');
    expect(await bodyText()).not.toContain('Skonto');
  }, 60_000);
});
