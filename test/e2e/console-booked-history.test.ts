// The agency's imported history in the German console (test/http/booked-until.test.ts for the API): the
// documents list finalizes the drafts ticked, each through finalize as its own page does (the question of
// a draft lacking what § 14 UStG asks names that draft, Cancel keeps it a draft; a draft its customer's
// XRechnung would reject is refused for itself, the others go on), with a summary; the DATEV settings take
// the day up to which the adviser booked ("Bereits gebucht bis"), and the downloads say it. Then English.
// SCREENSHOT_DIR=/tmp keeps pictures of the screens.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { documentBody } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
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

let server: TestServer;
let account: TestAccount;
let browser: Watched;
/** The drafts by number. */
const drafts: Record<string, string> = {};
/** The questions the page asked (confirm), in order. */
const asked: string[] = [];
// The screen's DATEV period is last month (the browser's clock); the adviser booked up to its last day.
const now = new Date();
const lastOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  .toISOString()
  .slice(0, 10);
const [year, month, day] = lastOfLastMonth.split('-');

const page = () => browser.page;

async function api(method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function screenshot(name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: join(dir, `${name}.png`) as `${string}.png`, fullPage: true });
}

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server, { name: 'Agentur Nord GmbH' });
  const seller = await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Agentur Nord GmbH',
    tax_id: 'DE123456789',
    default_locale: 'de-DE',
    address: { line1: 'Speicherstadt 3', postal_code: '20457', city: 'Hamburg', country: 'DE' },
  });
  const weber = await api('POST', '/api/v1/customers', {
    name: 'Weber KG',
    billing_address: { line1: 'Ring 2', postal_code: '22111', city: 'Hamburg', country: 'DE' },
  });
  // No address: above € 250 (no Kleinbetragsrechnung) § 14 Abs. 4 Nr. 1 UStG asks for it (a notice, asked).
  const kiosk = await api('POST', '/api/v1/customers', { name: 'Kiosk Elbe' });
  // An authority taking XRechnung, without its Leitweg-ID: finalize refuses the draft.
  const amt = await api('POST', '/api/v1/customers', {
    name: 'Bezirksamt Altona',
    einvoice_profile: 'xrechnung_ubl',
    billing_address: { line1: 'Platz der Republik 1', postal_code: '22765', city: 'Hamburg', country: 'DE' },
  });
  const history = [
    { number: 'RE-2026-0100', customer: weber.id },
    { number: 'RE-2026-0101', customer: amt.id },
    { number: 'RE-2026-0102', customer: kiosk.id },
    { number: 'RE-2026-0103', customer: weber.id },
  ];
  const website = [
    { name: 'Website', quantity: '1', unit_price: '1800.00', taxes: [{ rate: '19', category: 'S' }] },
  ];
  for (const { number, customer } of history) {
    const doc = await api(
      'POST',
      '/api/v1/documents',
      documentBody(
        { profileId: seller.id, customerId: customer },
        { number, issue_date: '2026-05-04', line_items: website },
      ),
    );
    drafts[number] = doc.id;
  }
  browser = await openBrowser(server.url, 'de-DE');
  // The kiosk's question is answered Cancel (it stays a draft); any other is accepted.
  browser.page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    if (dialog.message().includes('RE-2026-0102')) void dialog.dismiss();
    else void dialog.accept();
  });
  await signInGerman(page(), server.url, account.apiKey, 'Agentur Nord GmbH');
}, 90_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('console: an imported history', () => {
  test('the drafts chosen are finalized one by one, each asked and refused for itself, with a summary', async () => {
    await click(page(), 'Dokumente', 'link');
    await waitForText(page(), 'RE-2026-0103');
    await click(page(), 'Alle angezeigten Entwürfe auswählen', 'checkbox');
    // The one of them not to finalize now is unticked again.
    await click(page(), 'RE-2026-0103 auswählen', 'checkbox');
    await click(page(), 'Ausgewählte abschließen (3)');
    await waitForText(page(), '1 von 3 abgeschlossen.', 60_000);
    await waitForText(page(), 'Auf Ihre Antwort hin als Entwurf belassen: RE-2026-0102');
    await waitForText(page(), 'Nicht abgeschlossen:');
    // The refusal is said for the authority's draft, in German, naming what to fix.
    const summary = await page().$eval('.finalize-summary', (node) => (node as HTMLElement).innerText);
    expect(summary).toContain('RE-2026-0101: Die E-Rechnung, die dieser Kunde braucht, würde abgelehnt');
    expect(summary).not.toContain('RE-2026-0103');
    // Kiosk's question named its draft and said what § 14 asks; no question for the others.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('RE-2026-0102');
    expect(asked[0]).toContain('§ 14 Abs. 4 Nr. 1 UStG');
    const status = async (number: string) =>
      (await api('GET', `/api/v1/documents/${drafts[number]}`)).status as string;
    expect(await status('RE-2026-0100')).toBe('finalized');
    expect(await status('RE-2026-0101')).toBe('draft');
    expect(await status('RE-2026-0102')).toBe('draft');
    expect(await status('RE-2026-0103')).toBe('draft');
    await screenshot('booked-finalize-chosen-de');
    // The list read again: the finalized one has no box any more, the drafts theirs.
    await byName(page(), 'RE-2026-0101 auswählen', 'checkbox');
    expect(await page().$$eval('input[aria-label="RE-2026-0100 auswählen"]', (n) => n.length)).toBe(0);
    expect(browser.problems).toEqual([]);
  }, 120_000);

  test('the DATEV settings take "Bereits gebucht bis", and the downloads say what they leave out', async () => {
    await click(page(), 'Exporte', 'link');
    await waitForText(page(), 'Bereits gebucht bis');
    await waitForText(page(), 'damit nichts doppelt gebucht wird');
    await page().$$eval(
      'label',
      (labels, value) => {
        const label = labels.find((l) => l.textContent === 'Bereits gebucht bis');
        const input = document.getElementById(label?.getAttribute('for') ?? '');
        if (!input) throw new Error('no field Bereits gebucht bis');
        Object.assign(input, { value });
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      lastOfLastMonth,
    );
    await click(page(), 'Einstellungen speichern');
    await waitForText(page(), 'Einstellungen gespeichert.');
    expect((await api('GET', '/api/v1/settings/accounting')).booked_until).toBe(lastOfLastMonth);
    await waitForText(page(), `Bis zum ${day}.${month}.${year} ist bereits gebucht`);
    await screenshot('booked-until-de');
    // Saving the other settings keeps the day.
    await choose(page(), 'Kontenrahmen', 'SKR04');
    await click(page(), 'Einstellungen speichern');
    await waitForText(page(), 'Einstellungen gespeichert.');
    expect(await api('GET', '/api/v1/settings/accounting')).toMatchObject({
      chart: 'SKR04',
      booked_until: lastOfLastMonth,
    });
    // A DATEV file of a period reaching back into the booked days says how many bookings it left out (the
    // history finalized above is dated 4 May).
    await typeInto(page(), 'Beraternummer', '29098');
    await typeInto(page(), 'Mandantennummer', '55003');
    await click(page(), 'Einstellungen speichern');
    await waitForText(page(), 'Einstellungen gespeichert.');
    await page().$$eval(
      'label',
      (labels, value) => {
        const label = labels.find((l) => l.textContent === 'Erster Tag');
        const input = document.getElementById(label?.getAttribute('for') ?? '');
        if (!input) throw new Error('no field Erster Tag');
        Object.assign(input, { value });
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      '2026-05-01',
    );
    await click(page(), 'DATEV-Datei herunterladen');
    await waitForText(page(), `bis einschließlich ${day}.${month}.${year} aus (bereits gebucht).`);
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('in English', async () => {
    await page().evaluate(() => localStorage.setItem('invoice-console.language', 'en'));
    await page().reload();
    await waitForText(page(), 'Already booked up to');
    await waitForText(page(), 'the DATEV files leave out every booking dated on or before it');
    await click(page(), 'Documents', 'link');
    await waitForText(page(), 'RE-2026-0101');
    await click(page(), 'Choose RE-2026-0103', 'checkbox');
    await click(page(), 'Finalize chosen (1)');
    await waitForText(page(), '1 of 1 finalized.', 60_000);
    expect((await api('GET', `/api/v1/documents/${drafts['RE-2026-0103']}`)).status).toBe('finalized');
    expect(browser.problems).toEqual([]);
  }, 90_000);
});
