// The Office page offers "DATEV export for all clients" only where DATEV is in use (docs/office.md): an Irish
// office whose clients have no DATEV numbers was shown a DATEV card it has no use for (the known follow-up
// "the console's DATEV card shows for an Irish office"). Once a client has its DATEV numbers, or for a German
// office, the card is there as before.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { setAccountOffice } from '../../src/modules/accounts';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { makeUser, PASSWORD } from '../users';
import { click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let office: TestAccount;
let client: TestAccount;
let browser: Watched;
const PERSON = { email: 'siobhan@murphy-accountants.example' };

async function profile(account: TestAccount, name: string, country: string) {
  const res = await server.json('/api/v1/business-profiles', {
    method: 'POST',
    key: account.apiKey,
    body: {
      legal_name: name,
      address: { line1: '1 Main Street', city: 'Dublin', postal_code: 'D02 X285', country },
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
}

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  office = await makeAccount(server, { name: 'Murphy Accountants' });
  await setAccountOffice(server.db, office.id, true, new Date().toISOString());
  client = await makeAccount(server, { name: 'Shamrock Software Ltd' });
  await profile(office, 'Murphy Accountants', 'IE');
  await profile(client, 'Shamrock Software Ltd', 'IE');
  await makeUser(server, office.id, { role: 'owner', email: PERSON.email });
  await makeUser(server, client.id, { role: 'admin', email: PERSON.email, password: null });
  browser = await openBrowser(server.url);
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const hasDatevCard = () =>
  browser.page.evaluate(() => document.querySelector('#all-exports-heading') !== null);

test('an Irish office without a DATEV client sees its clients and no DATEV card', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/`);
  await typeInto(page, 'Email', PERSON.email);
  await typeInto(page, 'Password', PASSWORD);
  await click(page, 'Sign in');
  await waitForText(page, 'Murphy Accountants');
  await click(page, 'Office', 'link');
  await waitForText(page, 'Shamrock Software Ltd');
  // The business profiles are read once the page is on screen: give them their answer before looking.
  await page.waitForNetworkIdle({ idleTime: 300 });
  expect(await hasDatevCard()).toBe(false);
});

test('once a client has its DATEV numbers, the card is offered', async () => {
  const put = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: client.apiKey,
    body: { consultant_number: 29098, client_number: 10001 },
  });
  expect(put.status).toBe(200);
  await browser.page.reload();
  await waitForText(browser.page, 'DATEV export for all clients');
  expect(await hasDatevCard()).toBe(true);
});
