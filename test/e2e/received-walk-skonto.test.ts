// An Irish bookkeeper and a German Steuerberater's assistant pay a supplier's invoice in two parts with its
// Skonto (XRechnung #SKONTO#: 2 % within 7 days of 27 Jun 2016 on 2,594.20, 51.88 off). After 1,000.00 was
// paid, the payment card asks the rest less the discount (1,542.32), not the 2,542.32 the invoice asked
// before anything was paid, and the payment form offers the discount, which settles it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

const SKONTO = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.10a-INVOICE_ubl.xml'));

let server: TestServer;
let account: TestAccount;
let browser: Watched | undefined;

beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

/** A firm of its own for each walk, its copy of the invoice received with 1,000.00 paid. */
async function partlyPaid(): Promise<string> {
  account = await makeAccount(server, { name: 'Bürobedarf Nord' });
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: new Uint8Array(SKONTO),
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  const paid = await server.json(`/api/v1/received-documents/${id}/payments`, {
    method: 'POST',
    key: account.apiKey,
    body: { amount: '1000.00', date: '2016-06-30' },
  });
  expect(paid.status).toBe(201);
  return id;
}

async function signIn(language: string, keyLabel: string, signIn: string) {
  await browser?.browser.close();
  browser = await openBrowser(server.url, language);
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, keyLabel, account.apiKey);
  await click(browser.page, signIn);
  await waitForText(browser.page, 'Bürobedarf Nord');
  return browser.page;
}

describe('console: Skonto on a partly paid received invoice', () => {
  test('in English (Ireland): the rest less the discount, taken with the discount, settles it', async () => {
    const id = await partlyPaid();
    const page = await signIn('en-IE', 'API key', 'Sign in');
    await page.goto(`${server.url}/#/received/${id}`);
    await waitForText(page, 'Pay €1,542.32 by 4 Jul 2016');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('2,542.32');
    await typeInto(page, 'Payment date', '07012016'); // as typed into Chromium's date field (month first, as the other console tests type it)
    await click(
      page,
      'With early payment discount: 2 % (€51.88) deducted, if paid by 4 Jul 2016',
      'checkbox',
    );
    const amount = await byName(page, 'Amount', 'textbox');
    expect(await amount.evaluate((input) => (input as { value: string }).value)).toBe('1542.32');
    await click(page, 'Record payment');
    await waitForText(page, 'Payment recorded.');
    const after = (await server.json(`/api/v1/received-documents/${id}`, { key: account.apiKey })).body.data;
    expect(after).toMatchObject({ status: 'paid', amount_due: '0.00', payment_status: 'paid' });
    // Paid: the card asks no Skonto payment any more.
    await page.reload();
    await waitForText(page, 'Paid');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Pay €');
    expect(browser?.problems).toEqual([]);
  }, 60_000);

  test('auf Deutsch: der Rest abzüglich Skonto', async () => {
    const id = await partlyPaid();
    const page = await signIn('de-DE', 'API-Schlüssel', 'Anmelden');
    await page.goto(`${server.url}/#/received/${id}`);
    await waitForText(page, '1.542,32\u00a0€ zahlen bis 04.07.2016'); // Intl's no-break space before €
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toContain('2.542,32');
    // The input tax to book, with its base, beside the total (it showed only the total and amount due).
    expect(text).toContain('USt 19\u00a0% auf 2.180,00\u00a0€');
    expect(text).toContain('414,20\u00a0€');
    // The seller's notes (BT-22) have a card of their own.
    expect(text).toContain('Hinweise des Verkäufers');
    expect(browser?.problems).toEqual([]);
  }, 60_000);
  test('paid beyond what it asks: the page says by how much it is overpaid, the list marks it', async () => {
    const id = await partlyPaid();
    const more = await server.json(`/api/v1/received-documents/${id}/payments`, {
      method: 'POST',
      key: account.apiKey,
      body: { amount: '2000.00', date: '2016-07-10' },
    });
    expect(more.status).toBe(201);
    const page = await signIn('de-DE', 'API-Schlüssel', 'Anmelden');
    await page.goto(`${server.url}/#/received/${id}`);
    // 2,594.20 asked, 3,000.00 paid: it showed "-405,80 €" like a credit the seller owes.
    await waitForText(page, 'Überzahlt um 405,80\u00a0€');
    await page.goto(`${server.url}/#/received`);
    await page.waitForFunction(
      () => document.querySelector('table.received-list tbody')?.textContent?.includes('Überzahlt'),
      { timeout: 20_000 },
    );
    expect(browser?.problems).toEqual([]);
  }, 60_000);
  test('a credit note: its input tax signed as its total, taken back (not positive under a negative total)', async () => {
    account = await makeAccount(server, { name: 'Bürobedarf Nord' });
    const credit = readFileSync(
      join(OFFICIAL_RULESETS, 'examples/peppol_bis_billing_3/base-creditnote-correction.xml'),
    );
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: new Uint8Array(credit),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const page = await signIn('de-DE', 'API-Schlüssel', 'Anmelden');
    await page.goto(`${server.url}/#/received/${id}`);
    await waitForText(page, 'Gesamt');
    await waitForText(page, 'auf -1.325,00\u00a0€');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('-331,25\u00a0€');
    expect(text).toContain('-1.656,25\u00a0€');
    expect(browser?.problems).toEqual([]);
  }, 60_000);
});
