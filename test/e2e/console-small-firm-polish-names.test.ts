// The console's names as a German Handwerker GmbH's owner reads them: the channels and the built-in branding
// profile in German (the French platform's proper name kept, explained), and a unit as "Stück", its code
// only where a choice needs it ("Stück (C62)" in a select, never "Stück (Einheit) (C62)").
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const page = () => browser.page;
/** SCREENSHOT_DIR=/tmp keeps a picture of the screen. */
const shot = async (name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir)
    await page().screenshot({ path: `${dir}/polish-names-${name}.png` as `${string}.png`, fullPage: true });
};
// biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
const shown = () => page().evaluate(() => document.body.innerText);
/** How many pixels the page is wider than the window (0: no sideways scrolling). */
const overflow = () => page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function open(route: string) {
  await page().goto('about:blank');
  await page().goto(`${server.url}/#/${route}`);
  await page().waitForSelector('main h1', { timeout: 20_000 });
  await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
}

/** The console in `language` (its own choice, kept in the browser), at `width` pixels. */
async function speak(language: 'de' | 'en', width: number) {
  await page().evaluate((chosen) => localStorage.setItem('invoice-console.language', chosen), language);
  await page().setViewport({ width, height: 900, isMobile: width < 500, hasTouch: width < 500 });
}

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Elektro Schmidt GmbH' });
  await api('POST', '/api/v1/products', {
    name: 'Steckdose setzen',
    unit_price: '45.00',
    currency: 'EUR',
    unit_code: 'C62',
    tax_rate: '19',
  });
  browser = await openBrowser(server.url, 'de-DE');
  await page().goto(`${server.url}/`);
  await typeInto(page(), 'API-Schlüssel', account.apiKey);
  await click(page(), 'Anmelden');
  await waitForText(page(), 'Elektro Schmidt GmbH');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('a small firm’s console, in German and English', () => {
  test('Settings names the channels and the built-in branding profile in German', async () => {
    await speak('de', 1280);
    await open('settings');
    await waitForText(page(), 'Storecove (Peppol-Zugangspunkt)');
    await shot('settings-de-1280');
    // The built-in branding profile is "Standard", and deleting it says so (the list is there to read).
    await byName(page(), 'Standard löschen', 'button');
    const text = await shown();
    expect(text).toContain('Plateforme agréée (französische Plattform');
    expect(text).not.toContain('access point');
    expect(text).not.toMatch(/^\s*Default\b/m);
    // On a phone the same screen, laid out anew, scrolls nothing sideways.
    await speak('de', 390);
    await page().waitForFunction(() => window.innerWidth === 390);
    await shot('settings-de-390');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await speak('en', 1280);
    await open('settings');
    await waitForText(page(), 'Storecove (Peppol access point)');
    expect(await shown()).toContain('Plateforme agréée (French platform');
  });

  test('a unit reads as its name, its code only beside it in a choice', async () => {
    await speak('de', 1280);
    await open('products');
    await waitForText(page(), 'Steckdose setzen');
    const cells = await page().evaluate(() =>
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
      [...document.querySelectorAll('main table tbody td')].map((td) => (td as HTMLElement).innerText.trim()),
    );
    expect(cells).toContain('Stück');
    expect(cells.join(' ')).not.toContain('C62');
    await open('documents/new/invoice');
    await byName(page(), 'Einheit', 'combobox');
    await shot('editor-de-1280');
    const units = await page().evaluate(() =>
      [...document.querySelectorAll('select')]
        .flatMap((select) => [...select.options].map((option) => option.text))
        .filter((text) => /\((C62|HUR|H87|TNE)\)/.test(text)),
    );
    expect(units).toContain('Stück (C62)');
    expect(units).toContain('Stunde (HUR)');
    expect(units).toContain('Tonne (TNE)');
    expect(units.filter((text) => /\(.*\).*\(/.test(text) || text.includes('Einheit'))).toEqual([]);
    await speak('en', 1280);
    await open('documents/new/invoice');
    await byName(page(), 'Unit of measure', 'combobox');
    const english = await page().evaluate(() =>
      [...document.querySelectorAll('select')].flatMap((select) =>
        [...select.options].map((option) => option.text),
      ),
    );
    expect(english).toContain('Piece (C62)');
    expect(english).toContain('Tonne (TNE)');
    expect(english.filter((text) => /\(.*\).*\(/.test(text))).toEqual([]);
  });
});
