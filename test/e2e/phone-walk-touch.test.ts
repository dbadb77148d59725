// A tiler writes a quote on his phone (390 x 844, touch) on a building site: every field, button and
// stand-alone link is a finger's size (44 px: the fields were 36, the buttons 37, the line's ✕ 31 x 33, the
// "Abbrechen" and "Neuer Kunde" links 18 to 22 px high), fields are written in 16 px text (below that iOS
// zooms the page in on every tap into a field), and the Skonto's days and percent bring the number pad.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, openBrowser, signInGerman, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let quoteId = '';

const api = async (method: string, path: string, body?: unknown) =>
  (await server.json(path, { method, key: account.apiKey, body })).body.data;
const page = () => browser.page;
const FINGER = 44;

/** Every visible control in `main` (and the header's) smaller than a finger, with its size. */
const tooSmall = () =>
  page().evaluate((finger: number) => {
    const controls = [
      ...document.querySelectorAll(
        'header select, header button, main input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=color]), main select, main textarea, main button:not(.link), main .button, main .page-head > a, main .field + a, main .check label, main summary, main details.menu[open] li a, main .hint > a[target=_blank]',
      ),
    ].filter((element) => element.getClientRects().length > 0);
    return controls
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.id).trim();
        return { name, width: Math.round(box.width), height: Math.round(box.height) };
      })
      .filter((size) => size.height < finger - 0.5 || size.width < finger - 0.5);
  }, FINGER);

/** Fields whose text is under 16 px (iOS zooms into them when tapped). */
const smallText = () =>
  page().evaluate(() =>
    [...document.querySelectorAll('input:not([type=checkbox]):not([type=radio]), select, textarea')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({
        name: element.id,
        size: Number.parseFloat(getComputedStyle(element).fontSize),
      }))
      .filter((field) => field.size < 16),
  );

async function open(route: string) {
  await page().goto(`${server.url}/#/${route}`);
  await page().waitForSelector('main h1', { timeout: 20_000 });
  await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
}

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Fliesen Berger' });
  const profileId = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Fliesenlegermeister Thomas Berger',
      default_locale: 'de-DE',
      address: { line1: 'Kachelweg 7', postal_code: '93047', city: 'Regensburg', country: 'DE' },
    })
  ).id;
  const customerId = (
    await api('POST', '/api/v1/customers', {
      name: 'Familie Huber',
      email: 'huber@example.de',
      billing_address: { line1: 'Birkenweg 4', postal_code: '93051', city: 'Regensburg', country: 'DE' },
    })
  ).id;
  quoteId = (
    await api('POST', '/api/v1/documents', {
      document_type: 'quote',
      number: 'AN-2026-0001',
      issue_date: '2026-12-07',
      currency: 'EUR',
      business_profile_id: profileId,
      customer_id: customerId,
      line_items: [{ name: 'Anfahrt pauschal', quantity: '1', unit_price: '35.00', taxes: [{ rate: '19' }] }],
    })
  ).id;
  // The invoice made from the quote, paid in two parts: a down payment and the rest.
  const invoice = await api('POST', '/api/v1/documents', {
    number: 'RE-2026-0001',
    issue_date: '2026-12-07',
    currency: 'EUR',
    business_profile_id: profileId,
    customer_id: customerId,
    line_items: [{ name: 'Anfahrt pauschal', quantity: '1', unit_price: '35.00', taxes: [{ rate: '19' }] }],
  });
  await api('POST', `/api/v1/documents/${invoice.id}/finalize`);
  await api('POST', `/api/v1/documents/${invoice.id}/payments`, {
    amount: '20.00',
    date: '2026-12-08',
    reference: 'Anzahlung RE-2026-0001 Huber',
  });
  await api('POST', `/api/v1/documents/${invoice.id}/payments`, { amount: '21.65', date: '2026-12-20' });
  browser = await openBrowser(server.url, 'de-DE');
  await page().setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await signInGerman(page(), server.url, account.apiKey, 'Fliesen Berger');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('a quote on a phone, by finger', () => {
  test('the new quote: every field, button and link a finger can hit, text that needs no zoom', async () => {
    await open('documents/new/quote');
    await byName(page(), 'Menge', 'textbox');
    expect(await tooSmall()).toEqual([]);
    expect(await smallText()).toEqual([]);
    // The line's ✕ a square a finger covers, the page still the phone's width.
    const remove = await byName(page(), 'Position 1 entfernen', 'button');
    const box = await remove.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(FINGER);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The preview's "open in a new tab" link, under the picture of the page (the quote saved before).
    await open(`documents/${quoteId}/edit`);
    await (await byName(page(), 'Vorschau', 'button')).tap();
    await byName(page(), 'PDF in neuem Tab öffnen', 'link', 30_000);
    expect(await tooSmall()).toEqual([]);
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test('the other document types unfold into entries a finger can hit', async () => {
    await open('documents');
    await (await page().waitForSelector('details.menu summary'))?.tap();
    await byName(page(), 'Neues Angebot', 'link');
    expect(await tooSmall()).toEqual([]);
  }, 60_000);

  test("the Skonto's days bring the number pad, its percent the decimal pad", async () => {
    await open('documents/new/quote');
    const days = await byName(page(), 'Skonto: Tage', 'textbox');
    expect(await days.evaluate((input) => input.getAttribute('inputmode'))).toBe('numeric');
    const percent = await byName(page(), 'Skonto: Prozent', 'textbox');
    expect(await percent.evaluate((input) => input.getAttribute('inputmode'))).toBe('decimal');
  }, 60_000);

  test('a quote, the customers and their form: nothing too small to tap, nothing wider than the phone', async () => {
    for (const route of [`documents/${quoteId}`, 'customers', 'customers/new', 'documents', 'dashboard']) {
      await open(route);
      expect({ route, small: await tooSmall() }).toEqual({ route, small: [] });
      expect({ route, text: await smallText() }).toEqual({ route, text: [] });
      expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  }, 90_000);

  test("the dashboard's last payments fit the phone: no column hidden sideways, the invoice number whole", async () => {
    await open('dashboard');
    await byName(page(), 'RE-2026-0001', 'link');
    const fit = await page().evaluate(() => {
      const table = document.querySelector('table.last-payments') as HTMLElement;
      const frame = table.parentElement as HTMLElement;
      const link = table.querySelector('a') as HTMLElement;
      return {
        hiddenSideways: frame.scrollWidth - frame.clientWidth,
        numberLines: link.getClientRects().length,
      };
    });
    expect(fit).toEqual({ hiddenSideways: 0, numberLines: 1 });
    await waitForText(page(), 'Anzahlung RE-2026-0001 Huber');
    if (process.env.SCREENSHOT_DIR)
      await page().screenshot({
        path: `${process.env.SCREENSHOT_DIR}/phone-walk-dashboard.png`,
        fullPage: true,
      });
    expect(await tooSmall()).toEqual([]);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 60_000);

  test("the revenue chart's month names read on the phone: drawn at least 11 px high, not shrunk with the picture", async () => {
    await open('dashboard');
    await page().waitForSelector('.chart .tick', { timeout: 20_000 });
    const ticks = await page().evaluate(() =>
      [...document.querySelectorAll('.chart .tick')]
        .filter((tick) => getComputedStyle(tick).visibility !== 'hidden' && tick.getClientRects().length > 0)
        .map((tick) => ({
          text: tick.textContent ?? '',
          height: Math.round(tick.getBoundingClientRect().height),
        })),
    );
    // Twelve months on 390 px: at least every other one named, none below 11 px (they were about 6).
    expect(ticks.length).toBeGreaterThanOrEqual(6);
    expect(ticks.filter((tick) => tick.height < 11)).toEqual([]);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 60_000);

  test('a row of the documents list opens its document wherever the finger lands on it, not only on the number', async () => {
    await open('documents');
    await byName(page(), 'RE-2026-0001', 'link');
    // The amount at the row's right edge, far from the number's link.
    const amount = await page().evaluateHandle(() => {
      const link = [...document.querySelectorAll('table.documents-list a')].find(
        (a) => a.textContent?.trim() === 'RE-2026-0001',
      );
      return link?.closest('tr')?.querySelector('td.num') ?? null;
    });
    const box = await amount.asElement()?.boundingBox();
    expect(box).toBeTruthy();
    if (!box) return;
    await page().touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page().waitForFunction(() => /^#\/documents\/doc_/.test(location.hash), { timeout: 20_000 });
    // The document's page drawn (the list's heading goes first).
    await page().waitForFunction(
      () => document.querySelector('main h1')?.textContent?.includes('RE-2026-0001'),
      {
        timeout: 20_000,
      },
    );
  }, 60_000);

  test('on a desktop the fields and buttons keep their size', async () => {
    await page().setViewport({ width: 1280, height: 900 });
    await open('documents/new/quote');
    const heights = await page().evaluate(() =>
      [...document.querySelectorAll('main input[type=text], main button')]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => element.getBoundingClientRect().height),
    );
    expect(Math.max(...heights)).toBeLessThan(44);
    await page().setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  }, 60_000);
});
