// A Trockenbau subcontractor's office in a real browser (German console): its general contractors get every
// invoice under § 13b UStG (AE at 0 %, "Steuerschuldnerschaft des Leistungsempfängers"), private clients 19 %.
// The customer form takes that VAT for new lines, a new invoice for the builder starts its line there with the
// § 13b words, and the PDF says them; lines typed before the customer was chosen keep their VAT until the
// person takes the customer's for every line.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import type { Dialog } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
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
/** SCREENSHOT_DIR=/tmp keeps a picture of the screen. */
const shot = async (name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: `${dir}/${name}.png` as `${string}.png`, fullPage: true });
};

/** A fresh load of a screen; what a test left unsaved is let go. */
async function open(route: string) {
  const letGo = (dialog: Dialog) => dialog.type() === 'beforeunload' && dialog.accept();
  page().on('dialog', letGo);
  await page().goto('about:blank');
  page().off('dialog', letGo);
  await page().goto(`${server.url}/#/${route}`);
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
  account = await makeAccount(server, { name: 'Trockenbau Wendt' });
  await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Trockenbau Wendt GmbH',
    email: 'buero@trockenbau-wendt.example',
    tax_id: 'DE123456789',
    tax_number: '27/123/45678',
    default_locale: 'de-DE',
    address: { line1: 'Am Gipswerk 3', postal_code: '04109', city: 'Leipzig', country: 'DE' },
    bank_account: { account_holder: 'Trockenbau Wendt GmbH', iban: 'DE89370400440532013000' },
  });
  await api('POST', '/api/v1/customers', {
    name: 'Familie Brandt',
    billing_address: { line1: 'Lindenweg 7', postal_code: '04155', city: 'Leipzig', country: 'DE' },
  });
  browser = await openBrowser(server.url, 'de-DE');
  await page().goto(`${server.url}/`);
  await typeInto(page(), 'API-Schlüssel', account.apiKey);
  await click(page(), 'Anmelden');
  await waitForText(page(), 'Trockenbau Wendt');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('a customer’s VAT for new lines (§ 13b UStG)', () => {
  test('the customer form takes 0 % reverse charge with the § 13b words in one click', async () => {
    await open('customers/new');
    await typeInto(page(), 'Name', 'Hochbau Krause GmbH');
    await typeInto(page(), 'USt-IdNr.', 'DE811907980');
    await typeInto(page(), 'Adresszeile 1', 'Baustraße 12');
    await typeInto(page(), 'Postleitzahl', '04103');
    await typeInto(page(), 'Ort', 'Leipzig');
    await typeInto(page(), 'Land', 'DE');
    await waitForText(page(), 'Umsatzsteuer neuer Positionen');
    await waitForText(page(), 'Damit beginnen die Positionen neuer Dokumente für diesen Kunden');
    // A customer is no Kleinunternehmer: that button is the business profile's.
    expect(await page().$eval('main', (main) => main.textContent)).not.toContain(
      'Kleinunternehmer (§ 19 UStG)',
    );
    await click(page(), 'Bauleistung (§ 13b UStG): Steuerschuldnerschaft des Leistungsempfängers');
    expect(await fieldValue('Steuersatz')).toBe('0');
    expect(await selectValue('USt-Kategorie bei 0 %')).toBe('AE');
    expect(await fieldValue('Rechtsgrundlage')).toBe(REASON);
    await shot('customer-13b-form-de');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Hochbau Krause GmbH gespeichert');
    const list = await api('GET', `/api/v1/customers?q=${encodeURIComponent('Hochbau Krause')}`);
    const stored = await api('GET', `/api/v1/customers/${list.data[0].id}`);
    expect(stored.data.default_tax).toEqual({ rate: '0', category: 'AE', exemption_reason: REASON });
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('a new invoice for the builder starts at AE 0 % with the § 13b words; its PDF says them', async () => {
    await open('documents/new/invoice');
    await choose(page(), 'Kunde', 'Hochbau Krause GmbH');
    await waitForInputValue('Steuerschuldnerschaft des Leistungsempfängers');
    expect(await fieldValue('Steuersatz')).toBe('0');
    expect(await selectValue('USt-Kategorie bei 0 %')).toBe('AE');
    expect(await fieldValue('Rechtsgrundlage')).toBe(REASON);
    await typeInto(page(), 'Beschreibung', 'Trockenbauwände 2. OG, Bauvorhaben Marktstraße');
    await typeInto(page(), 'Einzelpreis', '4.850,00');
    // The only profile is chosen for them; the builder's VAT stays over the profile's 19 %.
    expect(await fieldValue('Steuersatz')).toBe('0');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => /^#\/documents\/doc_[^/]+$/.test(location.hash), { timeout: 15_000 });
    const id = await page().evaluate(() => location.hash.split('/')[2] ?? '');
    const saved = await api('GET', `/api/v1/documents/${id}`);
    expect(saved.data.data.line_items[0].taxes).toEqual([
      { name: 'VAT', rate: '0', category: 'AE', exemption_reason: REASON },
    ]);
    expect(saved.data.totals.total).toEqual({ amount: '4850.00', currency: 'EUR' });

    const finalized = await api('POST', `/api/v1/documents/${id}/finalize`);
    expect(finalized.error ?? null).toBeNull();
    const render = await api('POST', `/api/v1/documents/${id}/renders`, {});
    expect(render.error ?? null).toBeNull();
    const pdf = await server.request(`/api/v1/renders/${render.data.id}/download`, { key: account.apiKey });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    if (process.env.SCREENSHOT_DIR) writeFileSync(`${process.env.SCREENSHOT_DIR}/customer-13b.pdf`, bytes);
    const text = (await inspectPdf(bytes)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(text).not.toContain('19 %');
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('lines typed for another customer keep their VAT until the builder’s is taken for every line', async () => {
    await open('documents/new/invoice');
    await choose(page(), 'Kunde', 'Familie Brandt');
    await typeInto(page(), 'Beschreibung', 'Deckenverkleidung Wohnzimmer');
    await typeInto(page(), 'Einzelpreis', '1.200,00');
    expect(await fieldValue('Steuersatz')).toBe('19');
    await choose(page(), 'Kunde', 'Hochbau Krause GmbH');
    await waitForText(
      page(),
      'Für Hochbau Krause GmbH ist als Umsatzsteuer „0 % – Steuerschuldnerschaft des Leistungsempfängers (AE)“ hinterlegt; einige Positionen haben eine andere.',
    );
    expect(await fieldValue('Steuersatz')).toBe('19');
    await shot('customer-13b-editor-note-de');
    await click(
      page(),
      '0 % – Steuerschuldnerschaft des Leistungsempfängers (AE) für alle Positionen übernehmen',
    );
    await waitForInputValue('Steuerschuldnerschaft des Leistungsempfängers');
    expect(await fieldValue('Steuersatz')).toBe('0');
    expect(await selectValue('USt-Kategorie bei 0 %')).toBe('AE');
    expect(await fieldValue('Rechtsgrundlage')).toBe(REASON);
    expect(await page().$eval('main', (main) => main.textContent)).not.toContain(
      'hinterlegt; einige Positionen',
    );
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('lines typed for the builder and then a private client: the reverse charge left on them is said, 19 % in one click', async () => {
    await open('documents/new/invoice');
    await choose(page(), 'Kunde', 'Hochbau Krause GmbH');
    await waitForInputValue('Steuerschuldnerschaft des Leistungsempfängers');
    await typeInto(page(), 'Beschreibung', 'Trennwände Bürotrakt');
    await typeInto(page(), 'Einzelpreis', '2.400,00');
    expect(await fieldValue('Steuersatz')).toBe('0');
    await choose(page(), 'Kunde', 'Familie Brandt');
    // Before, the line stayed at 0 % reverse charge without a word: an invoice to a private client without VAT.
    await waitForText(
      page(),
      'Für Familie Brandt ist keine Steuerschuldnerschaft des Leistungsempfängers hinterlegt, aber einige Positionen stehen auf 0 % mit Umkehr der Steuerschuld.',
    );
    expect(await fieldValue('Steuersatz')).toBe('0');
    await click(page(), '19 % für alle Positionen übernehmen');
    await page().waitForFunction(
      () => !document.querySelector('main')?.textContent?.includes('keine Steuerschuldnerschaft'),
      { timeout: 15_000 },
    );
    expect(await fieldValue('Steuersatz')).toBe('19');
    expect(browser.problems).toEqual([]);
  }, 90_000);
});
