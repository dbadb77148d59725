// A carpentry firm's office in a real browser (German console): a general contractor's monthly maintenance
// contract is invoiced under § 13b UStG (AE at 0 %, the customer's `default_tax`), a private client's at the
// firm's 19 %. A new recurring invoice starts its lines with the chosen customer's VAT, as a new document
// does; lines typed before the customer was chosen keep theirs, and the form offers the customer's.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Dialog } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;

const REASON = 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)';

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  return res.body;
};
const page = () => browser.page;

async function open(route: string, text: string) {
  const letGo = (dialog: Dialog) => dialog.type() === 'beforeunload' && dialog.accept();
  page().on('dialog', letGo);
  await page().goto('about:blank');
  page().off('dialog', letGo);
  await page().goto(`${server.url}/#/${route}`);
  await waitForText(page(), text);
}

const fieldValue = async (label: string) =>
  (await byName(page(), label, 'textbox')).evaluate((input) => input.value as string);
const selectValue = async (label: string) =>
  (await byName(page(), label, 'combobox')).evaluate((select) => select.value as string);
const waitForInputValue = (prefix: string) =>
  page().waitForFunction(
    (wanted: string) =>
      [...document.querySelectorAll('input')].some((input) => input.value.startsWith(wanted)),
    { timeout: 15_000 },
    prefix,
  );

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Tischlerei Holzwurm' });
  await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Tischlerei Holzwurm GmbH',
    email: 'buero@holzwurm.example',
    tax_id: 'DE123456789',
    default_locale: 'de-DE',
    address: { line1: 'Hobelweg 3', postal_code: '04109', city: 'Leipzig', country: 'DE' },
  });
  await api('POST', '/api/v1/customers', {
    name: 'Generalbau Krause GmbH',
    tax_id: 'DE811907980',
    billing_address: { line1: 'Baustraße 12', postal_code: '04103', city: 'Leipzig', country: 'DE' },
    default_tax: { rate: '0', category: 'AE', exemption_reason: REASON },
  });
  await api('POST', '/api/v1/customers', {
    name: 'Familie Brandt',
    billing_address: { line1: 'Lindenweg 7', postal_code: '04155', city: 'Leipzig', country: 'DE' },
  });
  await api('POST', '/api/v1/numbering-sequences', {
    name: 'Rechnungen',
    prefix: 'RE-',
    pattern: '{NNNN}',
  });
  browser = await openBrowser(server.url, 'de-DE');
  await page().goto(`${server.url}/`);
  await typeInto(page(), 'API-Schlüssel', account.apiKey);
  await click(page(), 'Anmelden');
  await waitForText(page(), 'Tischlerei Holzwurm');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('a new recurring invoice for a § 13b builder', () => {
  test('its lines start at AE 0 % with the § 13b words; the template is saved so', async () => {
    await open('recurring/new', 'Neue wiederkehrende Rechnung');
    await choose(page(), 'Kunde', 'Generalbau Krause GmbH');
    await waitForInputValue('Steuerschuldnerschaft des Leistungsempfängers');
    expect(await fieldValue('Steuersatz')).toBe('0');
    expect(await selectValue('USt-Kategorie bei 0 %')).toBe('AE');
    expect(await fieldValue('Rechtsgrundlage')).toBe(REASON);
    await typeInto(page(), 'Beschreibung', 'Wartung Schließanlagen, monatlich');
    await typeInto(page(), 'Einzelpreis', '180,00');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Wiederkehrende Rechnung gespeichert.');
    const list = await api('GET', '/api/v1/recurring-invoices?limit=10');
    const [saved] = list.data;
    expect(saved.invoice_template.line_items[0].taxes).toEqual([
      expect.objectContaining({ rate: '0', category: 'AE', exemption_reason: REASON }),
    ]);
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('another customer undoes it; a line typed before the builder keeps its 19 % and the form offers his', async () => {
    await open('recurring/new', 'Neue wiederkehrende Rechnung');
    await choose(page(), 'Kunde', 'Generalbau Krause GmbH');
    await waitForInputValue('Steuerschuldnerschaft des Leistungsempfängers');
    // A private client: the firm's 19 % again, no § 13b words left on the empty line.
    await choose(page(), 'Kunde', 'Familie Brandt');
    await page().waitForFunction(
      () => ![...document.querySelectorAll('input')].some((input) => input.value.startsWith('Steuerschuld')),
      { timeout: 15_000 },
    );
    expect(await fieldValue('Steuersatz')).toBe('19');
    // Typed for the private client, then the builder chosen: the typed line keeps 19 %, the offer is made.
    await typeInto(page(), 'Beschreibung', 'Wartung Fenster');
    await typeInto(page(), 'Einzelpreis', '90,00');
    await choose(page(), 'Kunde', 'Generalbau Krause GmbH');
    await waitForText(page(), 'Für Generalbau Krause GmbH ist als Umsatzsteuer');
    expect(await fieldValue('Steuersatz')).toBe('19');
    await click(
      page(),
      '0 % – Steuerschuldnerschaft des Leistungsempfängers (AE) für alle Positionen übernehmen',
    );
    expect(await fieldValue('Steuersatz')).toBe('0');
    expect(await selectValue('USt-Kategorie bei 0 %')).toBe('AE');
    expect(await fieldValue('Rechtsgrundlage')).toBe(REASON);
    expect(browser.problems).toEqual([]);
  }, 90_000);
});

describe('a contract of so many invoices', () => {
  test('a contract of 12 invoices: the count is asked, the catch-up hint stops at it, and it can be lifted again', async () => {
    await open('recurring/new', 'Neue wiederkehrende Rechnung');
    await choose(page(), 'Kunde', 'Familie Brandt');
    await typeInto(page(), 'Beschreibung', 'Wartung Haustür');
    await typeInto(page(), 'Einzelpreis', '49,00');
    // Started 14 months ago, monthly, 12 invoices: saving makes the 12, not 15.
    const today = new Date();
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 14, 1));
    const first = start.toISOString().slice(0, 10);
    await page().$eval(
      'input[type="date"]',
      (input, value) => {
        Object.assign(input, { value });
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      first,
    );
    await waitForText(page(), 'Beim Speichern werden sofort 15 Rechnungen erstellt');
    await typeInto(page(), 'Anzahl Rechnungen', '12');
    await waitForText(page(), 'Beim Speichern werden sofort 12 Rechnungen erstellt');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Wiederkehrende Rechnung gespeichert.');
    const list = await api('GET', '/api/v1/recurring-invoices?limit=10');
    const saved = list.data.find((r: { start_date: string }) => r.start_date === first);
    expect(saved).toMatchObject({ max_occurrences: 12 });
    // The 12 are made at once; the list then says the contract is complete (the API keeps it `active`).
    for (let i = 0; i < 100; i++) {
      const now = await api('GET', `/api/v1/recurring-invoices/${saved.id}`);
      if (now.data.occurrences_created === 12) break;
      await Bun.sleep(200);
    }
    await open('recurring', 'Wiederkehrende Rechnungen');
    await waitForText(page(), '12 von 12');
    const row = await page().$$eval('tr', (rows) =>
      rows.map((tr) => tr.textContent ?? '').find((text) => text.includes('12 von 12')),
    );
    expect(row).toContain('Abgeschlossen');
    expect(row).not.toContain('Aktiv');
    await open(`recurring/${saved.id}`, 'Wiederkehrende Rechnung');
    await page().waitForFunction(
      () => [...document.querySelectorAll('input')].some((input) => input.value === '12'),
      { timeout: 15_000 },
    );
    expect(await fieldValue('Anzahl Rechnungen')).toBe('12');
    const field = await byName(page(), 'Anzahl Rechnungen', 'textbox');
    await field.click({ clickCount: 3 });
    await page().keyboard.press('Backspace');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Wiederkehrende Rechnung gespeichert.');
    expect((await api('GET', `/api/v1/recurring-invoices/${saved.id}`)).data.max_occurrences).toBeNull();
    expect(browser.problems).toEqual([]);
  }, 90_000);
});
