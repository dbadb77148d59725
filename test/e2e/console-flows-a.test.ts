// A small firm on a fresh install, in German, as its owner uses the console on a phone and a desktop: the
// first start's account is an office named "Default account", so the menu offered "Kanzlei" first to a
// firm with no clients and nothing said the name was still the English placeholder; a monthly schedule
// whose first date is past made four invoices at once without a word; a rejected received invoice offered
// a payment form the service refuses. SCREENSHOT_DIR=/tmp/flows-a keeps pictures of each screen.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';
import { makeUser, PASSWORD } from '../users';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

const CORPUS = sharedPath('receiving-corpus/samples/zugferd-corpus/XML-Rechnung');
const FACTUR_X = join(CORPUS, 'FX/EN16931_Einfach.pdf');
const XRECHNUNG = join(CORPUS, 'UBL/XRECHNUNG_Einfach.ubl.xml');
const OWNER = 'inhaber@malerei-klein.example';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const page = () => browser.page;

async function shot(name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: join(dir, `${name}.png`) as `${string}.png`, fullPage: true });
}
const shown = () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
  page().evaluate(() => document.body.innerText.replace(/[\u00a0\u202f]/g, ' '));
const menu = () =>
  page().evaluate(() => [...document.querySelectorAll('#sections a')].map((a) => a.textContent ?? ''));
async function open(path: string, text: string) {
  await page().goto(`${server.url}/#/${path}`);
  await waitForText(page(), text);
}
async function api(method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
/** A date input set as a person's picker would (its text format is the browser's, not the page's). */
async function setDate(label: string, iso: string) {
  const field = await byName(page(), label, 'textbox');
  await field.evaluate((node, value) => {
    const input = node;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, iso);
}
const german = (iso: string) => iso.split('-').reverse().join('.');
const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  server = await startServer();
  // What `serve` makes on a first start: an office named "Default account", and its owner.
  account = await makeAccount(server, { name: 'Default account', office: true });
  await makeUser(server, account.id, { role: 'owner', email: OWNER });
  await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Malerei Klein GmbH',
    display_name: 'Malerei Klein',
    address: { line1: 'Hauptstr. 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
  });
  await api('POST', '/api/v1/customers', { name: 'Hausverwaltung Schulz', email: 'hv@schulz.example' });
  browser = await openBrowser(server.url, 'de-DE');
  await page().setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await page().goto(`${server.url}/`);
  await page().evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
  await page().reload();
  await typeInto(page(), 'E-Mail', OWNER);
  await typeInto(page(), 'Passwort', PASSWORD);
  await click(page(), 'Anmelden');
  await page().waitForSelector('.topbar .firm-name');
}, 90_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('a small firm on a fresh install, in German', () => {
  test('no "Kanzlei" in the menu before a client exists, the placeholder name pointed out; Settings leads to the Office page', async () => {
    await open('documents', 'Dokumente');
    await click(page(), 'Menü: Dokumente');
    expect(await menu()).not.toContain('Kanzlei');
    await waitForText(page(), 'Ihr Konto heißt noch „Default account“');
    await shot('fresh-phone-menu-de');
    await click(page(), 'Namen Ihrer Firma eintragen', 'link');
    await typeInto(page(), 'Name der Firma bzw. des Kontos', 'Malerei Klein GmbH');
    await click(page(), 'Umbenennen');
    await page().waitForFunction(
      () => document.querySelector('.topbar .firm-name')?.textContent === 'Malerei Klein GmbH',
    );
    await open('documents', 'Dokumente');
    expect(await shown()).not.toContain('Default account');

    // A tax office finds its way to its first client in the settings; with one, the menu has "Kanzlei".
    await open('settings', 'Mandanten (für Steuerkanzleien)');
    await click(page(), 'Mandanten anlegen', 'link');
    await typeInto(page(), 'Name der Firma', 'Bäckerei Sonnenschein');
    await typeInto(page(), 'E-Mail des Inhabers', 'chef@baeckerei.example');
    await click(page(), 'Mandant hinzufügen', 'button');
    await waitForText(page(), 'Bäckerei Sonnenschein wurde angelegt.');
    await page().waitForFunction(() =>
      [...document.querySelectorAll('#sections a')].some((a) => a.textContent === 'Kanzlei'),
    );
    await open('settings', 'Ihr Passwort');
    expect(await shown()).not.toContain('Mandanten (für Steuerkanzleien)');
    await shot('office-first-client-phone-de');
  }, 120_000);

  test('a monthly schedule whose first date is past says how many invoices it makes at once, and makes them', async () => {
    await page().setViewport({ width: 1280, height: 800 });
    const now = new Date();
    const first = new Date(now.getFullYear(), now.getMonth() - 3, 1);
    const start = `${first.getFullYear()}-${pad(first.getMonth() + 1)}-01`;
    const thisMonth = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
    await open('recurring/new', 'Neue wiederkehrende Rechnung');
    await choose(page(), 'Kunde', 'Hausverwaltung Schulz');
    await choose(page(), 'Häufigkeit', 'Monatlich');
    await setDate('Erste Rechnung am', start);
    await waitForText(
      page(),
      `Dieses Datum ist vorbei: Beim Speichern werden sofort 4 Rechnungen erstellt, je eine für jeden Termin vom ${german(start)} bis ${german(thisMonth)}.`,
    );
    await setDate('Vertragsende am', `${now.getFullYear() + 1}-06-30`);
    await typeInto(page(), 'Nummer der ersten Rechnung', 'RE-2026-101');
    // The later numbers count on from the one typed, not from an example.
    await waitForText(page(), 'Jede weitere Rechnung zählt sie hoch: RE-2026-102, RE-2026-103, …');
    await typeInto(page(), 'Beschreibung', 'Treppenhausreinigung');
    await typeInto(page(), 'Einzelpreis', '450,00');
    await shot('recurring-catch-up-de');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => location.hash === '#/recurring');
    const [schedule] = await api('GET', '/api/v1/recurring-invoices');
    // What the form said is what the service made.
    for (let waited = 0; waited < 30_000; waited += 250) {
      const made = await api('GET', `/api/v1/recurring-invoices/${schedule.id}`);
      if (made.occurrences_created >= 4) break;
      await Bun.sleep(250);
    }
    const made = await server.json(`/api/v1/recurring-invoices/${schedule.id}/invoices`, {
      key: account.apiKey,
    });
    expect(made.body.data.map((invoice: { number: string }) => invoice.number)).toEqual([
      'RE-2026-104',
      'RE-2026-103',
      'RE-2026-102',
      'RE-2026-101',
    ]);

    // Its page says when the contract ends, and what a pause means for the dates in it.
    await open(`recurring/${schedule.id}`, 'Bisher erstellte Rechnungen');
    await waitForText(page(), `Der Vertrag endet am 30.06.${now.getFullYear() + 1}.`);
    await waitForText(page(), 'Die nächsten Rechnungen zählen von der zuletzt erstellten weiter');
    await click(page(), 'Pausieren');
    await waitForText(page(), 'Termine während der Pause werden auch später nicht berechnet.');
    await shot('recurring-paused-de');
    await click(page(), 'Fortsetzen');
    await waitForText(page(), 'Nächste Rechnung am');
  }, 120_000);

  test.skipIf(!existsSync(XRECHNUNG))(
    'received: a Factur-X approved and paid, an XRechnung rejected offers no payment it would refuse',
    async () => {
      await page().setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await open('received', 'E-Rechnung hochladen');
      const input = await page().$('input[type=file]');
      await input?.uploadFile(FACTUR_X, XRECHNUNG);
      await waitForText(page(), 'EN16931_Einfach.pdf: Gespeichert.');
      await waitForText(page(), 'XRECHNUNG_Einfach.ubl.xml: Gespeichert.');
      const received = (await api('GET', '/api/v1/received-documents')) as {
        id: string;
        original_filename?: string;
        source: { filename?: string } | null;
      }[];
      const idOf = (file: string) =>
        received.find((item) => JSON.stringify(item).includes(file))?.id ?? 'missing';

      await open(`received/${idOf('EN16931_Einfach.pdf')}`, 'Factur-X');
      await click(page(), 'Freigeben');
      await waitForText(page(), 'Freigegeben');
      await click(page(), 'Zahlung erfassen');
      await waitForText(page(), 'Zahlung erfasst.');
      await page().waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'Bezahlt');

      await open(`received/${idOf('XRECHNUNG_Einfach.ubl.xml')}`, 'XRechnung');
      await click(page(), 'Ablehnen');
      await waitForText(page(), 'Abgelehnt: Darauf wird nichts gezahlt.');
      expect(await shown()).not.toContain('Zahlung erfassen');
      expect(await shown()).not.toContain('Noch offen');
      // The file's long name wraps: the page does not scroll sideways on the phone.
      const overflow = await page().evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot('received-rejected-phone-de');
      // Approved again, the payment can be recorded.
      await click(page(), 'Freigeben');
      await byName(page(), 'Zahlung erfassen', 'button');
      expect(browser.problems).toEqual([]);
    },
    120_000,
  );
});
