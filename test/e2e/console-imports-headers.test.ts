// The import screen given a customer list whose header row is German (as lexoffice, sevDesk or an Excel list
// name the columns): accepted, each problem said at the file's own column, and a header it does not know
// answered with the names it does know, in German.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer, tempDir } from '../harness';
import { click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function upload(browser: Watched, name: string, bytes: Buffer | string) {
  const file = join(tempDir(), name);
  writeFileSync(file, bytes);
  const input = await browser.page.waitForSelector('input[type="file"][accept*=".csv"]');
  await input?.uploadFile(file);
}

const text = (browser: Watched) =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  browser.page.evaluate(() => document.body.innerText);

describe('console imports with German column names', () => {
  let browser: Watched;
  let account: TestAccount;
  beforeAll(async () => {
    account = await makeAccount(server, { name: 'Bäckerei Nord' });
    browser = await openBrowser(server.url, 'de-DE');
    await browser.page.goto(`${server.url}/`);
    await typeInto(browser.page, 'API-Schlüssel', account.apiKey);
    await click(browser.page, 'Anmelden');
    await waitForText(browser.page, 'Bäckerei Nord');
    await click(browser.page, 'Stapel und Importe', 'link');
  }, 60_000);
  afterAll(async () => {
    await browser?.browser.close();
  });

  test('the screen says German column names are read', async () => {
    await waitForText(browser.page, 'Firma');
    expect(await text(browser)).toContain('Kundennummer');
  }, 60_000);

  test('a lexoffice-like list: imported, problems at the file’s columns in German', async () => {
    const csv =
      'Kundennummer;Firma;Name;Vorname;Straße;PLZ;Ort;Land;E-Mail\r\n' +
      '10001;Weber KG;Weber;Anna;Hauptstr. 1;10115;Berlin;Deutschland;ap@weber.example\r\n' +
      'K-7;;Müller;Hans;Ring 2;1010;Wien;Österreich;\r\n' +
      '10001;;Schulz;Eva;Markt 3;80331;München;DE;\r\n';
    await upload(browser, 'kunden.csv', Buffer.from(csv, 'latin1'));
    await waitForText(browser.page, '3 Zeilen, 0 importiert, 2 abgelehnt');
    const shown = await text(browser);
    // Rows as the spreadsheet counts them: the header is row 1.
    expect(shown).toContain(
      'Zeile 3: Spalte „Kundennummer“: „K-7“ ist kein DATEV-Debitorenkonto (die reichen von 10000 bis 69999). Stehen in der Spalte Kundennummern statt Debitorenkonten, benennen Sie sie in „metadata.Kundennummer“ um.',
    );
    expect(shown).toContain(
      'Zeile 4: Spalte „Kundennummer“: Die Kundennummer 10001 steht schon in Zeile 2 dieser Datei.',
    );
    await click(browser.page, 'Import bestätigen');
    await waitForText(browser.page, '3 Zeilen, 1 importiert, 2 abgelehnt');
  }, 60_000);

  test('sevDesk-like customer numbers (1000 on) are kept as the customer’s number, not made debtor accounts', async () => {
    await upload(browser, 'kunden.csv', 'Kundennummer;Firma\r\n1000;Acme GmbH\r\n1001;Beta GmbH\r\n');
    await waitForText(browser.page, '2 Zeilen, 0 importiert, 0 abgelehnt');
    expect(await text(browser)).not.toContain('Debitorenkonto');
  }, 60_000);

  test('a cell problem and a missing cell of the first record both say row 2, as the spreadsheet shows it', async () => {
    await upload(browser, 'kunden.csv', 'Firma;E-Mail\r\nAcme GmbH;kein-mail\r\nBeta GmbH;b@b.example\r\n');
    await waitForText(browser.page, '2 Zeilen, 0 importiert, 1 abgelehnt');
    expect(await text(browser)).toContain('Zeile 2: Spalte „E-Mail“');
    await upload(browser, 'kunden.csv', 'Firma;E-Mail\r\nAcme GmbH;a@b.example;zuviel\r\n');
    await waitForText(browser.page, 'Zeile 2 der Datei hat 3 Zellen');
  }, 60_000);

  test('after an emptied row (saved as ";") and a blank line, a problem says the spreadsheet’s row', async () => {
    await upload(
      browser,
      'kunden.csv',
      'Firma;E-Mail\r\nAcme GmbH;a@acme.example\r\n;\r\n\r\nBeta GmbH;kein-mail\r\n',
    );
    // The test before left "2 Zeilen, 0 importiert, 1 abgelehnt" on screen too: waited for by this import's row.
    await waitForText(browser.page, 'Zeile 5: Spalte „E-Mail“');
    const shown = await text(browser);
    expect(shown).toContain('2 Zeilen, 0 importiert, 1 abgelehnt');
    expect(shown).not.toContain('Zeile 3:');
  }, 60_000);

  test('a file of one row says "1 Zeile"', async () => {
    await upload(browser, 'kunden.csv', 'Firma;E-Mail\r\nEinzel GmbH;kein-mail\r\n');
    await waitForText(browser.page, '1 Zeile, 0 importiert, 1 abgelehnt');
    expect(await text(browser)).not.toContain('1 Zeilen');
  }, 60_000);

  test('an unknown column and two columns for one field are said with the names the import knows', async () => {
    await upload(
      browser,
      'kunden.csv',
      'Firma;Lieblingsfarbe;E-Mail;email\r\nMüller GmbH;blau;a@b.example;\r\n',
    );
    await waitForText(browser.page, 'Kopfzeile: Eine Spalte „lieblingsfarbe“ gibt es nicht');
    const shown = await text(browser);
    expect(shown).toContain('Die Spalten „E-Mail“ und „email“ meinen dasselbe');
    expect(shown).toContain('Diese Spalten kennt der Import:');
    expect(shown).toContain('PLZ');
  }, 60_000);
});
