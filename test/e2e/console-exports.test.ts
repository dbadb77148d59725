// The Exports screen in a real browser (issue 28 §6): DATEV settings saved through the form (a field the
// API refuses named under it), the DATEV file and the documents CSV downloaded, in German; and the customer
// form's debtor number.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
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

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server, { name: 'Buchhaltung Süd' });
  parties = await makeParties(server, account);
  await makeDocument(server, account, parties, { number: 'RE-E2E-1', issue_date: firstOfLastMonth }, [
    'finalize',
  ]);
  browser = await openBrowser(server.url, 'de-DE');
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

async function downloaded(suffix: string): Promise<Buffer> {
  for (let i = 0; i < 100; i++) {
    const name = readdirSync(browser.downloads).find((file) => file.endsWith(suffix));
    if (name) return readFileSync(join(browser.downloads, name));
    await Bun.sleep(100);
  }
  throw new Error(`no ${suffix} downloaded`);
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

  test('the DATEV file and the documents CSV download for the period (last month by default)', async () => {
    await click(page(), 'DATEV-Datei herunterladen');
    const datev = new TextDecoder('windows-1252').decode(await downloaded('.csv'));
    const lines = datev.split('\r\n');
    expect(lines[0]?.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    expect(lines[2]).toContain('"RE-E2E-1"');
    expect(lines[2]).toContain(';4400;');
    await click(page(), 'Belege als CSV herunterladen');
    let csv = '';
    for (let i = 0; i < 100 && !csv; i++) {
      const name = readdirSync(browser.downloads).find((file) => file.startsWith('documents_'));
      if (name) csv = readFileSync(join(browser.downloads, name), 'utf8');
      else await Bun.sleep(100);
    }
    expect(csv.split('\r\n')[0]).toBe(
      'number,type,issue_date,due_date,customer,net,tax,total,amount_paid,amount_due,status,currency',
    );
    expect(csv).toContain('RE-E2E-1,invoice,');
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the archive prepared in the background is offered for download once its job has run', async () => {
    await click(page(), 'Archiv im Hintergrund erstellen');
    await waitForText(page(), 'Das Archiv wird erstellt …');
    await server.jobs.runDue();
    await click(page(), 'Erstelltes Archiv herunterladen');
    const names = readZip(new Uint8Array(await downloaded('.zip'))).map((e) => e.name);
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
    expect(browser.problems).toEqual([]);
  }, 90_000);
});
