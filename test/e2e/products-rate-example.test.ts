// The product form's tax-rate hint gives the seller's own standard rate as its example: an Irish firm's
// "e.g. 23", a German one's "z. B. 19" (it said 19 whatever the country), as the new product's rate does.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeAccount, makeBusinessProfile } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let browser: Watched;

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  const account = await makeAccount(server, { name: 'Brennan Consulting' });
  await makeBusinessProfile(server, account, {
    legal_name: 'Brennan Consulting Ltd',
    address: { line1: '12 Merrion Square', city: 'Dublin', country: 'IE' },
  });
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

test("an Irish firm's new product: 23 % and the hint's example is 23, not Germany's 19", async () => {
  const page = browser.page;
  await page.goto(`${server.url}/#/products/new`);
  await waitForText(page, 'Percent, e.g. 23');
  const rate = await byName(page, 'Tax rate', 'textbox');
  expect(await rate.evaluate((field) => (field as unknown as { value: string }).value)).toBe('23');
  expect(await page.evaluate(() => document.body.innerText)).not.toContain('e.g. 19');
  expect(browser.problems).toEqual([]);
}, 60_000);
