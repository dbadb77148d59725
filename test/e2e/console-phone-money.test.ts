// The console on a phone (390 x 844, touch) in German, part 2: the money side as a small firm without a
// developer uses it. The documents list reads each document as one block (status and total on screen, not
// behind a sideways scroll), a step taken is said as what the document now is ("Als versendet markiert."),
// the API keys and a received invoice's lines fit the screen, and a received invoice in a foreign currency
// takes the rate to the euro the books use, typed with a German decimal comma.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Dialog } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const ids: Record<string, string> = {};
const samples = 'receiving-corpus/samples/cen-tc434/test/testfiles';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const receive = async (file: string) => {
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: readFileSync(sharedPath(`${samples}/${file}`)),
  });
  if (res.status !== 201) throw new Error(`receive ${file}: ${res.status}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
};
const page = () => browser.page;
/** SCREENSHOT_DIR=/tmp keeps a picture of the screen. */
const shot = async (name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: `${dir}/phone2-${name}.png` as `${string}.png`, fullPage: true });
};
/** How many pixels the page is wider than the phone's 390 (0: no sideways scrolling). */
const overflow = () => page().evaluate(() => document.documentElement.scrollWidth - 390);
// biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
const shown = () => page().evaluate(() => document.body.innerText);

/** A fresh load of a screen; what a test left unsaved is let go (its beforeunload question accepted). */
async function open(route: string) {
  const letGo = (dialog: Dialog) => dialog.type() === 'beforeunload' && dialog.accept();
  page().on('dialog', letGo);
  await page().goto('about:blank');
  page().off('dialog', letGo);
  await page().goto(`${server.url}/#/${route}`);
  await page().waitForSelector('main h1', { timeout: 20_000 });
  await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
}

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Tischlerei Holz' });
  const profile = await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Tischlerei Holz GmbH',
    email: 'info@tischlerei-holz.example',
    tax_id: 'DE123456789',
    address: { line1: 'Hobelweg 3', postal_code: '04109', city: 'Leipzig', country: 'DE' },
    bank_account: { account_holder: 'Tischlerei Holz GmbH', iban: 'DE89370400440532013000' },
  });
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Bäckerei Müller & Söhne',
    email: 'buchhaltung@baeckerei-mueller-und-soehne.example',
    billing_address: { line1: 'Brotgasse 12', postal_code: '04103', city: 'Leipzig', country: 'DE' },
  });
  for (const [key, number, issued, due] of [
    ['overdue', 'RE-2026-0001', daysAgo(45), daysAgo(30)],
    ['current', 'RE-2026-0002', daysAgo(2), daysAgo(-28)],
  ] as const) {
    const document = await api('POST', '/api/v1/documents', {
      number,
      issue_date: issued,
      due_date: due,
      business_profile_id: profile.id,
      customer_id: customer.id,
      currency: 'EUR',
      line_items: [
        { name: 'Ladentheke aus Eiche', quantity: '1', unit_price: '3480.00', taxes: [{ rate: '19' }] },
        {
          name: 'Arbeitsstunde Tischlermeister',
          quantity: '12.5',
          unit_code: 'HUR',
          unit_price: '68.50',
          taxes: [{ rate: '19' }],
        },
      ],
    });
    ids[key] = document.id;
    await api('POST', `/api/v1/documents/${document.id}/finalize`);
  }
  // A Swedish telephone bill in SEK stating no rate to the euro; one stating its own (BT-6 EUR).
  ids.sek = await receive('BIS_Billing_30-Telefoni.xml');
  ids.stated = await receive('Invoice-Max_content.xml');
  browser = await openBrowser(server.url, 'de-DE');
  await page().setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await page().goto(`${server.url}/`);
  await typeInto(page(), 'API-Schlüssel', account.apiKey);
  await click(page(), 'Anmelden');
  await waitForText(page(), 'Tischlerei Holz');
}, 90_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('the console on a phone, in German: money', () => {
  test("the documents list shows each document's status and total on the screen, the dates named", async () => {
    await open('documents');
    await page().waitForSelector('table.documents-list tbody tr');
    await shot('documents');
    const rows = await page().evaluate(() =>
      [...document.querySelectorAll('table.documents-list tbody tr')].map((row) => {
        const right = (selector: string) => row.querySelector(selector)?.getBoundingClientRect().right ?? 999;
        return {
          text: (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
          // The name drawn before each date (the column heads are hidden on a phone).
          dates: [...row.querySelectorAll('td[data-label]')].map(
            (cell) => getComputedStyle(cell, '::before').content,
          ),
          status: right('.badge'),
          total: right('td.num'),
        };
      }),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBeLessThanOrEqual(390);
      expect(row.total).toBeLessThanOrEqual(390);
      expect(row.text).toContain('5.160,14 €');
      expect(row.dates).toEqual(['"Datum: "', '"Fällig: "']);
    }
    expect(rows.map((row) => row.text).join(' | ')).toContain('Tage überfällig');
    // Nothing left to scroll sideways in the list's own box either.
    const hidden = await page().evaluate(() => {
      const box = document.querySelector('.table-scroll') as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(hidden).toBeLessThanOrEqual(0);
  }, 60_000);

  test('a step taken is said as what the document now is; the PDF note points to the template field below', async () => {
    await open(`documents/${ids.current}`);
    await waitForText(page(), 'Ladentheke aus Eiche');
    expect(await shown()).toContain('PDFs werden mit der unter „Vorlage“ gewählten Vorlage erzeugt.');
    await (await byName(page(), 'Als versendet markieren', 'button')).tap();
    await waitForText(page(), 'Als versendet markiert.');
    await shot('marked-sent');
    expect(await shown()).not.toContain('erledigt');
  }, 60_000);

  test('after a partial payment the amount offered is what is still due; after a deletion too', async () => {
    await open(`documents/${ids.overdue}`);
    await waitForText(page(), 'Zahlungen');
    const amount = async () => (await byName(page(), 'Betrag', 'textbox')).evaluate((input) => input.value);
    /** Waits until the amount field offers `value` (it follows the amount due once the page reloaded it). */
    const offered = (value: string) =>
      page().waitForFunction(
        (wanted: string) =>
          (
            document.querySelector('form[aria-label="Zahlung erfassen"] input[inputmode=decimal]') as {
              value?: string;
            } | null
          )?.value === wanted,
        {},
        value,
      );
    expect(await amount()).toBe('5160,14');
    await typeInto(page(), 'Betrag', '1.000,00');
    await (await byName(page(), 'Zahlung erfassen', 'button')).tap();
    await waitForText(page(), 'Zahlung erfasst.');
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    await page().waitForFunction(() =>
      document.body.innerText.replace(/\s+/g, ' ').includes('Noch offen 4.160,14 €'),
    );
    await shot('partial-payment');
    // Not the 1.000,00 just recorded, which a second tap would record again.
    await offered('4160,14');
    page().once('dialog', (dialog) => dialog.accept());
    const drop = await page().waitForSelector(
      'table.payments-list button.danger, table.payments-list button',
    );
    await drop?.tap();
    await offered('5160,14');
    expect(await amount()).toBe('5160,14');
  }, 60_000);

  test('the settings page fits the phone: each API key a block with its buttons on screen', async () => {
    await open('settings');
    await waitForText(page(), 'API-Schlüssel');
    await shot('settings');
    expect(await overflow()).toBeLessThanOrEqual(0);
    const buttons = await page().evaluate(() =>
      [...document.querySelectorAll('table.keys-list button')].map((button) => ({
        text: button.textContent,
        right: button.getBoundingClientRect().right,
      })),
    );
    expect(buttons.map((button) => button.text)).toEqual(['Erneuern', 'Widerrufen']);
    for (const button of buttons) expect(button.right).toBeLessThanOrEqual(390);
  }, 60_000);

  test("the received list shows each invoice's status and amount due on the screen", async () => {
    await open('received');
    await page().waitForSelector('table.received-list tbody tr');
    await shot('received-list');
    const rows = await page().evaluate(() =>
      [...document.querySelectorAll('table.received-list tbody tr')].map((row) => ({
        text: (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        right: Math.max(...[...row.querySelectorAll('td')].map((cell) => cell.getBoundingClientRect().right)),
      })),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.right).toBeLessThanOrEqual(390);
    expect(rows.map((row) => row.text).join(' | ')).toContain('1.039,00 SEK');
    expect(await overflow()).toBeLessThanOrEqual(0);
  }, 60_000);

  test("a received invoice's lines are one block each, every amount named and on screen; one problem said as one", async () => {
    await open(`received/${ids.sek}`);
    await waitForText(page(), 'Positionen');
    await shot('received-lines');
    const cells = await page().evaluate(() =>
      [...document.querySelectorAll('table.lines-view tbody tr')].map((row) => {
        const cell = row.querySelector('td:last-child') as HTMLElement;
        return {
          label: getComputedStyle(cell, '::before').content,
          right: cell.getBoundingClientRect().right,
        };
      }),
    );
    expect(cells.length).toBeGreaterThan(5);
    for (const cell of cells) {
      expect(cell.label).toBe('"Nettobetrag"');
      expect(cell.right).toBeLessThanOrEqual(390);
    }
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await shown()).toContain('1 Problem gefunden.');
  }, 60_000);

  test('a received invoice in SEK stating no rate takes the rate for the books, typed with a decimal comma', async () => {
    await open(`received/${ids.sek}`);
    await waitForText(page(), 'Kurs zum Euro');
    expect(await shown()).toContain('Die Datei nennt keinen Kurs zum Euro.');
    const label = 'Kurs für die Buchhaltung: 1 SEK = … EUR';
    // Zero and what is no number are said at the field, in words.
    for (const typed of ['0', '-0,9', '1e-3']) {
      await typeInto(page(), label, typed);
      await click(page(), 'Kurs speichern');
      await waitForText(page(), 'Geben Sie den Kurs als Zahl über 0 ein, z. B. 0,9213.');
      await shot(`rate-refused-${typed}`);
      const problem = await (await byName(page(), label, 'textbox')).evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
      );
      expect(problem).toBe('Geben Sie den Kurs als Zahl über 0 ein, z. B. 0,9213.');
      expect((await api('GET', `/api/v1/received-documents/${ids.sek}`)).exchange_rate).toBeNull();
    }
    await typeInto(page(), label, '0,0876');
    await click(page(), 'Kurs speichern');
    await waitForText(page(), 'Die Buchhaltung rechnet mit 1 SEK = 0,0876 EUR.');
    await shot('rate-set');
    expect((await api('GET', `/api/v1/received-documents/${ids.sek}`)).exchange_rate).toBe('0.0876');
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Changed, then taken back.
    await click(page(), 'Kurs ändern');
    expect(await (await byName(page(), label, 'textbox')).evaluate((input) => input.value)).toBe('0,0876');
    await click(page(), 'Kurs entfernen');
    await waitForText(page(), 'Die Datei nennt keinen Kurs zum Euro.');
    expect((await api('GET', `/api/v1/received-documents/${ids.sek}`)).exchange_rate).toBeNull();
  }, 90_000);

  test('a file stating its own rate shows it and offers no change (the books keep the one of the file)', async () => {
    await open(`received/${ids.stated}`);
    const doc = await api('GET', `/api/v1/received-documents/${ids.stated}`);
    const rate = doc.exchange_rate as string;
    expect([rate === null, doc.exchange_rate_source]).toEqual([false, 'file']);
    await waitForText(page(), `Die Buchhaltung rechnet mit 1 SEK = ${rate.replace('.', ',')} EUR.`);
    await shot('rate-stated');
    expect(await page().evaluate(() => document.body.innerText.includes('Kurs ändern'))).toBe(false);
    expect(browser.problems.filter((problem) => !problem.includes('422'))).toEqual([]);
  }, 60_000);
});
