// Payments on a received invoice in the console, in a real browser (issue 28 §6, "payments on received
// invoices"): recorded with date, amount, method and reference, listed, settling it, deleted; English and German.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

// The official example with the payment reference (BT-83) its seller asks the payer to quote.
const CODE = '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>';
const UBL = readFileSync(
  join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'),
  'utf8',
).replace(CODE, `${CODE}<cbc:PaymentID>RF18 5390 0754 7034</cbc:PaymentID>`);

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let receivedId: string;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Werkstatt Nord' });
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: UBL,
  });
  if (res.status !== 201) throw new Error(`receive: ${res.status}`);
  receivedId = ((await res.json()) as { data: { id: string } }).data.id;
  browser = await openBrowser(server.url);
  // Deleting a payment asks for a confirmation: accepted, as a person sure of the step would.
  browser.page.on('dialog', (dialog) => dialog.accept());
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, 'API key', account.apiKey);
  await click(browser.page, 'Sign in');
  await waitForText(browser.page, 'Werkstatt Nord');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;
const api = async (path: string) => await server.json(path, { key: account.apiKey });

describe('console: payments on a received invoice', () => {
  test('a partial payment is recorded and listed, a second settles it, deleting one moves it back', async () => {
    await page().goto(`${server.url}/#/received/${receivedId}`);
    await byName(page(), 'Payments', 'heading');
    // Where to pay names the reference to quote with the transfer.
    await waitForText(page(), 'Payment reference');
    await waitForText(page(), 'RF18 5390 0754 7034');
    if (process.env.SHOT) await page().screenshot({ path: `${process.env.SHOT}-en.png`, fullPage: true });
    await typeInto(page(), 'Payment date', '11202026'); // as typed into Chromium's en-US date field
    await typeInto(page(), 'Amount', '100.00');
    await choose(page(), 'Method', 'Cash');
    await typeInto(page(), 'Reference', 'Kasse 12');
    await click(page(), 'Record payment');
    await waitForText(page(), 'Payment recorded.');
    await waitForText(page(), 'Kasse 12');
    let payments = await api(`/api/v1/received-documents/${receivedId}/payments`);
    expect(payments.body.data).toHaveLength(1);
    expect(payments.body.data[0]).toMatchObject({
      amount: '100.00',
      date: '2026-11-20',
      method: 'cash',
      reference: 'Kasse 12',
    });
    expect((await api(`/api/v1/received-documents/${receivedId}`)).body.data).toMatchObject({
      payment_status: 'partially_paid',
      amount_due: '236.90',
    });

    await typeInto(page(), 'Payment date', '11252026');
    await typeInto(page(), 'Reference', 'SEPA 99');
    await typeInto(page(), 'Amount', '236.90');
    await click(page(), 'Record payment');
    await waitForText(page(), 'SEPA 99');
    const settled = (await api(`/api/v1/received-documents/${receivedId}`)).body.data;
    expect(settled).toMatchObject({ status: 'paid', payment_status: 'paid', amount_due: '0.00' });

    await click(page(), 'Delete payment of Nov 20, 2026');
    await page().waitForFunction(() => !document.body.textContent.includes('Kasse 12'), { timeout: 10_000 });
    payments = await api(`/api/v1/received-documents/${receivedId}/payments`);
    expect(payments.body.data.map((p: { reference: string }) => p.reference)).toEqual(['SEPA 99']);
    expect((await api(`/api/v1/received-documents/${receivedId}`)).body.data.payment_status).toBe(
      'partially_paid',
    );
  }, 60_000);

  test('in German: the same controls by their German names', async () => {
    await page().evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
    await page().goto(`${server.url}/#/received/${receivedId}`);
    await page().reload();
    await byName(page(), 'Zahlungen', 'heading');
    await byName(page(), 'Zahlung erfassen', 'button');
    await byName(page(), 'Zahlungsdatum', 'textbox');
    await byName(page(), 'Betrag', 'textbox');
    await byName(page(), 'Zahlungsart', 'combobox');
    await byName(page(), 'Zahlung vom 25.11.2026 löschen', 'button');
    await waitForText(page(), 'Noch offen');
    await waitForText(page(), 'Verwendungszweck');
    if (process.env.SHOT) await page().screenshot({ path: `${process.env.SHOT}-de.png`, fullPage: true });
    expect(browser.problems).toEqual([]);
    expect(browser.foreign).toEqual([]);
  }, 60_000);
});

describe('console: what a received file states beyond the data', () => {
  test('a second account to pay to is shown under "Not taken into the data", in English and German', async () => {
    const twoAccounts = UBL.replace(
      '<cac:PaymentMeans>',
      '<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans><cac:PaymentMeans>',
    ).replace('<cbc:ID>', '<cbc:ID>2-');
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: twoAccounts,
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    // Said in the console's language from the note's code and params (docs/receiving.md).
    for (const [language, heading, note] of [
      ['en', 'Not taken into the data', 'also stated: DE79000000001234567890'],
      ['de', 'Nicht in die Daten übernommen', 'außerdem angegeben: DE79000000001234567890'],
    ] as const) {
      await page().evaluate((l) => localStorage.setItem('invoice-console.language', l), language);
      await page().goto(`${server.url}/#/received/${id}`);
      await page().reload();
      await byName(page(), heading, 'heading');
      await waitForText(page(), note);
    }
    expect(browser.problems).toEqual([]);
    expect(browser.foreign).toEqual([]);
  }, 60_000);
});
