// The Exports screen in a real browser (issue 28 §6, issue 39): DATEV settings saved through the form (a
// field the API refuses named under it), the DATEV bookings and master data, the documents CSV in the
// account's default form, the Excel form and the machine form, the archive and the tax audit's data carrier
// downloaded, in German; the customer form's debtor number; the screen in English.
// SCREENSHOT_DIR=/tmp keeps pictures of the screen in both languages.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { readZip } from '../zip';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let parties: { profileId: string; customerId: string };
// The screen's period is last month (the browser's clock): the invoice is dated on its first day.
const now = new Date();
const firstOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  .toISOString()
  .slice(0, 10);
const lastOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  .toISOString()
  .slice(0, 10);
const span = `${firstOfLastMonth}_${lastOfLastMonth}`;
/** The export requests the page made (path and query), in order. */
const asked: string[] = [];

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server, { name: 'Buchhaltung Süd' });
  parties = await makeParties(server, account);
  await makeDocument(server, account, parties, { number: 'RE-E2E-1', issue_date: firstOfLastMonth }, [
    'finalize',
  ]);
  browser = await openBrowser(server.url, 'de-DE');
  browser.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/exports/')) asked.push(`${url.pathname}${url.search}`);
  });
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, 'API-Schlüssel', account.apiKey);
  await click(browser.page, 'Anmelden');
  await waitForText(browser.page, 'Buchhaltung Süd');
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;

/** The downloaded file of this name once complete (chromium renames it from .crdownload), then removed. */
async function downloaded(name: string): Promise<Buffer> {
  const path = join(browser.downloads, name);
  for (let i = 0; i < 300; i++) {
    if (existsSync(path)) {
      const bytes = readFileSync(path);
      rmSync(path); // the next download of the same name keeps it
      return bytes;
    }
    await Bun.sleep(100);
  }
  throw new Error(`${name} was not downloaded`);
}

/** How many of `asked` each export path's checks have taken: every click of a button asks once. */
const taken = new Map<string, number>();

/**
 * The next export request the page made to `path` (the one the click before asked), with its query. The
 * browser reports requests as events of their own, which under load may come after the downloaded file is
 * already on disk: waited for, and never answered with an earlier click's request (the last request seen
 * could still be the one before, when this click's event had not come yet).
 */
async function lastAsked(path: string): Promise<URLSearchParams> {
  for (let waited = 0; waited < 5_000; waited += 100) {
    const from = taken.get(path) ?? 0;
    const index = asked.findIndex((u, i) => i >= from && u.startsWith(`/api/v1/exports/${path}`));
    const url = asked[index];
    if (url !== undefined) {
      taken.set(path, index + 1);
      return new URLSearchParams(url.split('?')[1] ?? '');
    }
    await Bun.sleep(100);
  }
  throw new Error(`no new request to ${path}`);
}

const BOM = [0xef, 0xbb, 0xbf];
const utf8 = (bytes: Buffer) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

async function screenshot(name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: join(dir, `${name}.png`) as `${string}.png`, fullPage: true });
}

describe('console: exports', () => {
  test('DATEV settings are saved from the form; a refused field is named under it', async () => {
    await click(page(), 'Exporte', 'link');
    await byName(page(), 'DATEV-Datei herunterladen', 'button');
    await choose(page(), 'Kontenrahmen', 'SKR04');
    await typeInto(page(), 'Beraternummer', '12');
    await typeInto(page(), 'Mandantennummer', '55003');
    await click(page(), 'Einstellungen speichern');
    // 12 is below DATEV's smallest Beraternummer: the API's 422 shows under the field.
    await page().waitForSelector('[aria-invalid="true"]', { timeout: 10_000 });
    browser.problems.length = 0; // the refused save's 422 is the point of this step
    const refused = await byName(page(), 'Beraternummer', 'textbox');
    expect(await refused.evaluate((input) => input.getAttribute('aria-invalid'))).toBe('true');
    await typeInto(page(), 'Beraternummer', '29098');
    await click(page(), 'Einstellungen speichern');
    await waitForText(page(), 'Einstellungen gespeichert.');
    const stored = await server.json('/api/v1/settings/accounting', { key: account.apiKey });
    expect(stored.body.data).toMatchObject({
      chart: 'SKR04',
      consultant_number: 29098,
      client_number: 55003,
    });
    expect(stored.body.data.revenue_accounts.standard_19.account).toBe('4400');
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the DATEV file and its master data download for the period (last month by default)', async () => {
    await click(page(), 'DATEV-Datei herunterladen');
    const datev = new TextDecoder('windows-1252').decode(
      await downloaded(`EXTF_Buchungsstapel_issued_${span}.csv`),
    );
    const lines = datev.split('\r\n');
    expect(lines[0]?.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    expect(lines[2]).toContain('"RE-E2E-1"');
    expect(lines[2]).toContain(';4400;');
    // The master data names the debtor the bookings gave its number (10000).
    await click(page(), 'DATEV-Stammdaten herunterladen (Debitoren/Kreditoren)');
    const master = new TextDecoder('windows-1252')
      .decode(await downloaded(`EXTF_Debitoren_Kreditoren_${span}.csv`))
      .split('\r\n');
    expect(master[0]?.startsWith('"EXTF";700;16;"Debitoren/Kreditoren";5;')).toBe(true);
    expect(master[1]?.startsWith('Konto;')).toBe(true);
    expect(master[2]?.startsWith('10000;"Acme Ltd";')).toBe(true);
    expect(Object.fromEntries(await lastAsked('datev-master-data.csv'))).toEqual({
      from: firstOfLastMonth,
      to: lastOfLastMonth,
    });
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the documents CSV in the account default, the Excel form and the machine form', async () => {
    // No choice: no `format`, the account's default (its profile states no locale: the machine form).
    expect(
      await page().evaluate(() =>
        [...document.querySelectorAll('label')].some((l) => l.textContent === 'Dateiformat'),
      ),
    ).toBe(true);
    await click(page(), 'Belege als CSV herunterladen');
    const plain = utf8(await downloaded(`documents_${span}.csv`));
    expect((await lastAsked('documents.csv')).has('format')).toBe(false);
    expect(plain.split('\r\n')[0]).toBe(
      'number,type,issue_date,due_date,customer,net,tax,total,amount_paid,amount_due,status,currency',
    );
    expect(plain).toContain('RE-E2E-1,invoice,');

    await choose(page(), 'Dateiformat', 'Excel (Deutschland)');
    await click(page(), 'Belege als CSV herunterladen');
    const excel = await downloaded(`documents_${span}.csv`);
    expect((await lastAsked('documents.csv')).get('format')).toBe('excel-de');
    expect([...excel.subarray(0, 3)]).toEqual(BOM);
    const excelLines = utf8(excel.subarray(3)).split('\r\n');
    expect(excelLines[0]).toBe(
      'number;type;issue_date;due_date;customer;net;tax;total;amount_paid;amount_due;status;currency',
    );
    const [day, month, year] = [
      firstOfLastMonth.slice(8),
      firstOfLastMonth.slice(5, 7),
      firstOfLastMonth.slice(0, 4),
    ];
    expect(excelLines[1]).toStartWith(`RE-E2E-1;invoice;${day}.${month}.${year};`);
    // 10 × 9.99 + 100.00 at 19 %: amounts with a decimal comma, no thousands separator.
    expect(excelLines[1]).toContain(';199,90;37,98;237,88;');
    // The received documents come in the same form.
    await click(page(), 'Eingangsrechnungen als CSV herunterladen');
    const received = await downloaded(`received-documents_${span}.csv`);
    expect((await lastAsked('received-documents.csv')).get('format')).toBe('excel-de');
    expect([...received.subarray(0, 3)]).toEqual(BOM);
    expect(utf8(received.subarray(3))).toStartWith('number;type;issue_date;due_date;supplier;');

    await choose(page(), 'Dateiformat', 'Maschinenlesbar (UTF-8, Komma)');
    await click(page(), 'Belege als CSV herunterladen');
    const machine = await downloaded(`documents_${span}.csv`);
    expect((await lastAsked('documents.csv')).get('format')).toBe('machine');
    expect([...machine.subarray(0, 3)]).not.toEqual(BOM);
    expect(utf8(machine)).toBe(plain);
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the data carrier for a tax audit (GoBD Z3) downloads as a ZIP with its index.xml', async () => {
    await waitForText(page(), 'Datenträger für die Betriebsprüfung (GoBD, Z3)');
    await click(page(), 'Datenträger herunterladen (ZIP)');
    const entries = readZip(new Uint8Array(await downloaded(`audit_${span}.zip`)));
    expect(Object.fromEntries(await lastAsked('audit.zip'))).toEqual({
      from: firstOfLastMonth,
      to: lastOfLastMonth,
    });
    const names = entries.map((e) => e.name);
    for (const name of [
      'index.xml',
      'gdpdu-01-09-2004.dtd',
      'documents.csv',
      'document_lines.csv',
      'customers.csv',
      'issued/RE-E2E-1.pdf',
    ])
      expect(names).toContain(name);
    const index = new TextDecoder().decode(entries.find((e) => e.name === 'index.xml')?.bytes);
    expect(index).toContain('<!DOCTYPE DataSet SYSTEM "gdpdu-01-09-2004.dtd">');
    const documents = new TextDecoder().decode(entries.find((e) => e.name === 'documents.csv')?.bytes);
    expect(documents).toContain('"RE-E2E-1"');
    await screenshot('exports-de');
    if (process.env.SCREENSHOT_DIR) {
      await page().setViewport({ width: 820, height: 900 }); // a tablet: one column
      await screenshot('exports-de-820');
      await page().setViewport({ width: 1280, height: 900 });
    }
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the archive prepared in the background is offered for download once its job has run', async () => {
    await click(page(), 'Archiv im Hintergrund erstellen');
    await waitForText(page(), 'Das Archiv wird erstellt …');
    await server.jobs.runDue();
    await click(page(), 'Erstelltes Archiv herunterladen');
    const names = readZip(new Uint8Array(await downloaded(`archive_${span}.zip`))).map((e) => e.name);
    expect(names.sort()).toEqual(['index.csv', 'issued/RE-E2E-1.pdf']);
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the customer form shows and changes the debtor number the export gave', async () => {
    await page().goto(`${server.url}/#/customers/${parties.customerId}`);
    const field = await byName(page(), 'Debitorennummer', 'textbox');
    expect(await field.evaluate((input) => (input as unknown as { value: string }).value)).toBe('10000');
    await typeInto(page(), 'Debitorennummer', '10500');
    await click(page(), 'Speichern');
    for (let i = 0; i < 50; i++) {
      const customer = await server.json(`/api/v1/customers/${parties.customerId}`, { key: account.apiKey });
      if (customer.body.data.debtor_number === 10500) break;
      await Bun.sleep(100);
    }
    const customer = await server.json(`/api/v1/customers/${parties.customerId}`, { key: account.apiKey });
    expect(customer.body.data.debtor_number).toBe(10500);
    // Saved, the form hands back to the list (leaving earlier would ask about unsaved changes).
    await page().waitForFunction((id: string) => !location.hash.includes(id), {}, parties.customerId);
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the screen in English: the same downloads with their English names', async () => {
    await page().goto(`${server.url}/#/exports`);
    await byName(page(), 'Datenträger herunterladen (ZIP)', 'button');
    await choose(page(), 'Sprache', 'English');
    await byName(page(), 'Download DATEV master data (debtors/creditors)', 'button');
    await choose(page(), 'File format', 'Excel (Germany)');
    await byName(page(), 'Download the data carrier (ZIP)', 'button');
    await waitForText(page(), 'Data carrier for a tax audit (GoBD, Z3)');
    await screenshot('exports-en');
    expect(browser.problems).toEqual([]);
  }, 60_000);
});
