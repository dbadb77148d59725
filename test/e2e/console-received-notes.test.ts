// A received e-invoice's reading notes in the German console (docs/receiving.md, "Reading notes: codes and
// params"): the card "Nicht in die Daten übernommen" words each note in German from its code and params,
// decimals the German way, and keeps the inbox's own finding (another file of the number stating another
// total, code differing_total) out of it: that one is said at the top of the page. The English console
// words them from the codes too. `SCREENSHOT_DIR=dir` keeps a picture of the card.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';
import { byName, click, openBrowser, type Watched, waitForText } from './browser';

const SHOTS = process.env.SCREENSHOT_DIR;
/** The CEN "full model" test invoice as Mustang ships it: eight kinds of reading note in one CII file. */
const FULL_MODEL = readFileSync(
  sharedPath(
    'receiving-corpus/samples/mustang/library/not_validating_full_invoice_based_onTest_EeISI_300_CENfullmodel.cii.xml',
  ),
  'utf8',
);
/** The same invoice number, seller and day stating another total: both files carry differing_total. */
const OTHER_TOTAL = FULL_MODEL.replace(/>2050\.00</g, '>2150.00<');

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const ids: Record<string, string> = {};

async function receive(xml: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  if (res.status !== 201) throw new Error(`receive: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Eingang Nord' });
  ids.full = await receive(FULL_MODEL);
  ids.other = await receive(OTHER_TOTAL);
  browser = await openBrowser(server.url);
  await browser.page.goto(`${server.url}/`);
  await browser.page.evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
  await browser.page.reload();
  const key = await byName(browser.page, 'API-Schlüssel', 'textbox');
  await key.type(account.apiKey);
  await click(browser.page, 'Anmelden');
  await waitForText(browser.page, 'Eingang Nord');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;
/** The reading notes' card: each note's term and text, as a person sees them. */
const notes = () =>
  page().evaluate(() =>
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    [...document.querySelectorAll('ul.reading-notes li')].map((li) => (li as HTMLElement).innerText.trim()),
  );

describe('the reading notes of a received e-invoice', () => {
  test('in German, each from its code and params, the inbox finding kept apart', async () => {
    const stored = await server.json(`/api/v1/received-documents/${ids.full}`, { key: account.apiKey });
    const codes = stored.body.data.warnings.map((w: { code?: string }) => w.code);
    expect(codes).toContain('differing_total');
    await page().goto(`${server.url}/#/received/${ids.full}`);
    await waitForText(page(), 'Nicht in die Daten übernommen');
    if (SHOTS) {
      const card = await page().$('section.card:has(ul.reading-notes)');
      await card?.screenshot({ path: join(SHOTS, 'received-notes-de.png') });
    }
    const shown = await notes();
    expect(shown).toEqual([
      'BT-21 Die Bemerkungen werden als eine Bemerkung mit dem Betreff-Code der ersten (#AAA#) übernommen; die Betreff-Codes der übrigen nicht: #AAA#',
      'BT-125 Die angehängte Datei bleibt in der Original-E-Rechnung; die Daten nennen nur den Beleg',
      'BG-17 Nur das erste Zahlungskonto wird übernommen (IT1212341234123412); außerdem angegeben: IT1212341234123413',
      'BT-111 Die Umsatzsteuersumme in NOK (46,00) nennt keinen Wechselkurs: übernommen wird der Kurs, der sich aus ihr ergibt, 0,92',
      'BT-146 Position 1a: 10,00 × 10,00 ergibt nicht den angegebenen Positionsbetrag 1.000,00: der Preis wird als 100 übernommen',
      'BT-146 Position 1b: 10,00 × 10,00 ergibt nicht den angegebenen Positionsbetrag 1.000,00: der Preis wird als 100 übernommen',
      'BT-148 Der Bruttopreis abzüglich Preisnachlass (BT-147) wird als Nettopreis (BT-146) übernommen, die Beträge unverändert: Position 1a',
      'BT-124 Der Link External document location ist keine http(s)-URL: in die Beschreibung übernommen',
      'BT-18 „0090“ wird nicht übernommen: länger als 3 Zeichen',
    ]);
    // The other file's total is said at the top of the page, in German, and not among the reading notes.
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    const text = await page().evaluate(() => document.body.innerText);
    expect(text).not.toContain('Another file with the same seller');
    expect(text).not.toContain('is not kept');
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test('the file stating the other total: its stated totals said with German decimals', async () => {
    await page().goto(`${server.url}/#/received/${ids.other}`);
    await waitForText(page(), 'Nicht in die Daten übernommen');
    const shown = await notes();
    expect(shown).toContain(
      'BT-112/BT-115 Die Positionen ergeben nicht die angegebenen Summen: BT-112 2.150,00; BT-115 2.150,00 wie angegeben übernommen, nicht berechnet',
    );
  }, 60_000);

  test('in English, worded from the codes as well', async () => {
    await page().evaluate(() => localStorage.setItem('invoice-console.language', 'en'));
    await page().goto(`${server.url}/#/received/${ids.full}`);
    await page().reload();
    await waitForText(page(), 'Not taken into the data');
    const shown = await notes();
    expect(shown).toContain(
      'BG-17 Only the first account to pay to is kept (IT1212341234123412); also stated: IT1212341234123413',
    );
    expect(shown).toContain('BT-18 "0090" is not kept: longer than 3 characters');
    expect(shown).toHaveLength(9);
  }, 60_000);
});
