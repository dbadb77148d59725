// The office manager's day on a phone (390 x 844, touch) in German: an invoice written in the editor, sent,
// paid, an overdue one reminded, and the overview's reports read. Every control a finger can hit, nothing
// wider than the phone. SCREENSHOT_DIR keeps a picture of each step.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import {
  byName,
  choose,
  click,
  openBrowser,
  signInGerman,
  typeInto,
  type Watched,
  waitForText,
} from './browser';

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
let browser: Watched;
const ids: Record<string, string> = {};
const FINGER = 44;
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const page = () => browser.page;
const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const shown = async () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  (await page().evaluate(() => document.body.innerText)).replace(/[\u00a0\u202f]/g, ' ');

/** SCREENSHOT_DIR keeps pictures of the screen, in slices a person reads (the whole page is 4,000 px high). */
async function shot(name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const height = await page().evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0, part = 1; top < height; top += 1200, part++)
    await page().screenshot({
      path: `${dir}/office-manager-phone-${name}-${part}.png` as `${string}.png`,
      clip: { x: 0, y: top, width: 390, height: Math.min(1200, height - top) },
      captureBeyondViewport: true,
    });
}

/** Every visible control in `main` smaller than a finger, with its size. */
const tooSmall = () =>
  page().evaluate((finger: number) => {
    const controls = [
      ...document.querySelectorAll(
        'main input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=color]), main select, main textarea, main button:not(.link), main .button, main summary',
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
const overflow = () => page().evaluate(() => document.documentElement.scrollWidth - 390);

async function open(route: string) {
  await page().goto(`${server.url}/#/${route}`);
  await page().waitForSelector('main h1', { timeout: 20_000 });
  await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
}

/** A picture of the step, and on it no control too small for a finger and nothing wider than the phone. */
async function look(step: string) {
  await shot(step);
  expect({ step, small: await tooSmall(), overflow: await overflow() }).toEqual({
    step,
    small: [],
    overflow: 0,
  });
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ rulesetsDir: null, smtpUrl: smtp.url({ from: 'buero@maler-koch.example' }) });
  account = await makeAccount(server, { name: 'Malerbetrieb Koch' });
  ids.profile = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Malerbetrieb Koch e.K.',
      tax_id: 'DE123456789',
      default_locale: 'de-DE',
      email: 'buero@maler-koch.example',
      address: { line1: 'Pinselweg 4', postal_code: '34117', city: 'Kassel', country: 'DE' },
      bank_account: {
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        account_holder: 'Malerbetrieb Koch',
      },
    })
  ).id;
  ids.customer = (
    await api('POST', '/api/v1/customers', {
      name: 'Hausverwaltung Lindner GmbH',
      email: 'rechnungen@hv-lindner.example',
      billing_address: { line1: 'Friedrichsplatz 8', postal_code: '34117', city: 'Kassel', country: 'DE' },
    })
  ).id;
  const overdue = await api('POST', '/api/v1/documents', {
    number: 'RE-2026-0040',
    issue_date: dayOf(-40),
    due_date: dayOf(-26),
    currency: 'EUR',
    business_profile_id: ids.profile,
    customer_id: ids.customer,
    line_items: [
      { name: 'Treppenhaus gestrichen', quantity: '1', unit_price: '1450.00', taxes: [{ rate: '19' }] },
    ],
  });
  await api('POST', `/api/v1/documents/${overdue.id}/finalize`);
  await api('POST', `/api/v1/documents/${overdue.id}/mark-sent`);
  ids.overdue = overdue.id;
  browser = await openBrowser(server.url, 'de-DE');
  page().on('dialog', (dialog) => dialog.accept());
  await page().setViewport(PHONE);
  await signInGerman(page(), server.url, account.apiKey, 'Malerbetrieb Koch');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

describe('the daily work on a phone, in German', () => {
  test('write, send, get paid, remind, read the reports', async () => {
    await open('documents/new/invoice');
    await look('1-editor');
    await choose(page(), 'Kunde', 'Hausverwaltung Lindner');
    await typeInto(page(), 'Beschreibung', 'Wohnung 3. OG gestrichen, 78 m²');
    await typeInto(page(), 'Menge', '78');
    await typeInto(page(), 'Einzelpreis', '14,50');
    // The totals follow the typed line.
    await page().waitForFunction(
      () => document.querySelector('.totals')?.textContent?.replace(/\s/g, ' ').includes('1.345,89 €'),
      { timeout: 20_000 },
    );
    // What "Speichern" does, said before it is pressed (not "Als Entwurf gespeichert", as if it were done).
    const text = await shown();
    expect(text).toContain('Gespeichert wird ein Entwurf: Er bleibt änderbar, bis Sie ihn abschließen.');
    expect(text).not.toContain('Als Entwurf gespeichert');
    await look('2-editor-filled');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => /#\/documents\/doc_[^/]+$/.test(location.hash), { timeout: 20_000 });
    await page().waitForFunction(() => !document.querySelector('.loading'));
    await look('3-draft');
    await click(page(), 'Abschließen');
    await waitForText(page(), 'Abgeschlossen.');
    await look('4-finalized');
    await (await byName(page(), 'Senden (zum Formular unten)', 'button')).tap();
    await click(page(), 'Senden');
    await waitForText(page(), 'Zum Versand eingereiht.');
    await look('5-sent');
    await (await byName(page(), 'Zahlung erfassen (zum Formular unten)', 'button')).tap();
    await look('6-payment-form');
    await click(page(), 'Zahlung erfassen');
    await waitForText(page(), 'Zahlung erfasst.');
    await waitForText(page(), 'Vollständig bezahlt: Es ist nichts mehr offen.');
    await look('7-paid');
    await open(`documents/${ids.overdue}`);
    await look('8-overdue');
    await (await byName(page(), 'Mahnung senden (zum Formular unten)', 'button')).tap();
    await click(page(), 'Zahlungserinnerung senden');
    await waitForText(page(), 'Zahlungserinnerung wird versendet.');
    await look('9-reminded');
    await open('dashboard');
    await page().waitForNetworkIdle({ idleTime: 300 });
    await look('10-dashboard');
    await open('documents');
    await look('11-documents');
    await open('exports');
    await page().waitForNetworkIdle({ idleTime: 300 });
    await look('12-exports');
    expect(browser.problems).toEqual([]);
  }, 180_000);
});
