// The web console in a real browser against a real server: what a newcomer does on the first day.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TokenBucketLimiter } from '../../src/http/rate-limit';
import { makeAccount, type TestAccount } from '../factories';
import { RULESETS_DIR, ShiftedClock, startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { TestSmtp } from '../smtp';
import {
  allByName,
  byName,
  choose,
  click,
  openBrowser,
  typeInto,
  type Watched,
  waitForText,
} from './browser';

let server: TestServer;
/** Real time for the rate limiter (the browser lives within it), which the test can move ahead. */
const rateClock = new ShiftedClock();
let account: TestAccount;
let browser: Watched;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({
    smtpUrl: smtp.url({ from: 'billing@nordlicht.example' }),
    rateLimiter: new TokenBucketLimiter(rateClock),
  });
  // The free plan's 5 requests a second, as on a fresh install: the console must live within it.
  account = await makeAccount(server, { name: 'Nordlicht Studio', planId: 'plan_free' });
  browser = await openBrowser(server.url);
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

const page = () => browser.page;

/**
 * The test's own look at the API, on the same account as the browser: it moves the limiter's clock a
 * second on first, so the account's allowance (5 requests a second on the free plan) is full again and the
 * console's requests are not refused because of the test's.
 */
async function apiAfterQuiet(path: string) {
  rateClock.advance(1_000);
  return server.json(path, { key: account.apiKey });
}

async function waitForDownload(dir: string, suffix: string): Promise<Buffer> {
  for (let i = 0; i < 100; i++) {
    const name = readdirSync(dir).find((file) => file.endsWith(suffix));
    if (name) {
      const bytes = readFileSync(join(dir, name));
      if (bytes.length > 0) return bytes;
    }
    await Bun.sleep(100);
  }
  throw new Error(`no ${suffix} downloaded`);
}

describe('web console', () => {
  test('the page at / is the console, with a strict CSP, never framed', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)|<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/https?:\/\//);
    const script = html.match(/src="([^"]+)"/)?.[1] ?? '';
    const bundle = await fetch(`${server.url}${script}`);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    const gzipped = Bun.gzipSync(new Uint8Array(await bundle.arrayBuffer())).length;
    expect(gzipped).toBeLessThan(150 * 1024);
    expect((await fetch(`${server.url}/console/nothing.js`)).status).toBe(404);
  });

  test('a wrong key is refused with a message; the right one signs in and shows the account', async () => {
    await page().goto(`${server.url}/`);
    await typeInto(page(), 'API key', 'sk_not_a_real_key');
    await click(page(), 'Sign in');
    await waitForText(page(), 'This API key is not valid');
    browser.problems.length = 0; // the refused sign-in's 401 is the point of this step
    await typeInto(page(), 'API key', account.apiKey);
    await click(page(), 'Sign in');
    await waitForText(page(), 'Nordlicht Studio');
    for (const section of [
      'Documents',
      'Customers',
      'Business profiles',
      'Templates',
      'Received',
      'Settings',
    ]) {
      await byName(page(), section, 'link');
    }
    const stored = await page().evaluate(() => ({
      session: sessionStorage.getItem('invoice-console.key'),
      local: Object.keys(localStorage).filter((key) => key.includes('key')).length,
      url: location.href,
    }));
    expect(stored.session).toBe(account.apiKey);
    expect(stored.local).toBe(0);
    expect(stored.url).not.toContain(account.apiKey);
  }, 60_000);

  test('a business profile and a customer are created through their forms; field errors show at the field', async () => {
    await click(page(), 'Business profiles', 'link');
    await click(page(), 'New business profile');
    await typeInto(page(), 'Legal name', 'Nordlicht Studio GmbH');
    await typeInto(page(), 'VAT ID', 'DE123456789');
    await typeInto(page(), 'Tax number', '37/123/45678');
    await typeInto(page(), 'IBAN', 'DE89 3704 0044 0532 0130 00');
    await choose(page(), 'Page size', 'A4');
    await typeInto(page(), 'Address line 1', 'Hafenstraße 12');
    await typeInto(page(), 'City', 'Hamburg');
    await typeInto(page(), 'Postal code', '20457');
    await typeInto(page(), 'Country', 'DE');
    await typeInto(page(), 'Email', 'billing@nordlicht.example');
    await typeInto(page(), 'Phone', '+49 40 1234567');
    await typeInto(page(), 'Electronic invoice address', 'DE123456789');
    await typeInto(page(), 'EAS scheme code', '9930');
    await click(page(), 'Save');
    await waitForText(page(), 'Nordlicht Studio GmbH');

    await click(page(), 'Customers', 'link');
    await click(page(), 'New customer');
    await typeInto(page(), 'Name', 'Bäckerei Sonnenschein');
    await typeInto(page(), 'Email', 'not-an-email');
    await click(page(), 'Save');
    const problem = await page().waitForSelector('[aria-invalid="true"]');
    const described = await problem?.evaluate((input) => {
      const id = input.getAttribute('aria-describedby') ?? '';
      return document.getElementById(id.split(' ')[0] ?? '')?.textContent ?? '';
    });
    expect(described).toContain('email');
    browser.problems.length = 0; // the 422 is what this step provokes
    await typeInto(page(), 'Email', 'office@sonnenschein.example');
    await typeInto(page(), 'VAT ID', 'DE987654321');
    await typeInto(page(), 'Address line 1', 'Marktplatz 3');
    await typeInto(page(), 'City', 'München');
    await typeInto(page(), 'Postal code', '80331');
    await typeInto(page(), 'Country', 'DE');
    await typeInto(page(), 'Electronic invoice address', 'DE987654321');
    await typeInto(page(), 'EAS scheme code', '9930');
    await click(page(), 'Save');
    await waitForText(page(), 'office@sonnenschein.example');

    // The list searches on the server: by part of the email, in any case; nothing for a stranger.
    await typeInto(page(), 'Search', 'SONNENSCHEIN.example');
    await waitForText(page(), 'Bäckerei Sonnenschein');
    await typeInto(page(), 'Search', 'no such firm');
    await waitForText(page(), 'Nothing matches “no such firm”.');
  }, 60_000);

  test('a new invoice shows its total live, previews, saves, finalizes and downloads as a correct PDF', async () => {
    await click(page(), 'Documents', 'link');
    await click(page(), 'New invoice');
    await page().waitForFunction(() => document.querySelector('h1')?.textContent === 'New invoice');
    await choose(page(), 'Customer', 'Bäckerei Sonnenschein');
    await choose(page(), 'Business profile', 'Nordlicht Studio GmbH');
    await typeInto(page(), 'Description', 'Website design');
    await typeInto(page(), 'Quantity', '3');
    await typeInto(page(), 'Unit price', '120.50');
    await typeInto(page(), 'Buyer reference', 'PO-4711');
    await typeInto(page(), 'IBAN', 'DE02200505501015871393');
    await typeInto(page(), 'BIC', 'HASPDEHHXXX');
    // 3 x 120.50 = 361.50; 19 % VAT 68.685 -> 68.69; total 430.19, computed by the service
    await page().waitForFunction(() => document.querySelector('.totals')?.textContent?.includes('430.19'), {
      timeout: 10_000,
    });
    await click(page(), 'Add line');
    const descriptions = await allByName(page(), 'Description', 'textbox');
    expect(descriptions.length).toBe(2);
    await descriptions[1]?.type('Photography');
    const quantities = await allByName(page(), 'Quantity', 'textbox');
    await quantities[1]?.click({ count: 3 });
    await quantities[1]?.type('1');
    const prices = await allByName(page(), 'Unit price', 'textbox');
    await prices[1]?.type('100');
    await page().waitForFunction(() => document.querySelector('.totals')?.textContent?.includes('549.19'), {
      timeout: 10_000,
    });
    await click(page(), 'Remove line 2');
    await page().waitForFunction(() => document.querySelector('.totals')?.textContent?.includes('430.19'), {
      timeout: 10_000,
    });

    await click(page(), 'Preview');
    // Drawn by PDF.js on a canvas (headless Chromium has no PDF viewer); its link opens the PDF itself.
    await page().waitForSelector('canvas[aria-label="PDF preview, page 1 of 1"]', { timeout: 15_000 });
    const head = await page().$eval('.pdf-pages a', async (link) => {
      const answer = await fetch((link as HTMLAnchorElement).href);
      return new TextDecoder().decode((await answer.arrayBuffer()).slice(0, 5));
    });
    expect(head).toBe('%PDF-');

    await click(page(), 'Save');
    await waitForText(page(), 'Draft');
    expect(await page().evaluate(() => location.hash)).toMatch(/^#\/documents\/doc_/);

    // The draft is edited: 4 instead of 3, and a note; the saved totals follow.
    await click(page(), 'Edit');
    await page().waitForFunction(() => document.querySelector('h1')?.textContent?.startsWith('Edit Invoice'));
    await typeInto(page(), 'Quantity', '4');
    await typeInto(page(), 'Notes', 'Thank you for your business.');
    // 4 x 120.50 = 482.00; VAT 91.58; total 573.58
    await page().waitForFunction(() => document.querySelector('.totals')?.textContent?.includes('573.58'), {
      timeout: 10_000,
    });
    await click(page(), 'Save');
    await page().waitForFunction(() => document.querySelector('h1')?.textContent?.startsWith('Invoice '));
    await waitForText(page(), '€573.58');
    await waitForText(page(), 'Thank you for your business.');

    await click(page(), 'Finalize');
    await waitForText(page(), 'Finalized.');
    // The screen shows the new status (the document read again) before anything else is clicked on it: the
    // notice "Finalized." comes first, and the draft's page is still there until the reload.
    await page().waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'Finalized');

    // The invoice is a valid XRechnung under the official rules: nothing more was asked than the forms hold.
    await choose(page(), 'Profile', 'XRechnung (UBL)');
    await click(page(), 'Check compliance');
    await waitForText(page(), 'Valid under the official rules', 20_000);

    await click(page(), 'Download PDF');
    const pdf = await waitForDownload(browser.downloads, '.pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await inspectPdf(pdf);
    for (const fact of [
      'Nordlicht Studio GmbH',
      'Bäckerei Sonnenschein',
      'Website design',
      '573.58',
      'DE123456789',
    ]) {
      expect(text).toContain(fact);
    }

    // Sent by email to the customer's address (filled in), through a real SMTP server on loopback.
    await click(page(), 'Send');
    await waitForText(page(), 'Queued for sending');
    for (let i = 0; i < 100 && smtp.messages.length === 0; i++) await Bun.sleep(100);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.envelope.to).toEqual(['office@sonnenschein.example']);
    expect(smtp.messages[0]?.parsed.attachments.map((a) => a.contentType)).toContain('application/pdf');

    await server.jobs.runDue(); // the delivery recorded with the mail (the SMTP server may have it first)
    const documents = await apiAfterQuiet('/api/v1/documents');
    expect(documents.body.data).toHaveLength(1);
    // The mail is out: the invoice is sent ("Versendet"), issue 36.
    expect(documents.body.data[0].status).toBe('sent');
    expect(documents.body.data[0].totals.total.amount).toBe('573.58');
    expect(documents.body.data[0].data.notes).toBe('Thank you for your business.');
    expect(documents.body.data[0].data.line_items).toHaveLength(1);
  }, 90_000);

  test('a received e-invoice is uploaded, listed with its validity, and opened with its report', async () => {
    await click(page(), 'Received', 'link');
    const input = await page().waitForSelector('input[type="file"]');
    const example = join(RULESETS_DIR, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml');
    await input?.uploadFile(example);
    await waitForText(page(), 'Stored', 15_000);
    await waitForText(page(), 'Valid');
    const received = await apiAfterQuiet('/api/v1/received-documents');
    expect(received.body.data).toHaveLength(1);
    await click(page(), 'Open', 'link');
    await waitForText(page(), 'Validation report');
    // What a bookkeeper pays by: the seller's account (BG-17), the terms (BT-20), the lines, and the source.
    await waitForText(page(), 'DE79 0000 0000 1234 5678 90');
    await waitForText(page(), 'Zahlbar sofort ohne Abzug.');
    await waitForText(page(), 'Zeitschrift [...]');
    await waitForText(page(), '€288.79');
    await waitForText(page(), 'Upload · 01.01a-INVOICE_ubl.xml');
    await click(page(), 'Approve');
    await page().waitForFunction(() => document.querySelector('h1')?.textContent?.includes('Approved'));
  }, 60_000);

  test('German follows the choice; nothing left the loopback address; no console errors', async () => {
    await choose(page(), 'Language', 'Deutsch');
    await byName(page(), 'Dokumente', 'link');
    await byName(page(), 'Kunden', 'link');
    await byName(page(), 'Abmelden', 'button');
    expect(await page().evaluate(() => document.documentElement.lang)).toBe('de');
    await choose(page(), 'Sprache', 'English');
    await byName(page(), 'Documents', 'link');
    expect(browser.foreign).toEqual([]);
    expect(browser.problems).toEqual([]);
  }, 30_000);

  test('signing out forgets the key', async () => {
    await click(page(), 'Sign out');
    await byName(page(), 'API key', 'textbox');
    const left = await page().evaluate(() =>
      [...Object.keys(sessionStorage), ...Object.keys(localStorage)].filter((name) => name.endsWith('.key')),
    );
    expect(left).toEqual([]);
    await page().reload();
    await byName(page(), 'Sign in', 'button');
  }, 30_000);

  test('"Remember on this device" keeps the key in localStorage across a new tab; sign out forgets it', async () => {
    await typeInto(page(), 'API key', account.apiKey);
    await click(page(), 'Remember on this device', 'checkbox');
    await click(page(), 'Sign in');
    await byName(page(), 'Sign out', 'button');
    expect(await page().evaluate(() => localStorage.getItem('invoice-console.key'))).toBe(account.apiKey);
    expect(await page().evaluate(() => sessionStorage.getItem('invoice-console.key'))).toBeNull();
    const other = await browser.browser.newPage();
    await other.goto(`${server.url}/`);
    await byName(other, 'Sign out', 'button');
    await click(other, 'Sign out');
    await byName(other, 'API key', 'textbox');
    expect(await other.evaluate(() => localStorage.getItem('invoice-console.key'))).toBeNull();
    await other.close();
  }, 30_000);
});
