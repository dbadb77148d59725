// An Irish consultancy's second week in the English console (browser in en-IE): its business profile names no
// language, so the service writes its reminders in English, and the reminder button names the English letter
// too; its Dublin address reads as the PDF prints it (town, then the Eircode on its own line); a received
// invoice's rates are written "6%" as the rest of the English console writes them; the menu of other document
// types and the phone's menu of sections close with Escape, giving the focus back; the product form explains
// the exempt VAT category without German law; and a credit note's e-mail is listed under Emails once sent.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import { byName, click, openBrowser, type Watched, waitForText } from './browser';

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
let browser: Watched;
let overdueId = '';
let receivedId = '';

async function api(method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'accounts@brennan.example' }) });
  account = await makeAccount(server, { name: 'Brennan Consulting' });
  // Made over the API without a language, as a profile made before the form suggested one.
  const profile = await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Brennan Consulting Ltd',
    tax_id: 'IE6388047V',
    address: { line1: '12 Merrion Square', city: 'Dublin', postal_code: 'D02 XY45', country: 'IE' },
  });
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Liffey Software Ltd',
    email: 'ap@liffey.example',
    billing_address: { line1: '3 Grand Canal Dock', city: 'Dublin', postal_code: 'D04 AB12', country: 'IE' },
  });
  const invoice = await api('POST', '/api/v1/documents', {
    number: 'INV-2026-0100',
    issue_date: '2026-01-05',
    due_date: '2026-02-04',
    currency: 'EUR',
    business_profile_id: profile.id,
    customer_id: customer.id,
    line_items: [
      {
        name: 'Advisory retainer',
        quantity: '1',
        unit_price: '800.00',
        taxes: [{ name: 'VAT', rate: '23', category: 'S' }],
      },
    ],
  });
  overdueId = invoice.id;
  await api('POST', `/api/v1/documents/${overdueId}/finalize`);
  await api('POST', `/api/v1/documents/${overdueId}/mark-sent`);
  const received = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: readFileSync(join(RULESETS_DIR, 'examples/en16931_ubl/ubl-tc434-example1.xml')),
  });
  if (received.status !== 201) throw new Error(`receive: ${received.status}`);
  receivedId = ((await received.json()) as { data: { id: string } }).data.id;
  browser = await openBrowser(server.url, 'en-IE');
  await browser.page.goto(`${server.url}/`);
  await (await byName(browser.page, 'API key', 'textbox')).type(account.apiKey);
  await click(browser.page, 'Sign in');
  await waitForText(browser.page, 'Brennan Consulting');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

const page = () => browser.page;
const bodyText = () => page().evaluate(() => document.body.innerText);

async function open(route: string, text: string) {
  await page().goto(`${server.url}/#/${route}`);
  await waitForText(page(), text);
}

describe("an Irish firm's second week in the English console", () => {
  test('an invoice of a profile without a language is reminded in English, and the button says so', async () => {
    await open(`documents/${overdueId}`, 'days overdue.');
    // The service writes this letter in English (the profile names no language): "Payment reminder".
    const button = await byName(page(), 'Send Payment reminder', 'button');
    expect(await bodyText()).not.toContain('Zahlungserinnerung');
    expect(await bodyText()).not.toContain('Mahnung');
    const questions: string[] = [];
    page().once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await button.click();
    await waitForText(page(), 'Payment reminder queued for sending.');
    expect(questions).toEqual(['Send Payment reminder to ap@liffey.example?']);
    await byName(page(), 'Send Second reminder', 'button');
    const sent = await server.json(`/api/v1/documents/${overdueId}/reminders`, { key: account.apiKey });
    expect(sent.body.data[0].level).toBe(1);
  }, 60_000);

  test('a Dublin address reads as the PDF prints it: the town, then the Eircode on its own line', async () => {
    await open(`documents/${overdueId}`, 'Liffey Software Ltd');
    const parties = await page().$$eval('.card p', (blocks) =>
      blocks.map((block) => (block as unknown as { innerText: string }).innerText),
    );
    const seller = parties.find((block) => block.startsWith('Brennan Consulting Ltd')) ?? '';
    const buyer = parties.find((block) => block.startsWith('Liffey Software Ltd')) ?? '';
    expect(seller).toContain('12 Merrion Square\nDublin\nD02 XY45');
    expect(buyer).toContain('3 Grand Canal Dock\nDublin\nD04 AB12');
    expect(await bodyText()).not.toContain('D02 XY45 Dublin');
  }, 60_000);

  test('a received invoice’s tax rates are written the English way (6%), not the German (6 %)', async () => {
    await open(`received/${receivedId}`, 'PATAT FRITES 10MM 10KG');
    const rates = await page().$$eval('td', (cells) =>
      cells
        .filter((cell) => cell.getAttribute('data-label') === 'Tax rate')
        .map((cell) => (cell.textContent ?? '').trim()),
    );
    expect(rates.length).toBeGreaterThan(0);
    expect(rates).toContain('6%');
    expect(rates).toContain('21%');
    expect(rates.filter((rate) => rate.includes(' '))).toEqual([]);
  }, 60_000);

  test('Escape closes the menu of other document types and gives the focus back to it', async () => {
    await open('documents', 'INV-2026-0100');
    const summary = await page().waitForSelector('details.menu summary');
    await summary?.focus();
    await page().keyboard.press('Enter');
    await byName(page(), 'New quote', 'link');
    await page().keyboard.press('Tab');
    expect(await page().evaluate(() => document.activeElement?.textContent)).toBe('New quote');
    await page().keyboard.press('Escape');
    const state = await page().evaluate(() => ({
      open: document.querySelector('details.menu')?.hasAttribute('open'),
      focused: document.activeElement?.textContent,
    }));
    expect(state).toEqual({ open: false, focused: 'Other document types' });
    expect(browser.problems).toEqual([]);
  }, 60_000);
});

describe('on a phone (390 px), with the keyboard only', () => {
  test('Escape folds the open menu of sections and leaves the focus on its button', async () => {
    await page().setViewport({ width: 390, height: 844 });
    try {
      await open('documents', 'INV-2026-0100');
      const toggle = await byName(page(), 'Menu: Documents', 'button');
      await toggle.focus();
      await page().keyboard.press('Enter');
      await byName(page(), 'Settings', 'link');
      await page().keyboard.press('Tab');
      expect(await page().evaluate(() => document.activeElement?.textContent)).toBe('Dashboard');
      await page().keyboard.press('Escape');
      const state = await page().evaluate(() => ({
        expanded: document.querySelector('.menu-toggle')?.getAttribute('aria-expanded'),
        focused: document.activeElement?.classList.contains('menu-toggle'),
        sections: document.getElementById('sections')?.getClientRects().length,
      }));
      expect(state).toEqual({ expanded: 'false', focused: true, sections: 0 });
    } finally {
      await page().setViewport({ width: 1280, height: 900 });
    }
  }, 60_000);
});

describe('the product form in English', () => {
  test('the exempt VAT category is explained without citing German law (§ 19 UStG)', async () => {
    await open('products/new', 'New product');
    const category = await byName(page(), 'VAT category', 'combobox');
    const options = await category.evaluate((select) =>
      [...(select as unknown as { options: { text: string }[] }).options].map((option) => option.text),
    );
    expect(options).toContain('Exempt (E), e.g. a small business exempt from VAT');
    expect(options.filter((option) => option.includes('UStG'))).toEqual([]);
  }, 60_000);
});

describe('a credit note sent by e-mail', () => {
  test('its e-mail is listed under Emails at once, as the notice says', async () => {
    const invoice = await server.json(`/api/v1/documents/${overdueId}`, { key: account.apiKey });
    const note = await api('POST', '/api/v1/documents', {
      document_type: 'credit_note',
      number: 'CN-2026-0001',
      issue_date: '2026-02-10',
      currency: 'EUR',
      business_profile_id: invoice.body.data.business_profile_id,
      customer_id: invoice.body.data.customer_id,
      source_document_id: overdueId,
      reason: 'Retainer shortened',
      line_items: [
        {
          name: 'Advisory retainer, shortened',
          quantity: '1',
          unit_price: '100.00',
          taxes: [{ name: 'VAT', rate: '23', category: 'S' }],
        },
      ],
    });
    await api('POST', `/api/v1/documents/${note.id}/finalize`);
    await open(`documents/${note.id}`, 'Send by email');
    await click(page(), 'Send');
    await waitForText(page(), 'Queued for sending. The status shows under Emails.');
    // No reload: the list of e-mails is asked again once one was sent from the page.
    await page().waitForSelector('[aria-labelledby=deliveries-heading]', { timeout: 10_000 });
    const emails = await page().$eval('[aria-labelledby=deliveries-heading]', (card) => card.textContent);
    expect(emails).toContain('ap@liffey.example');
  }, 60_000);
});
