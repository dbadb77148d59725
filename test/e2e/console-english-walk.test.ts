// An Irish consultancy's week in the English console (browser in en-IE): dates read the Irish way, the forms'
// hints give English examples, not German words, and the dunning policy it has not saved yet starts from the
// service's English letters rather than German ones.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DEFAULT_LEVELS_EN } from '../../src/modules/dunning/policy';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let profileId: string;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Brennan Consulting' });
  const parties = await makeParties(server, account);
  profileId = parties.profileId;
  await makeDocument(server, account, parties, { issue_date: '2026-03-09' });
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

describe('console in English for an Irish firm', () => {
  test('dates are written the Irish way (9 Mar 2026), not the American one (Mar 9, 2026)', async () => {
    await click(page(), 'Documents', 'link');
    await waitForText(page(), '9 Mar 2026');
    expect(await bodyText()).not.toContain('Mar 9, 2026');
  }, 60_000);

  test('the dunning policy not saved yet shows the English letters, and says what saving changes', async () => {
    await click(page(), 'Settings', 'link');
    const subject = await byName(page(), 'Subject (level 1)', 'textbox');
    expect(await subject.evaluate((input) => (input as unknown as { value: string }).value)).toBe(
      DEFAULT_LEVELS_EN[0]?.subject ?? '',
    );
    const letter = await byName(page(), 'Letter text (level 3)', 'textbox');
    expect(await letter.evaluate((input) => (input as unknown as { value: string }).value)).toBe(
      DEFAULT_LEVELS_EN[2]?.message ?? '',
    );
    const text = await bodyText();
    expect(text).not.toContain('Zahlungserinnerung');
    expect(text).not.toContain('Mahnung');
    expect(text).toContain('Once you save, your words are used for every invoice.');
  }, 60_000);

  test('the forms give English examples: no Steuernummer, Buchhaltung, Sitz der Gesellschaft or Skonto', async () => {
    await click(page(), 'Business profiles', 'link');
    await click(page(), 'New business profile');
    await byName(page(), 'Legal name', 'textbox');
    let text = await bodyText();
    for (const german of [
      'Steuernummer,',
      'Buchhaltung',
      'Frau Weber',
      'Sitz der Gesellschaft',
      '„',
      '“Kleinunternehmer',
    ])
      expect(text).not.toContain(german);
    await click(page(), 'Customers', 'link');
    await click(page(), 'New customer');
    await byName(page(), 'Contact person', 'textbox');
    expect(await bodyText()).not.toContain('Frau Weber');
    await click(page(), 'Documents', 'link');
    await click(page(), 'New invoice');
    await byName(page(), 'Early payment discount: days', 'textbox');
    await typeInto(page(), 'Tax rate', '0');
    await choose(page(), 'VAT category at 0 %', 'Reverse charge');
    await byName(page(), 'Legal basis', 'textbox');
    text = await bodyText();
    expect(text).not.toContain('Skonto');
    expect(text).not.toContain('gemäß');
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test('a firm whose invoices are German keeps the German letters in the English console (saving them is for every invoice)', async () => {
    const patched = await server.json(`/api/v1/business-profiles/${profileId}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { default_locale: 'de-DE' },
    });
    expect(patched.status).toBe(200);
    // The invoice left unsaved above: leaving it is confirmed.
    page().on('dialog', (dialog) => dialog.accept());
    await page().goto(`${server.url}/#/settings`);
    await waitForText(page(), 'Dunning policy');
    const subject = await byName(page(), 'Subject (level 1)', 'textbox');
    expect(await subject.evaluate((input) => (input as unknown as { value: string }).value)).toBe(
      'Zahlungserinnerung {number}',
    );
  }, 60_000);
});
