// The documents list as a German Handwerker GmbH's owner reads it, on a desk and on a phone, in German and
// English: an invoice paid in part says so under its status, with what is still due under its total
// (console-small-firm-polish-names.test.ts: the channels, the branding profile and the units by name).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { click, openBrowser, typeInto, type Watched, waitForText } from './browser';

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
  if (dir) await page().screenshot({ path: `${dir}/polish-${name}.png` as `${string}.png`, fullPage: true });
};
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

/** The row of the documents list whose number is `number`, as its cells' texts. */
const rowOf = (number: string) =>
  page().evaluate((wanted) => {
    const row = [...document.querySelectorAll('table.documents-list tbody tr')].find(
      (tr) => tr.querySelector('td a')?.textContent === wanted,
    );
    if (!row) return [];
    return [...row.querySelectorAll('td')].map((td) =>
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
      (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
    );
  }, number);

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Elektro Schmidt GmbH' });
  const profile = await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Elektro Schmidt GmbH',
    email: 'info@elektro-schmidt.example',
    tax_id: 'DE123456789',
    address: { line1: 'Kabelweg 3', postal_code: '04109', city: 'Leipzig', country: 'DE' },
    bank_account: { account_holder: 'Elektro Schmidt GmbH', iban: 'DE89370400440532013000' },
  });
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Bäckerei Müller',
    billing_address: { line1: 'Brotgasse 12', postal_code: '04103', city: 'Leipzig', country: 'DE' },
  });
  for (const number of ['RE-2026-0001', 'RE-2026-0002', 'RE-2026-0003']) {
    const invoice = await api('POST', '/api/v1/documents', {
      number,
      issue_date: '2026-11-20',
      due_date: '2099-12-20',
      business_profile_id: profile.id,
      customer_id: customer.id,
      currency: 'EUR',
      line_items: [
        {
          name: 'Steckdose setzen',
          quantity: '4',
          unit_code: 'C62',
          unit_price: '45.00',
          taxes: [{ rate: '19' }],
        },
        {
          name: 'Arbeitsstunde',
          quantity: '3',
          unit_code: 'HUR',
          unit_price: '65.00',
          taxes: [{ rate: '19' }],
        },
      ],
    });
    await api('POST', `/api/v1/documents/${invoice.id}/finalize`);
    // 446.25 in all: the second one has 200.00 paid, 246.25 still due.
    if (number === 'RE-2026-0002')
      await api('POST', `/api/v1/documents/${invoice.id}/payments`, {
        date: '2026-12-01',
        amount: '200.00',
        method: 'bank_transfer',
      });
    // The third has a Rechnungskorrektur of 11.90 and no payment: 434.35 still due, nothing paid.
    if (number === 'RE-2026-0003') {
      const note = await api('POST', '/api/v1/documents', {
        document_type: 'credit_note',
        number: 'GS-2026-0001',
        issue_date: '2026-11-25',
        business_profile_id: profile.id,
        customer_id: customer.id,
        currency: 'EUR',
        source_document_id: invoice.id,
        reason: 'Preisnachlass',
        line_items: [{ name: 'Nachlass', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19' }] }],
      });
      await api('POST', `/api/v1/documents/${note.id}/finalize`);
    }
  }
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

describe('a small firm’s console', () => {
  test('the documents list marks an invoice paid in part, with what is still due, on a desk and a phone', async () => {
    for (const [language, width] of [
      ['de', 1280],
      ['de', 390],
      ['en', 1280],
      ['en', 390],
    ] as const) {
      await speak(language, width);
      await open('documents');
      await waitForText(page(), 'RE-2026-0002');
      await shot(`documents-${language}-${width}`);
      const partly = (await rowOf('RE-2026-0002')).join(' | ');
      const unpaid = (await rowOf('RE-2026-0001')).join(' | ');
      const credited = (await rowOf('RE-2026-0003')).join(' | ');
      expect(unpaid).toContain('RE-2026-0001');
      expect(credited).toContain('RE-2026-0003');
      if (language === 'de') {
        expect(partly).toContain('Teilweise bezahlt');
        expect(partly).toContain('246,25 € noch offen');
        expect(unpaid).not.toContain('bezahlt');
        // Credited, not paid: what is still due, no word of a payment.
        expect(credited).toContain('434,35 € noch offen');
        expect(credited).not.toContain('bezahlt');
      } else {
        expect(partly).toContain('Partly paid');
        expect(partly).toContain('€246.25 still due');
        expect(unpaid).not.toContain('paid');
        expect(credited).toContain('€434.35 still due');
        expect(credited).not.toContain('paid');
      }
      expect(unpaid).not.toContain('offen');
      expect(await overflow()).toBeLessThanOrEqual(0);
    }
  });
});
