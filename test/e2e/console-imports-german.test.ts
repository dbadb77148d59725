// The import screen as a German office meets it: files from Excel or an accounting tool (semicolons, Windows-1252,
// countries by name, dates as 31.12.2026, a workbook chosen by mistake), every problem said with its row and
// column in the console's language, German and English.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer, tempDir } from '../harness';
import { choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A signed-in console on the import screen, in `language`. */
async function importScreen(language: 'de-DE' | 'en-US', account: TestAccount, name: string) {
  const browser = await openBrowser(server.url, language);
  const page = browser.page;
  await page.goto(`${server.url}/`);
  await typeInto(page, language === 'de-DE' ? 'API-Schlüssel' : 'API key', account.apiKey);
  await click(page, language === 'de-DE' ? 'Anmelden' : 'Sign in');
  await waitForText(page, name);
  await click(page, language === 'de-DE' ? 'Stapel und Importe' : 'Batches and imports', 'link');
  return browser;
}

/** Chooses `bytes` as the file to import, named `name`. */
async function upload(browser: Watched, name: string, bytes: Buffer | string) {
  const file = join(tempDir(), name);
  writeFileSync(file, bytes);
  const input = await browser.page.waitForSelector('input[type="file"][accept*=".csv"]');
  await input?.uploadFile(file);
}

const text = (browser: Watched) =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  browser.page.evaluate(() => document.body.innerText);

/** The first bytes of an .xlsx: a ZIP archive's local file header. */
const WORKBOOK = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
  Buffer.alloc(64),
]);

describe('console imports in German', () => {
  let browser: Watched;
  let account: TestAccount;
  beforeAll(async () => {
    account = await makeAccount(server, { name: 'Tischlerei Ost' });
    browser = await importScreen('de-DE', account, 'Tischlerei Ost');
  }, 60_000);
  afterAll(async () => {
    await browser?.browser.close();
  });

  test('an Excel file of customers in Windows-1252: countries by name, each bad row named in German', async () => {
    const csv =
      'name;email;billing_address.line1;billing_address.postal_code;billing_address.city;billing_address.country;;\r\n' +
      'Müller GmbH;info@mueller.example;Hauptstr. 1;10115;Berlin;Deutschland;;\r\n' +
      'Huber KG;kein-mail;Ring 2;1010;Wien;Österreich;;\r\n' +
      'Gerber AG;;Bahnhofstr. 3;8001;Zürich;Atlantis;;\r\n';
    await upload(browser, 'kunden.csv', Buffer.from(csv, 'latin1'));
    await waitForText(browser.page, '3 Zeilen, 0 importiert, 2 abgelehnt');
    const shown = await text(browser);
    expect(shown).toContain('Zeile 3: Spalte „email“');
    expect(shown).toContain('Zeile 4: Spalte „billing_address.country“');
    expect(shown).not.toContain('Expected string');
    await click(browser.page, 'Import bestätigen');
    await waitForText(browser.page, '3 Zeilen, 1 importiert, 2 abgelehnt');
    const customers = await server.json('/api/v1/customers', { key: account.apiKey });
    const [mueller] = customers.body.data;
    const full = await server.json(`/api/v1/customers/${mueller.id}`, { key: account.apiKey });
    expect(full.body.data).toMatchObject({ name: 'Müller GmbH', billing_address: { country: 'DE' } });
  }, 60_000);

  test('documents: a date that does not exist and a number written the English way are named in German', async () => {
    const { profileId, customerId } = await makeParties(server, account);
    await choose(browser.page, 'Was importieren', 'Dokumente');
    const csv = [
      'number;issue_date;currency;business_profile_id;customer_id;line.name;line.quantity;line.unit_price;line.tax_rate',
      `RE-1;31.02.2026;EUR;${profileId};${customerId};Beratung;1;1.234;19`,
      `RE-1;;EUR;${profileId};${customerId};Reise;1;50,00;19`,
      `RE-2;01.12.2026;CHF;${profileId};${customerId};Stuhl;1;10,00 €;19`,
    ].join('\r\n');
    await upload(browser, 'rechnungen.csv', `\uFEFF${csv}\r\n`);
    await waitForText(browser.page, '3 Zeilen, 0 importiert, 3 abgelehnt');
    const shown = await text(browser);
    expect(shown).toContain('Zeile 2: Spalte „issue_date“: „31.02.2026“ ist kein Datum (Tag.Monat.Jahr).');
    expect(shown).toContain(
      '(Tag.Monat.Jahr). Spalte „line.unit_price“: „1.234“ kann 1234 oder 1,234 heißen: ohne Punkt schreiben oder mit Dezimalkomma.',
    );
    expect(shown).toContain(
      'Zeile 4: Spalte „line.unit_price“: Ein Betrag in Euro (€) in einem Dokument in CHF: in CHF und ohne Eurozeichen schreiben.',
    );
    expect(shown).toContain('Zeile 3: Nicht importiert: das Dokument aus den Zeilen 2-3 hat Fehler.');
  }, 60_000);

  test('an article list from lexoffice: chosen as Artikel, reviewed, confirmed into the catalogue', async () => {
    await choose(browser.page, 'Was importieren', 'Artikel');
    await waitForText(browser.page, 'Artikelnummer, Bezeichnung, Beschreibung, Einheit, Preis netto');
    const csv = [
      'Artikelnummer;Bezeichnung;Einheit;Preis netto;Steuersatz',
      'FL-30;Fliesen 30x60;m²;34,90 €;19 %',
      'AZ-1;Arbeitszeit;Std.;58,00;19',
    ].join('\r\n');
    await upload(browser, 'artikel.csv', `${csv}\r\n`);
    await waitForText(browser.page, '2 Zeilen, 0 importiert, 0 abgelehnt');
    await click(browser.page, 'Import bestätigen');
    await waitForText(browser.page, '2 Zeilen, 2 importiert, 0 abgelehnt');
    const products = await server.json('/api/v1/products', { key: account.apiKey });
    expect(
      products.body.data
        .map((p: { article_number: string; unit_price: string }) => [p.article_number, p.unit_price])
        .sort(),
    ).toEqual([
      ['AZ-1', '58.00'],
      ['FL-30', '34.90'],
    ]);
    await choose(browser.page, 'Was importieren', 'Kunden');
  }, 60_000);

  test('a header the import does not know, and a workbook chosen instead of a CSV, are said in German', async () => {
    await choose(browser.page, 'Was importieren', 'Kunden');
    await upload(browser, 'kunden.csv', 'name;lieblingsfarbe\r\nMüller GmbH;blau\r\n');
    await waitForText(browser.page, 'Kopfzeile: Eine Spalte „lieblingsfarbe“ gibt es nicht');
    await upload(browser, 'kunden.xlsx', WORKBOOK);
    await waitForText(browser.page, 'Das ist eine Excel-Arbeitsmappe');
    expect(await text(browser)).not.toContain('NUL');
  }, 60_000);
});

describe('console imports in English', () => {
  test('a workbook chosen instead of a CSV, and a bad row, are said in English', async () => {
    const account = await makeAccount(server, { name: 'Joinery West' });
    const browser = await importScreen('en-US', account, 'Joinery West');
    try {
      await upload(browser, 'customers.xlsx', WORKBOOK);
      await waitForText(browser.page, 'This is a spreadsheet workbook (such as .xlsx), not a CSV file.');
      await upload(
        browser,
        'customers.csv',
        'name,billing_address.line1,billing_address.country\nAcme,1 Main St,Narnia\n',
      );
      await waitForText(
        browser.page,
        // The first record is row 2 of the spreadsheet, under the header row.
        'Row 2: Column “billing_address.country”: Enter the two-letter country code',
      );
    } finally {
      await browser.browser.close();
    }
  }, 60_000);
});
