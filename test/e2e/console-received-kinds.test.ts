// Received documents that are not simply an invoice to pay, in the German console (docs/console.md,
// "Received"): a credit note and a negative invoice are named and shown as a credit, with no payment form and
// no "Mark paid", nor payment instructions; another file of an invoice offers no "Mark paid" either and is
// paid through the file that counts; two files of one number stating other amounts both say which differ;
// the list and the dashboard show a credit negative and a duplicate file as "Duplikat", not as an amount
// due; uploads say in German what became of each file. `SCREENSHOT_DIR=dir` keeps a picture of each screen.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';
import { byName, click, openBrowser, type Watched, waitForText } from './browser';

const SHOTS = process.env.SCREENSHOT_DIR;
/** Money as the console writes it: a no-break space before the currency. */
const nb = (text: string) => text.replace(/ (€|SEK)/g, '\u00a0$1');
const peppol = (name: string) =>
  readFileSync(sharedPath(`rulesets/examples/peppol_bis_billing_3/${name}`), 'utf8');
const BASE = peppol('base-example.xml');
const FILES = {
  allowance: peppol('Allowance-example.xml'),
  base: BASE,
  copy: BASE.replace('<cbc:Note>', '<cbc:Note>Kopie: '),
  credit: peppol('base-creditnote-correction.xml'),
  negative: readFileSync(
    sharedPath(
      'receiving-corpus/samples/cen-tc434/test/testfiles/BIS_Billing_30-Kreditering_med_negativ_faktura.xml',
    ),
    'utf8',
  ),
};

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Eingang Süd' });
  for (const [name, xml] of Object.entries(FILES)) {
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: xml,
    });
    if (res.status !== 201) throw new Error(`receive ${name}: ${res.status}`);
    ids[name] = ((await res.json()) as { data: { id: string } }).data.id;
  }
  browser = await openBrowser(server.url);
  await browser.page.goto(`${server.url}/`);
  await browser.page.evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
  await browser.page.reload();
  const key = await byName(browser.page, 'API-Schlüssel', 'textbox');
  await key.type(account.apiKey);
  await click(browser.page, 'Anmelden');
  await waitForText(browser.page, 'Eingang Süd');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;
const shot = async (name: string) => {
  if (SHOTS) await page().screenshot({ path: join(SHOTS, `received-${name}.png`), fullPage: true });
};
/** Whether a button of this text is on the page. */
const hasButton = async (text: string) =>
  await page().evaluate(
    (wanted) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === wanted),
    text,
  );
const open = async (id: string, heading: string) => {
  await page().goto(`${server.url}/#/received/${id}`);
  await waitForText(page(), heading);
};

describe('the German console: credits, copies and other totals among received documents', () => {
  test('a credit note is named as such, shown as a credit, with no payment form and no Mark paid', async () => {
    await open(ids.credit as string, 'Rechnungskorrektur Snippet1 von SupplierTradingName Ltd.');
    await waitForText(page(), nb('Nichts zu zahlen: Der Verkäufer schuldet Ihnen 1.656,25 €.'));
    // The seller's account, not where to pay: no due date, no direct debit.
    await waitForText(page(), 'Konto des Verkäufers (IBAN)');
    await waitForText(page(), nb('-1.656,25 €'));
    expect(await hasButton('Freigeben')).toBe(true);
    expect(await hasButton('Als bezahlt markieren')).toBe(false);
    expect(await hasButton('Zahlung erfassen')).toBe(false);
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    const text = await page().evaluate(() => document.body.innerText);
    expect(text).not.toContain('Noch offen');
    expect(text).not.toContain('Rechnung Snippet1');
    expect(text).not.toContain('Fälligkeitsdatum');
    expect(text).not.toContain('Lastschrift');
    await shot('credit-note-de');
  }, 60_000);

  test('an invoice stating a negative amount is a credit too', async () => {
    await open(ids.negative as string, 'Rechnung 2018140 von');
    await waitForText(page(), nb('Nichts zu zahlen: Der Verkäufer schuldet Ihnen 10.000,00 SEK.'));
    expect(await hasButton('Als bezahlt markieren')).toBe(false);
    expect(await hasButton('Zahlung erfassen')).toBe(false);
  }, 60_000);

  test('another file of an invoice offers no Mark paid: the notice sends to the file that counts', async () => {
    await open(ids.copy as string, 'Weitere Datei einer bereits empfangenen Rechnung');
    await byName(page(), 'Die maßgebliche Datei öffnen', 'link');
    // Its amount due is the file that counts' to pay, in the facts and the payment card alike.
    const paidThere = await page().evaluate(() =>
      [...document.querySelectorAll('a')]
        .filter((a) => a.textContent === 'Wird über die maßgebliche Datei bezahlt')
        .map((a) => a.getAttribute('href')),
    );
    expect(paidThere).toEqual([`#/received/${ids.base}`, `#/received/${ids.base}`]);
    expect(await hasButton('Als bezahlt markieren')).toBe(false);
    expect(await hasButton('Zahlung erfassen')).toBe(false);
    await shot('copy-de');
  }, 60_000);

  test('two files of one number with different totals both say so, each linking the other', async () => {
    // Base-example's total (1656.25) is its amount due; Allowance-example's (7125.00) is not (6125.00): both
    // differ, whichever side reads it.
    await open(
      ids.allowance as string,
      nb(
        'Eine andere Datei mit derselben Nummer und demselben Datum nennt einen anderen Gesamtbetrag und einen anderen Zahlbetrag (1.656,25 €, Zahlbetrag 1.656,25 €): Beide werden gebucht.',
      ),
    );
    expect(await hasButton('Als bezahlt markieren')).toBe(true);
    await shot('differing-de');
    await click(page(), 'Die andere Datei öffnen', 'link');
    await waitForText(
      page(),
      nb('einen anderen Gesamtbetrag und einen anderen Zahlbetrag (7.125,00 €, Zahlbetrag 6.125,00 €)'),
    );
    expect(page().url()).toEndWith(`#/received/${ids.base}`);
    // Its own reading notes are not among "Nicht in die Daten übernommen".
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    expect(await page().evaluate(() => document.body.innerText)).not.toContain('states a different total');
  }, 60_000);

  test('the list names the type, shows a credit negative, and marks the duplicate and the other totals', async () => {
    await page().goto(`${server.url}/#/received`);
    await waitForText(page(), 'SupplierTradingName');
    const rows = await page().evaluate(() =>
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
      [...document.querySelectorAll('table.list tbody tr')].map((row) => (row as HTMLElement).innerText),
    );
    const row = (part: string) => rows.filter((r) => r.includes(part));
    expect(row('Rechnungskorrektur')).toHaveLength(1);
    expect(row('Rechnungskorrektur')[0]).toContain(nb('-1.656,25 €'));
    expect(row('Duplikat')).toHaveLength(1);
    // Another file of an invoice is due once, on the file that counts: no amount in its row.
    expect(row('Duplikat')[0]).toContain('—');
    expect(row('Duplikat')[0]).not.toContain('1.656,25');
    expect(row('Betrag abweichend')).toHaveLength(3);
    expect(rows.join('\n')).not.toContain('Duplizieren');
    await shot('list-de');
  }, 60_000);

  test('the dashboard waits for a credit as a negative amount and for a duplicate without an amount due', async () => {
    await page().goto(`${server.url}/#/dashboard`);
    await byName(page(), 'Warten auf Freigabe', 'heading');
    const rows = await page().evaluate(() =>
      [...document.querySelectorAll('[aria-labelledby="waiting-heading"] tbody tr')].map(
        // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
        (row) => (row as HTMLElement).innerText,
      ),
    );
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.includes('Rechnungskorrektur'))).toContain(nb('-1.656,25 €'));
    expect(rows.find((r) => r.includes('Duplikat'))).toContain('—');
    expect(rows.filter((r) => r.includes('Betrag abweichend'))).toHaveLength(3);
    expect(rows.filter((r) => r.includes(nb('1.656,25 €')) && !r.includes(nb('-1.656,25 €')))).toHaveLength(
      1,
    );
    await shot('dashboard-de');
  }, 60_000);

  test('uploads: the same file again is "received already" with a link; a plain PDF is refused in German', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'received-upload-'));
    writeFileSync(join(dir, 'base-example.xml'), BASE);
    // Base-example with 656.25 prepaid: the same total, another amount due.
    const prepaid = BASE.replace(
      '<cbc:PayableAmount currencyID="EUR">1656.25</cbc:PayableAmount>',
      '<cbc:PrepaidAmount currencyID="EUR">656.25</cbc:PrepaidAmount><cbc:PayableAmount currencyID="EUR">1000.00</cbc:PayableAmount>',
    );
    expect(prepaid).not.toBe(BASE);
    writeFileSync(join(dir, 'prepaid.xml'), prepaid);
    const badNumber = BASE.replace(
      '<cbc:PriceAmount currencyID="EUR">400</cbc:PriceAmount>',
      '<cbc:PriceAmount currencyID="EUR">abc</cbc:PriceAmount>',
    );
    expect(badNumber).not.toBe(BASE);
    writeFileSync(join(dir, 'bad-number.xml'), badNumber);
    const plain =
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
    writeFileSync(join(dir, 'Hetzner Rechnung.pdf'), plain);
    await page().goto(`${server.url}/#/received`);
    await waitForText(page(), 'SupplierTradingName');
    const input = await page().waitForSelector('input[type="file"]');
    await input?.uploadFile(
      join(dir, 'base-example.xml'),
      join(dir, 'Hetzner Rechnung.pdf'),
      join(dir, 'prepaid.xml'),
      join(dir, 'bad-number.xml'),
    );
    await waitForText(page(), 'base-example.xml: Diese Datei wurde bereits empfangen.');
    await waitForText(
      page(),
      'Hetzner Rechnung.pdf: Diese PDF-Datei enthält keine E-Rechnung, die der Dienst lesen kann',
    );
    await waitForText(
      page(),
      'prepaid.xml: Gespeichert; eine andere Datei dieser Nummer nennt andere Beträge.',
    );
    await waitForText(
      page(),
      'bad-number.xml: Die E-Rechnung in dieser Datei kann nicht gelesen werden: cbc:PriceAmount on line 176 holds "abc", which is not a number.',
    );
    const links = await page().evaluate(() =>
      [...document.querySelectorAll('.upload-results li')].map((li) =>
        li.querySelector('a')?.getAttribute('href'),
      ),
    );
    const list = await server.json('/api/v1/received-documents?limit=50', { key: account.apiKey });
    expect(list.body.data).toHaveLength(6);
    const stored = list.body.data[0].id as string;
    expect(links).toEqual([`#/received/${ids.base}`, null, `#/received/${stored}`, null]);
    await shot('upload-de');
    // Its total is base-example's, its amount due is not.
    await open(
      stored,
      nb(
        'Eine andere Datei mit derselben Nummer und demselben Datum nennt denselben Gesamtbetrag, aber einen anderen Zahlbetrag (1.656,25 €): Beide werden gebucht.',
      ),
    );
    await shot('prepaid-de');
    expect(browser.problems.filter((p) => !p.includes('422'))).toEqual([]);
    expect(browser.foreign).toEqual([]);
  }, 60_000);
});
