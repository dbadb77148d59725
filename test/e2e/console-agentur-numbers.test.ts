// A web agency moved its invoice history from Invoice Ninja and lexoffice: the documents CSV lists it newest
// first, as those tools export it. The German console's next invoice continues this year's numbers
// (RE-…-0148 after RE-…-0147), not the series of the row imported last (last year's first invoice).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeAccount, makeBusinessProfile, makeCustomer } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, choose, click, openBrowser, signInGerman, type Watched, waitForText } from './browser';

let server: TestServer;
let browser: Watched | undefined;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const YEAR = String(new Date().getFullYear());
const LAST_YEAR = String(Number(YEAR) - 1);

test('after a history imported newest first, a new invoice is offered the number after this year’s last', async () => {
  const account = await makeAccount(server, { name: 'Agentur Nord' });
  const biz = await makeBusinessProfile(server, account, { legal_name: 'Agentur Nord GmbH' });
  const weber = await makeCustomer(server, account, { name: 'Weber KG' });
  const head =
    'number;issue_date;currency;business_profile_id;customer_id;line.name;line.quantity;line.unit_price;line.tax_rate';
  const history = [
    [`RE-${YEAR}-0147`, `15.06.${YEAR}`],
    [`RE-${YEAR}-0146`, `10.06.${YEAR}`],
    [`RE-${YEAR}-0001`, `03.01.${YEAR}`],
    [`RE-${LAST_YEAR}-0212`, `20.12.${LAST_YEAR}`],
    [`RE-${LAST_YEAR}-0002`, `06.01.${LAST_YEAR}`],
    [`RE-${LAST_YEAR}-0001`, `05.01.${LAST_YEAR}`],
  ].map(([number, date]) => `${number};${date};EUR;${biz.id};${weber.id};Webdesign;10;95,00;19`);
  const created = await server.json('/api/v1/imports', {
    method: 'POST',
    key: account.apiKey,
    body: { source_format: 'csv', resource: 'documents', data: [head, ...history] },
  });
  expect(created.body.data.errors).toBeNull();
  const done = await server.json(`/api/v1/imports/${created.body.data.id}/confirm`, {
    method: 'POST',
    key: account.apiKey,
  });
  expect(done.body.data.status).toBe('completed');

  browser = await openBrowser(server.url, 'de-DE');
  const page = browser.page;
  await signInGerman(page, server.url, account.apiKey, 'Agentur Nord');
  await page.goto(`${server.url}/#/documents/new/invoice`);
  await waitForText(page, 'Neue Rechnung');
  const field = await byName(page, 'Nummer', 'textbox');
  await page.waitForFunction((el) => (el as { value: string }).value !== '', {}, field);
  expect(await field.evaluate((el) => (el as { value: string }).value)).toBe(`RE-${YEAR}-0148`);

  // The import screen says what imported documents are, before the history is confirmed.
  await click(page, 'Stapel und Importe', 'link');
  await choose(page, 'Was importieren', 'Dokumente');
  await waitForText(page, 'Importierte Dokumente sind Entwürfe: Berichte und DATEV-Export zählen sie erst');
}, 120_000);
