// An office manager moving her invoice history from lexoffice through the console's import (docs/imports.md
// "Moving an invoice history from another tool"): a semicolon file with German column names and statuses (a
// paid invoice, a part-paid one, its credit note by invoice number, a draft), the review saying what confirm
// will do before the click, in German and English, and the documents list after it.
// SCREENSHOT_DIR=dir keeps a picture of each screen.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer, tempDir } from '../harness';
import { choose, click, openBrowser, signInGerman, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ startJobs: false });
});
afterAll(async () => {
  await server?.stop();
});

async function screenshot(browser: Watched, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir)
    await browser.page.screenshot({ path: join(dir, `${name}.png`) as `${string}.png`, fullPage: true });
}

async function upload(browser: Watched, name: string, text: string) {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  const input = await browser.page.waitForSelector('input[type="file"][accept*=".csv"]');
  await input?.uploadFile(file);
}

const shown = (browser: Watched) =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  browser.page.evaluate(() => document.body.innerText);

/** The history as lexoffice's list and a German spreadsheet write it; `more` issued rows after it. */
function historyFile(profileId: string, customerId: string, more = 0): string {
  const p = profileId;
  const c = customerId;
  const lines = [
    'number;document_type;issue_date;due_date;currency;business_profile_id;customer_id;Rechnungsnummer (Bezug);Status;Bezahlt am;Bezahlter Betrag;line.name;line.quantity;line.unit_price;line.tax_rate',
    `RE-2024-0147;invoice;04.03.2024;18.03.2024;EUR;${p};${c};;bezahlt;15.03.2024;;Relaunch Website;2;100,00;19`,
    `RE-2024-0147;invoice;04.03.2024;18.03.2024;EUR;${p};${c};;bezahlt;15.03.2024;;Hosting;1;50,00;19`,
    `RE-2024-0148;invoice;05.03.2024;19.03.2024;EUR;${p};${c};;offen;02.04.2024;100,00 €;Beratung;10;100,00;19`,
    `GS-2024-0012;credit_note;06.03.2024;;EUR;${p};${c};RE-2024-0148;abgeschlossen;;;Nachlass;1;100,00;19`,
    `RE-2024-0149;invoice;07.03.2024;21.03.2024;EUR;${p};${c};;;;;Wartung;1;80,00;19`,
  ];
  for (let i = 0; i < more; i++) {
    const number = `RE-2024-${String(200 + i).padStart(4, '0')}`;
    lines.push(`${number};invoice;08.03.2024;;EUR;${p};${c};;versendet;;;Wartung;1;80,00;19`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('moving an invoice history in through the console', () => {
  let browser: Watched;
  let account: TestAccount;
  afterAll(async () => {
    await browser?.browser.close();
  });

  test('German: the review says what confirm does, lists the issued invoices, and the list shows them after', async () => {
    account = await makeAccount(server, { name: 'Agentur Nord GmbH' });
    const { profileId, customerId } = await makeParties(server, account);
    browser = await openBrowser(server.url, 'de-DE');
    const page = browser.page;
    await signInGerman(page, server.url, account.apiKey, 'Agentur Nord GmbH');
    await click(page, 'Stapel und Importe', 'link');
    await choose(page, 'Was importieren', 'Dokumente');
    await waitForText(page, 'Sie wechseln von einem anderen Rechnungsprogramm?');
    expect(await shown(browser)).toContain('„Bezahlt am“: der Tag des Zahlungseingangs');
    await upload(browser, 'rechnungen-lexoffice.csv', historyFile(profileId, customerId));
    await waitForText(page, 'Beim Bestätigen legt der Import an:');
    const review = await shown(browser);
    expect(review).toContain('5 Zeilen, 0 importiert, 0 abgelehnt');
    expect(review).toContain(
      '3 bereits ausgestellte Dokumente, mit Nummer und Datum aus der Datei; davon 1 bezahlt, 1 teilweise bezahlt',
    );
    expect(review).toContain('1 Dokument als Entwurf');
    expect(review).toMatch(/2\s+RE-2024-0147\s+bezahlt am 15\.03\.2024/);
    expect(review).toMatch(/4\s+RE-2024-0148\s+versendet, Teilzahlung 100,00\s€ am 02\.04\.2024/);
    expect(review).toMatch(/5\s+GS-2024-0012\s+abgeschlossen/);
    expect(review).not.toContain('RE-2024-0149\t');
    await screenshot(browser, 'import-history-de-review');
    await click(page, 'Import bestätigen');
    await waitForText(page, '5 Zeilen, 5 importiert, 0 abgelehnt');
    expect(await shown(browser)).not.toContain('Beim Bestätigen legt der Import an:');
    await click(page, 'Zu den Dokumenten', 'link');
    await waitForText(page, 'RE-2024-0149');
    const rows = await page.evaluate(() =>
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
      [...document.querySelectorAll('tbody tr')].map((row) => (row as HTMLElement).innerText),
    );
    const lineOf = (number: string) => rows.find((row) => row.includes(number)) ?? '';
    expect(lineOf('RE-2024-0147')).toContain('Bezahlt');
    expect(lineOf('RE-2024-0148')).toContain('Teilweise bezahlt');
    expect(lineOf('GS-2024-0012')).toContain('Abgeschlossen');
    expect(lineOf('RE-2024-0149')).toContain('Entwurf');
    await screenshot(browser, 'import-history-de-documents');
  }, 90_000);

  test('German: a cancelled invoice, a status word the import does not know and a missing payment day are said in German', async () => {
    const { profileId: p, customerId: c } = await makeParties(server, account);
    const csv = [
      'number;issue_date;currency;business_profile_id;customer_id;Status;Bezahlt am;Zahlbetrag;line.name;line.quantity;line.unit_price',
      `RE-2024-0300;04.03.2024;EUR;${p};${c};storniert;;;X;1;10,00`,
      `RE-2024-0301;04.03.2024;EUR;${p};${c};erledigt;;;X;1;10,00`,
      `RE-2024-0302;04.03.2024;EUR;${p};${c};offen;;50,00;X;1;10,00`,
    ];
    await click(browser.page, 'Stapel und Importe', 'link');
    await choose(browser.page, 'Was importieren', 'Dokumente');
    await upload(browser, 'fehler.csv', `${csv.join('\r\n')}\r\n`);
    await waitForText(browser.page, '3 Zeilen, 0 importiert, 3 abgelehnt');
    const said = await shown(browser);
    expect(said).toContain('Zeile 2: Spalte „status“: Eine stornierte Rechnung wird nicht importiert');
    expect(said).toContain('Zeile 3: Spalte „status“: „erledigt“ ist kein Status, den der Import kennt');
    expect(said).toContain('Zeile 4: Spalte „Bezahlt am“: Fehlt: der Tag, an dem die Zahlung einging.');
    expect(said).not.toContain('Beim Bestätigen legt der Import an:');
    await screenshot(browser, 'import-history-de-problems');
  }, 60_000);

  test('English: the same review in English, a long list folded after 20', async () => {
    const other = await makeAccount(server, { name: 'North Agency Ltd' });
    const { profileId, customerId } = await makeParties(server, other);
    const english = await openBrowser(server.url, 'en-US');
    try {
      const page = english.page;
      await page.goto(`${server.url}/`);
      await typeInto(page, 'API key', other.apiKey);
      await click(page, 'Sign in');
      await waitForText(page, 'North Agency Ltd');
      await click(page, 'Batches and imports', 'link');
      await choose(page, 'What to import', 'Documents');
      await waitForText(page, 'Moving from another invoicing tool?');
      await upload(english, 'invoices.csv', historyFile(profileId, customerId, 20));
      await waitForText(page, 'On confirming, the import creates:');
      const review = await shown(english);
      expect(review).toContain(
        '23 documents already issued, with their numbers and dates from the file; of these 1 paid, 1 partly paid',
      );
      expect(review).toContain('1 document as a draft');
      expect(review).toMatch(/RE-2024-0147\s+paid on Mar 15, 2024/);
      expect(review).toMatch(/RE-2024-0148\s+sent, part payment €100\.00 on Apr 2, 2024/);
      expect(review).toMatch(/GS-2024-0012\s+finalized/);
      expect(review).toContain('Show 3 more');
      // The last three are folded away until asked for.
      expect(review).not.toContain('RE-2024-0219');
      await screenshot(english, 'import-history-en-review');
      await click(page, 'Show 3 more');
      await waitForText(page, 'RE-2024-0219');
      await click(page, 'Confirm import');
      await waitForText(page, '25 rows, 25 imported, 0 rejected');
      await click(page, 'Open the documents', 'link');
      await waitForText(page, 'RE-2024-0149');
      await screenshot(english, 'import-history-en-documents');
    } finally {
      await english.browser.close();
    }
  }, 90_000);
});
