// The dashboard and a customer's statement in a real browser (issue 28 §6): figures from the reports API,
// the console's own SVG charts with their table alternatives (opened with the keyboard), German and
// English, and "Statement" on a customer viewed in the page and downloaded as a PDF.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let customerId: string;
let septemberNumber: string;
const clock = new FakeClock(new Date('2026-11-20T09:30:00.000Z'));
/** Where to keep screenshots of the dashboard for a person to look at (unset: none are taken). */
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Kanzlei Süd' });
  const parties = await makeParties(server, account);
  customerId = parties.customerId;
  const key = { key: account.apiKey };
  // Overdue 142 days (137.88 left after a payment), overdue 41 days, and one of this month not yet due.
  const june = await makeDocument(
    server,
    account,
    parties,
    { issue_date: '2026-06-01', due_date: '2026-07-01' },
    ['finalize', 'mark-sent'],
  );
  await server.json(`/api/v1/documents/${june.id}/payments`, {
    method: 'POST',
    ...key,
    body: { amount: '100.00', date: '2026-08-01', reference: 'SEPA-4711' },
  });
  await makeDocument(server, account, parties, { issue_date: '2026-10-01', due_date: '2026-10-10' }, [
    'finalize',
  ]);
  await makeDocument(server, account, parties, { issue_date: '2026-11-02', due_date: '2026-12-02' }, [
    'finalize',
  ]);
  // Another customer paid one invoice twice over (237.88 due, 250.00 paid): 12.12 is its credit, taken off
  // what is open. The later-dated payment is entered first, so the list's order is the payments' dates.
  const other = await makeParties(server, account);
  await server.json(`/api/v1/customers/${other.customerId}`, {
    method: 'PATCH',
    ...key,
    body: { name: 'Beta GmbH' },
  });
  const september = await makeDocument(
    server,
    account,
    other,
    { issue_date: '2026-09-01', due_date: '2026-09-15' },
    ['finalize', 'mark-sent'],
  );
  for (const [amount, date, reference] of [
    ['200.00', '2026-10-20', 'SEPA-1020'],
    ['50.00', '2026-09-20', 'SEPA-0920'],
  ] as const)
    await server.json(`/api/v1/documents/${september.id}/payments`, {
      method: 'POST',
      ...key,
      body: { amount, date, reference },
    });
  septemberNumber = september.number;
  const received = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml')),
  });
  if (received.status !== 201) throw new Error(`receive: ${received.status}`);
  browser = await openBrowser(server.url);
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, 'API key', account.apiKey);
  await click(browser.page, 'Sign in');
  await waitForText(browser.page, 'Kanzlei Süd');
}, 90_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;

/** The accessible name of each chart drawn as an image. */
const chartNames = () =>
  page().evaluate(() =>
    [...document.querySelectorAll('svg[role="img"]')].map((svg) => svg.getAttribute('aria-label') ?? ''),
  );

async function waitForDownload(suffix: string): Promise<Buffer> {
  for (let i = 0; i < 100; i++) {
    const name = readdirSync(browser.downloads).find((file) => file.endsWith(suffix));
    if (name) {
      const bytes = readFileSync(join(browser.downloads, name));
      if (bytes.length > 0) return bytes;
    }
    await Bun.sleep(100);
  }
  throw new Error(`no ${suffix} downloaded`);
}

describe('console: dashboard and statement', () => {
  test('the dashboard shows open, overdue, ageing, revenue, payments and what awaits approval', async () => {
    await click(page(), 'Dashboard', 'link');
    await waitForText(page(), 'Open and overdue');
    // 137.88 + 237.88 overdue; with November's 237.88 613.64, less Beta's credit of 12.12: open 601.52.
    await waitForText(page(), '€601.52');
    await waitForText(page(), '€375.76');
    const names = await chartNames();
    expect(names.find((n) => n.startsWith('Ageing of receivables (EUR)'))).toContain('90+ days: €137.88');
    expect(names.find((n) => n.startsWith('Revenue per month (EUR)'))).toContain('Nov: €199.90');
    // The table alternative opens with the keyboard.
    await page().focus('#ageing-EUR-caption ~ details summary');
    await page().keyboard.press('Enter');
    const opened = await page().$eval('figure[aria-labelledby="ageing-EUR-caption"] details', (details) =>
      details.hasAttribute('open'),
    );
    expect(opened).toBe(true);
    const rows = await page().$$eval(
      'figure[aria-labelledby="ageing-EUR-caption"] details table tbody tr',
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees once the table is open
      (trs) => trs.map((tr) => (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
    // The parts add up to what is open: the credits are a line of their own.
    expect(rows).toEqual([
      'Not yet due €237.88',
      '0-30 days €0.00',
      '31-60 days €237.88',
      '61-90 days €0.00',
      '90+ days €137.88',
      'Credits of customers -€12.12',
      'Open (EUR) €601.52',
    ]);
    expect(names.find((n) => n.startsWith('Ageing of receivables (EUR)'))).toContain(
      'Credits of customers: -€12.12',
    );
    await waitForText(page(), 'Credits of customers: -€12.12');
    // Last payments by their own date, newest first, each naming the invoice it paid and its buyer.
    await waitForText(page(), 'SEPA-4711');
    const payments = await page().$$eval(
      'table.last-payments tbody tr',
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
      (trs) => trs.map((tr) => (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
    expect(payments.map((row) => row.match(/SEPA-\d+/)?.[0])).toEqual([
      'SEPA-1020',
      'SEPA-0920',
      'SEPA-4711',
    ]);
    expect(payments[0]).toContain(septemberNumber);
    expect(payments[0]).toContain('Beta GmbH');
    await waitForText(page(), '[Seller trading name]');
    await byName(page(), '[Seller trading name]', 'link');
    if (SHOTS) await page().screenshot({ path: join(SHOTS, 'dashboard-en.png'), fullPage: true });
  }, 60_000);

  test('in German', async () => {
    await choose(page(), 'Language', 'Deutsch');
    await waitForText(page(), 'Offen und überfällig');
    await waitForText(page(), '375,76\u00a0€');
    await waitForText(page(), 'Guthaben von Kunden: -12,12\u00a0€');
    await page().setViewport({ width: 390, height: 900 });
    if (SHOTS) await page().screenshot({ path: join(SHOTS, 'dashboard-de-390.png'), fullPage: true });
    await page().setViewport({ width: 1280, height: 900 });
    expect((await chartNames()).some((n) => n.startsWith('Altersstruktur der Forderungen (EUR)'))).toBe(true);
    await byName(page(), 'Übersicht', 'link');
    if (SHOTS) await page().screenshot({ path: join(SHOTS, 'dashboard-de.png'), fullPage: true });
    await choose(page(), 'Sprache', 'English');
    await waitForText(page(), 'Open and overdue');
  }, 30_000);

  test('"Statement" on a customer: viewed in the page and downloaded as a PDF', async () => {
    await page().goto(`${server.url}/#/customers/${customerId}`);
    await byName(page(), 'View statement', 'button');
    for (const [label, value] of [
      ['Period from', '2026-06-01'],
      ['Period to', '2026-11-30'],
    ] as const) {
      const field = await byName(page(), label, 'textbox');
      await field.evaluate((input, v) => {
        const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        set?.call(input, v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
    }
    await click(page(), 'View statement');
    // Drawn with PDF.js, never the browser's own PDF plugin in a frame (issue 36).
    await page().waitForSelector('section.pdf-pages[aria-label="Statement of Acme Ltd"] canvas', {
      timeout: 20_000,
    });
    expect(await page().$('iframe')).toBeNull();
    await click(page(), 'Download statement PDF');
    const pdf = await inspectPdf(new Uint8Array(await waitForDownload('.pdf')));
    expect(pdf.text).toContain('Statement of account');
    expect(pdf.text).toContain('Acme Ltd');
    expect(pdf.text).toContain('€613.64');
    expect(browser.foreign).toEqual([]);
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test('a customer two business profiles bill: the statement asks whose, and is that seller’s', async () => {
    const services = await server.json('/api/v1/business-profiles', {
      method: 'POST',
      key: account.apiKey,
      body: { legal_name: 'Süd Services UG', address: { line1: 'Weg 3', city: 'München', country: 'DE' } },
    });
    const parties = { profileId: services.body.data.id as string, customerId };
    const theirs = await makeDocument(server, account, parties, { issue_date: '2026-11-03' }, ['finalize']);
    await page().goto(`${server.url}/#/customers/${customerId}`);
    await click(page(), 'View statement');
    await waitForText(page(), 'Acme Ltd is billed by 2 of your business profiles');
    // Nobody's statement is chosen for the user: View again asks again.
    const refusedAgain = page().waitForResponse((r) => r.url().includes('/statement') && r.status() === 422);
    await click(page(), 'View statement');
    await refusedAgain;
    await waitForText(page(), 'please choose it');
    expect(await page().$('section.pdf-pages canvas')).toBeNull();

    await choose(page(), 'Seller', 'Süd Services UG');
    if (SHOTS) await page().screenshot({ path: join(SHOTS, 'statement-sellers-en.png'), fullPage: true });
    for (const file of readdirSync(browser.downloads)) rmSync(join(browser.downloads, file));
    await click(page(), 'Download statement PDF');
    const pdf = await inspectPdf(new Uint8Array(await waitForDownload('.pdf')));
    expect(pdf.text).toContain('Süd Services UG');
    expect(pdf.text).toContain(theirs.number);
    expect(pdf.text).not.toContain('€613.64');
    // The browser notes each refused statement's 422 (the point of the first steps), whenever its note
    // arrives; nothing else.
    expect(browser.problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
  }, 60_000);
});
