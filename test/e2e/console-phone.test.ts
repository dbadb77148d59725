// The console on a phone (390 x 844, touch) in German, as a small firm without a developer uses it: the
// sections fold under one "Menü" button instead of filling half the screen, the editor's quantity is a
// field a finger can type into, lists and a document's lines fit the screen (the amount read without
// scrolling sideways), and a country typed as a word is answered in words.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Dialog } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let invoiceId = '';

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  return res.body.data;
};
const page = () => browser.page;
/** SCREENSHOT_DIR=/tmp keeps a picture of the screen. */
const shot = async (name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: `${dir}/phone-${name}.png` as `${string}.png`, fullPage: true });
};
/**
 * How many pixels the page is wider than the phone's 390 (0: no sideways scrolling). Not the window's
 * innerWidth: a mobile browser widens its layout viewport to a page too wide and zooms out.
 */
const overflow = () => page().evaluate(() => document.documentElement.scrollWidth - 390);

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
  const profileId = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Tischlerei Holz GmbH',
      email: 'info@tischlerei-holz.example',
      tax_id: 'DE123456789',
      address: { line1: 'Hobelweg 3', postal_code: '04109', city: 'Leipzig', country: 'DE' },
      bank_account: { account_holder: 'Tischlerei Holz GmbH', iban: 'DE89370400440532013000' },
    })
  ).id;
  const customerId = (
    await api('POST', '/api/v1/customers', {
      name: 'Bäckerei Müller & Söhne',
      email: 'buchhaltung@baeckerei-mueller-und-soehne.example',
      billing_address: { line1: 'Brotgasse 12', postal_code: '04103', city: 'Leipzig', country: 'DE' },
    })
  ).id;
  await api('POST', '/api/v1/products', {
    name: 'Eichenholz-Arbeitsplatte 2,40 m, geölt, mit Kantenschutz',
    unit_price: '1249.00',
    currency: 'EUR',
    unit_code: 'C62',
    tax_rate: '19',
    tax_category: 'S',
  });
  const invoice = await api('POST', '/api/v1/documents', {
    number: 'RE-2026-0001',
    issue_date: '2026-11-20',
    business_profile_id: profileId,
    customer_id: customerId,
    currency: 'EUR',
    line_items: [
      {
        name: 'Ladentheke aus Eiche, Maßanfertigung',
        quantity: '1',
        unit_price: '3480.00',
        taxes: [{ rate: '19' }],
      },
      {
        name: 'Arbeitsstunde Tischlermeister',
        quantity: '12.5',
        unit_code: 'HUR',
        unit_price: '68.50',
        taxes: [{ rate: '19' }],
      },
    ],
  });
  invoiceId = invoice.id;
  browser = await openBrowser(server.url, 'de-DE');
  await page().setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await page().goto(`${server.url}/`);
  await typeInto(page(), 'API-Schlüssel', account.apiKey);
  await click(page(), 'Anmelden');
  await waitForText(page(), 'Tischlerei Holz');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('the console on a phone, in German', () => {
  test('the sections fold under one "Menü" button: the screen starts near the top, a tap opens and a link closes it', async () => {
    await open('documents');
    await shot('documents');
    const menu = await byName(page(), 'Menü: Dokumente', 'button');
    expect(await menu.evaluate((button) => button.getAttribute('aria-expanded'))).toBe('false');
    // The heading of the screen is in the first third of the screen, not under thirteen links.
    const top = await page().evaluate(
      () => document.querySelector('main h1')?.getBoundingClientRect().top ?? 0,
    );
    expect(top).toBeLessThan(844 / 3);
    const shownLinks = () =>
      page().evaluate(
        () =>
          [...document.querySelectorAll('.topbar nav a')].filter((a) => a.getClientRects().length > 0).length,
      );
    expect(await shownLinks()).toBe(0);
    await menu.tap();
    await page().waitForFunction(
      () => document.querySelector('.menu-toggle')?.getAttribute('aria-expanded') === 'true',
    );
    expect(await shownLinks()).toBeGreaterThan(10);
    await shot('menu-open');
    // Each link a finger's height.
    const heights = await page().evaluate(() =>
      [...document.querySelectorAll('.topbar nav a')].map((a) => a.getBoundingClientRect().height),
    );
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(40);
    await (await byName(page(), 'Kunden', 'link')).tap();
    await page().waitForFunction(() => location.hash === '#/customers');
    await byName(page(), 'Menü: Kunden', 'button');
    expect(await shownLinks()).toBe(0);
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test("the editor's quantity is a field as wide as the others, not a sliver", async () => {
    await open('documents/new/invoice');
    const quantity = await byName(page(), 'Menge', 'textbox');
    const width = await quantity.evaluate((input) => input.getBoundingClientRect().width);
    const description = await byName(page(), 'Beschreibung', 'textbox');
    const full = await description.evaluate((input) => input.getBoundingClientRect().width);
    await shot('editor');
    expect(width).toBeGreaterThan(full * 0.9);
    await quantity.tap();
    await typeInto(page(), 'Menge', '2,5');
    expect(await quantity.evaluate((input) => input.value)).toBe('2,5');
    expect(await overflow()).toBeLessThanOrEqual(0);
  }, 60_000);

  test('lists with a long e-mail address or article name fit the screen', async () => {
    const wide: string[] = [];
    for (const route of ['customers', 'products', 'business-profiles', 'documents']) {
      await open(route);
      await page().waitForSelector('main table tbody tr');
      await shot(route);
      const more = await overflow();
      if (more > 0) wide.push(`#/${route}: ${more}px`);
    }
    expect(wide).toEqual([]);
  }, 60_000);

  test("a document's lines are read without scrolling sideways: each amount named and on screen", async () => {
    await open(`documents/${invoiceId}`);
    await waitForText(page(), 'Ladentheke aus Eiche');
    await shot('invoice');
    const amounts = await page().evaluate(() =>
      [...document.querySelectorAll('table.lines-view tbody tr')].map((row) => {
        const cell = row.querySelector('td:last-child') as HTMLElement;
        // The name drawn before the amount (the column head is hidden on a phone), then the amount.
        const label = getComputedStyle(cell, '::before').content.replace(/^"|"$/g, '');
        const amount = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
        return { text: `${label} ${amount}`, right: cell.getBoundingClientRect().right };
      }),
    );
    expect(amounts.map((amount) => amount.text)).toEqual(['Betrag 3.480,00 €', 'Betrag 856,25 €']);
    for (const amount of amounts) expect(amount.right).toBeLessThanOrEqual(390);
    expect(await overflow()).toBeLessThanOrEqual(0);
  }, 60_000);

  test('a country typed as a word ("Deutschland") is answered in German words under the field, not a pattern', async () => {
    await open('customers/new');
    await typeInto(page(), 'Name', 'Stadtverwaltung Markkleeberg');
    await typeInto(page(), 'Adresszeile 1', 'Rathausplatz 1');
    await typeInto(page(), 'Postleitzahl', '04416');
    await typeInto(page(), 'Ort', 'Markkleeberg');
    await typeInto(page(), 'Land', 'Deutschland');
    await click(page(), 'Speichern');
    await waitForText(
      page(),
      'Geben Sie das Länderkürzel mit zwei Buchstaben ein, z. B. DE für Deutschland.',
    );
    await shot('country');
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    expect(await page().evaluate(() => document.body.innerText)).not.toContain('Expected string');
    await typeInto(page(), 'Land', 'DE');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => location.hash === '#/customers');
  }, 60_000);
});
