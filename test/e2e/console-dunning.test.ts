// Getting paid in the console, in a real browser: the overdue filter and the due-date column of the document
// list, "Record payment" with a partial payment listed and deleted, "Send reminder" on an overdue invoice,
// and the dunning policy in Settings, in English and German, found by accessible names.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
let browser: Watched;
let overdue: { id: string; number: string };
let current: { id: string; number: string };
/** What each confirmation asked; the next one is dismissed while `dismissNext` is set. */
const asked: string[] = [];
let dismissNext = false;
/** Where to keep screenshots for a person to look at (unset: none are taken). */
const SHOTS = process.env.SCREENSHOT_DIR;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'billing@werkstatt.example' }) });
  account = await makeAccount(server, { name: 'Werkstatt Süd' });
  const parties = await makeParties(server, account);
  overdue = await makeDocument(server, account, parties, { issue_date: daysAgo(45), due_date: daysAgo(30) }, [
    'finalize',
    'mark-sent',
  ]);
  current = await makeDocument(server, account, parties, { issue_date: daysAgo(1), due_date: daysAgo(-30) }, [
    'finalize',
  ]);
  browser = await openBrowser(server.url);
  // Deleting a payment and sending a reminder ask for a confirmation: accepted, as a person sure of the step
  // would, unless a test dismisses the next one.
  browser.page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    if (dismissNext) {
      dismissNext = false;
      return dialog.dismiss();
    }
    return dialog.accept();
  });
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, 'API key', account.apiKey);
  await click(browser.page, 'Sign in');
  await waitForText(browser.page, 'Werkstatt Süd');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

const page = () => browser.page;
async function shot(name: string, width = 1280) {
  if (!SHOTS) return;
  await page().setViewport({ width, height: 900 });
  await page().screenshot({ path: join(SHOTS, `${name}.png`) as `${string}.png`, fullPage: true });
  await page().setViewport({ width: 1280, height: 900 });
}
const key = () => ({ key: account.apiKey });
/**
 * Clicks the button and returns what its confirmation asked: the browser reports the dialog after the
 * click has returned, so the question is waited for, not read at once (it read the one before).
 */
async function clickAsked(name: string): Promise<string | undefined> {
  const before = asked.length;
  await click(page(), name);
  for (let waited = 0; asked.length === before; waited += 50) {
    if (waited > 10_000) throw new Error(`${name} asked nothing`);
    await Bun.sleep(50);
  }
  return asked.at(-1);
}
const listed = () =>
  page().$$eval('table.list tbody a', (links) => links.map((link) => link.textContent?.trim() ?? ''));

describe('console: payments, reminders and the dunning policy', () => {
  test('the document list has a due-date column and an overdue filter', async () => {
    await click(page(), 'Documents', 'link');
    await byName(page(), 'Due', 'columnheader');
    await page().waitForFunction((n: string) => document.body.textContent.includes(n), {}, current.number);
    expect(await listed()).toContain(current.number);
    await click(page(), 'Overdue only', 'checkbox');
    await page().waitForFunction(
      (n: string) => !document.body.textContent.includes(n),
      { timeout: 10_000 },
      current.number,
    );
    expect(await listed()).toEqual([overdue.number]);
    await waitForText(page(), '30 days overdue');
  }, 60_000);

  test('"Record payment" records a partial payment, lists it, and deletes it', async () => {
    await click(page(), overdue.number, 'link');
    await byName(page(), 'Record payment', 'button');
    await typeInto(page(), 'Amount', '37.88');
    await typeInto(page(), 'Reference', 'Überweisung 4711');
    await click(page(), 'Record payment');
    await waitForText(page(), 'Payment recorded.');
    let payments = await server.json(`/api/v1/documents/${overdue.id}/payments`, key());
    expect(payments.body.data).toHaveLength(1);
    expect(payments.body.data[0]).toMatchObject({
      amount: '37.88',
      method: 'bank_transfer',
      reference: 'Überweisung 4711',
    });
    const doc = await server.json(`/api/v1/documents/${overdue.id}`, key());
    expect(doc.body.data).toMatchObject({
      payment_status: 'partially_paid',
      amount_due: '200.00',
      status: 'sent',
    });
    await waitForText(page(), 'Überweisung 4711');

    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${payments.body.data[0].date}T00:00:00Z`),
    );
    await click(page(), `Delete payment of ${date}`);
    await page().waitForFunction(() => !document.body.textContent.includes('Überweisung 4711'), {
      timeout: 10_000,
    });
    payments = await server.json(`/api/v1/documents/${overdue.id}/payments`, key());
    expect(payments.body.data).toEqual([]);
  }, 60_000);

  test('"Send reminder" names the next letter, asks first, sends level 1 and lists it by its name', async () => {
    // The policy's first level (docs/dunning.md defaults), in the language the service writes this invoice's
    // letters in: its seller names no language, so English ("Payment reminder {number}"), no fee.
    await byName(page(), 'Send Payment reminder', 'button');
    await waitForText(page(), 'No fee for this letter.');
    // Dismissed: nothing is sent.
    dismissNext = true;
    expect(await clickAsked('Send Payment reminder')).toBe('Send Payment reminder to ap@acme.example?');
    let reminders = await server.json(`/api/v1/documents/${overdue.id}/reminders`, key());
    expect(reminders.body.data).toEqual([]);
    await click(page(), 'Send Payment reminder');
    await waitForText(page(), 'Payment reminder queued for sending.', 30_000);
    reminders = await server.json(`/api/v1/documents/${overdue.id}/reminders`, key());
    expect(reminders.body.data).toHaveLength(1);
    expect(reminders.body.data[0]).toMatchObject({ level: 1, amount_due: '237.88' });
    const sentList = await byName(page(), 'Reminders sent', 'list');
    await page().waitForFunction(
      (list: Element) => /^Payment reminder · /.test(list.textContent?.trim() ?? ''),
      { timeout: 10_000 },
      sentList,
    );
    expect(await sentList.evaluate((list) => list.textContent)).not.toContain('Level 1');
    // The next one is the second level, with its fee beside the button.
    await byName(page(), 'Send Second reminder', 'button');
    await waitForText(page(), 'Fee of this letter: €5.00');
    // An invoice that is not overdue offers no reminder.
    await page().goto(`${server.url}/#/documents/${current.id}`);
    await page().waitForFunction(
      (n: string) => document.querySelector('h1')?.textContent?.includes(n) === true,
      { timeout: 10_000 },
      current.number,
    );
    await byName(page(), 'Record payment', 'button');
    expect(await page().evaluate(() => document.body.textContent.includes('Send reminder'))).toBe(false);
  }, 60_000);

  test('the dunning policy is edited in Settings and saved', async () => {
    await click(page(), 'Settings', 'link');
    await byName(page(), 'Dunning policy', 'heading');
    await click(page(), 'Send reminders automatically', 'checkbox');
    await typeInto(page(), 'Fee (level 2)', '7.50');
    // The English console starts from the English letters (docs/dunning.md); this firm writes German ones.
    await typeInto(page(), 'Subject (level 1)', 'Zahlungserinnerung {number}');
    await typeInto(page(), 'Subject (level 2)', '1. Mahnung {number}');
    await typeInto(page(), 'Subject (level 3)', '2. Mahnung {number}');
    await click(page(), 'Save dunning policy');
    await waitForText(page(), 'Dunning policy saved.');
    const policy = await server.json('/api/v1/dunning-policy', key());
    expect(policy.body.data.enabled).toBe(true);
    expect(policy.body.data.levels.map((l: { fee: string }) => l.fee)).toEqual(['0.00', '7.50', '10.00']);
    // A fee the API refuses shows its problem under the field.
    await typeInto(page(), 'Fee (level 1)', '-1');
    await click(page(), 'Save dunning policy');
    await waitForText(page(), 'Enter a fee of 0 or more, such as 5.00.');
  }, 60_000);

  test('in German: the same controls by their German names; the 1. Mahnung with its fee asked first', async () => {
    await page().evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
    await page().goto(`${server.url}/#/documents/${overdue.id}`);
    await page().reload();
    await byName(page(), 'Zahlung erfassen', 'button');
    // The first letter's e-mail went out through the SMTP server (the delivery job).
    await waitForText(page(), 'Zahlungserinnerung · ');
    await waitForText(page(), 'E-Mail versendet', 30_000);
    await waitForText(page(), 'Gebühr dieses Schreibens: 7,50\u00a0€');
    await shot('reminders-de');
    await shot('reminders-de-390', 390);
    // At 390 px the lines table scrolls in its own box, not the page sideways.
    await page().setViewport({ width: 390, height: 900 });
    await byName(page(), '1. Mahnung senden', 'button');
    const wide = await page().evaluate(() => document.documentElement.scrollWidth);
    await page().setViewport({ width: 1280, height: 900 });
    expect(wide).toBeLessThanOrEqual(390);
    expect(await clickAsked('1. Mahnung senden')).toBe(
      '1. Mahnung mit 7,50\u00a0€ Gebühr an ap@acme.example senden?',
    );
    await waitForText(page(), '1. Mahnung wird versendet.', 30_000);
    const reminders = await server.json(`/api/v1/documents/${overdue.id}/reminders`, key());
    expect(reminders.body.data.map((r: { level: number; fee: string }) => [r.level, r.fee])).toEqual([
      [2, '7.50'],
      [1, '0.00'],
    ]);
    await waitForText(page(), 'Gebühr 7,50\u00a0€');
    await byName(page(), '2. Mahnung senden', 'button');
    await page().goto(`${server.url}/#/documents`);
    await byName(page(), 'Nur überfällige', 'checkbox');
    await byName(page(), 'Fällig', 'columnheader');
    await page().goto(`${server.url}/#/settings`);
    await byName(page(), 'Mahnwesen', 'heading');
    await byName(page(), 'Mahnungen automatisch versenden', 'checkbox');
    expect(browser.problems.filter((p) => !p.includes('422') && !p.includes('409'))).toEqual([]);
    expect(browser.foreign).toEqual([]);
  }, 60_000);
});
