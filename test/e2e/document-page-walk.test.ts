// A German small firm walks an invoice through the document page, on a phone (390 x 844, touch) and on a
// desktop: the draft finalized, sent by e-mail, a part paid in cash, and on an overdue invoice the first
// reminder. Every step by its German name; the page says each step done in German and never scrolls
// sideways on the phone. SCREENSHOT_DIR keeps a picture of each step.
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
const parties = { business_profile_id: '', customer_id: '' };
const asked: string[] = [];

const api = async (method: string, path: string, body?: unknown) =>
  (await server.json(path, { method, key: account.apiKey, body })).body.data;
const page = () => browser.page;
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 900 };
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const shown = () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  page().evaluate(() => document.body.innerText);

async function shot(name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page().screenshot({
    path: `${process.env.SCREENSHOT_DIR}/document-walk-${name}.png`,
    fullPage: true,
  });
}

async function open(route: string) {
  await page().goto(`${server.url}/#/${route}`);
  await page().waitForSelector('main h1', { timeout: 20_000 });
  await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
}

let counter = 0;
async function draft(extra: Record<string, unknown> = {}) {
  counter += 1;
  return (await api('POST', '/api/v1/documents', {
    number: `RE-2026-00${10 + counter}`,
    issue_date: daysAgo(0),
    due_date: daysAgo(-14),
    currency: 'EUR',
    ...parties,
    line_items: [
      {
        name: 'Bad gefliest, 12 m²',
        quantity: '12',
        unit: 'm²',
        unit_price: '68.00',
        taxes: [{ rate: '19' }],
      },
      { name: 'Anfahrt pauschal', quantity: '1', unit_price: '35.00', taxes: [{ rate: '19' }] },
    ],
    ...extra,
  })) as { id: string; number: string };
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'rechnung@fliesen-berger.example' }) });
  account = await makeAccount(server, { name: 'Fliesen Berger' });
  parties.business_profile_id = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Fliesenlegermeister Thomas Berger',
      default_locale: 'de-DE',
      tax_id: 'DE123456789',
      email: 'rechnung@fliesen-berger.example',
      address: { line1: 'Kachelweg 7', postal_code: '93047', city: 'Regensburg', country: 'DE' },
      bank_account: { iban: 'DE02120300000000202051', bic: 'BYLADEM1001', account_holder: 'Thomas Berger' },
    })
  ).id;
  parties.customer_id = (
    await api('POST', '/api/v1/customers', {
      name: 'Familie Huber',
      email: 'huber@example.de',
      billing_address: { line1: 'Birkenweg 4', postal_code: '93051', city: 'Regensburg', country: 'DE' },
    })
  ).id;
  browser = await openBrowser(server.url, 'de-DE');
  page().on('dialog', (dialog) => {
    asked.push(dialog.message());
    return dialog.accept();
  });
  await signInGerman(page(), server.url, account.apiKey, 'Fliesen Berger');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`an invoice from draft to paid, on the ${device}`, () => {
    test('finalize, send, record a cash payment', async () => {
      await page().setViewport(viewport);
      const invoice = await draft();
      await open(`documents/${invoice.id}`);
      await byName(page(), 'Abschließen', 'button');
      await shot(`${device}-1-draft`);
      await click(page(), 'Abschließen');
      await waitForText(page(), 'Abgeschlossen.');
      await waitForText(page(), 'Per E-Mail senden');
      await shot(`${device}-2-finalized`);
      // Sent by e-mail from the send card (on the phone reached by its shortcut at the top).
      if (device === 'phone') await (await byName(page(), 'Senden (zum Formular unten)', 'button')).tap();
      await waitForText(page(), 'huber@example.de');
      await click(page(), 'Senden');
      await waitForText(page(), 'Zum Versand eingereiht.');
      await shot(`${device}-3a-queued`);
      // Said once the e-mail went out, without reading the page again by hand.
      await page()
        .waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'Versendet', {
          timeout: 30_000,
        })
        .catch(async (error) => {
          await shot(`${device}-3-not-sent`);
          throw error;
        });
      await shot(`${device}-3-sent`);
      if (device === 'phone')
        await (await byName(page(), 'Zahlung erfassen (zum Formular unten)', 'button')).tap();
      await typeInto(page(), 'Betrag', '500,00');
      await choose(page(), 'Zahlungsart', 'Bar');
      await click(page(), 'Zahlung erfassen');
      await waitForText(page(), 'Zahlung erfasst.');
      await waitForText(page(), 'Noch offen');
      await shot(`${device}-4-part-paid`);
      const text = await shown();
      // Untranslated words of the English console would show here.
      for (const english of ['Record payment', 'Send by email', 'Payments', 'Still due', 'Cash', 'Due date'])
        expect({ english, found: text.includes(english) }).toEqual({ english, found: false });
      if (device === 'phone')
        expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The first send of a document never rendered is refused (409) and the console renders it first.
      expect(browser.problems.filter((problem) => !problem.includes('409 (Conflict)'))).toEqual([]);
    }, 90_000);

    test('an overdue invoice: its first reminder', async () => {
      await page().setViewport(viewport);
      const invoice = await draft({ issue_date: daysAgo(45), due_date: daysAgo(30) });
      await api('POST', `/api/v1/documents/${invoice.id}/finalize`);
      await api('POST', `/api/v1/documents/${invoice.id}/mark-sent`);
      await open(`documents/${invoice.id}`);
      await waitForText(page(), 'Mahnungen');
      await shot(`${device}-5-overdue`);
      const text = await shown();
      expect(text).not.toContain('Reminders');
      expect(text).toContain('30 Tage überfällig');
      if (device === 'phone')
        await (await byName(page(), 'Mahnung senden (zum Formular unten)', 'button')).tap();
      await click(page(), 'Zahlungserinnerung senden');
      await waitForText(page(), 'Zahlungserinnerung wird versendet.');
      await shot(`${device}-6-reminded`);
      expect(asked.at(-1)).toBe('Zahlungserinnerung an huber@example.de senden?');
      if (device === 'phone')
        expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }, 60_000);
  });
}
