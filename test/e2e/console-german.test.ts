// The console's German path in a real browser: a Berlin office types numbers the German way, the editor
// asks for unit, line discount, order reference and invoicing period, states read as states ("Storniert"),
// unsaved work is not lost without a question, Finalize first runs the buyer's e-invoice check and names
// the fields, and a quote becomes an invoice and an invoice its correction (Rechnungskorrektur).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Dialog } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let profileId = '';
let cafeId = '';
let authorityId = '';

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  return res.body.data;
};
const page = () => browser.page;
/** SCREENSHOT_DIR=/tmp keeps a picture of the screen. */
const shot = async (name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: `${dir}/${name}.png` as `${string}.png`, fullPage: true });
};

/** Answers the next dialog (confirm, beforeunload) as told and hands back its message. */
function nextDialog(accept: boolean): Promise<{ type: string; message: string }> {
  return new Promise((resolve) => {
    page().once('dialog', async (dialog: Dialog) => {
      const seen = { type: dialog.type(), message: dialog.message() };
      await (accept ? dialog.accept() : dialog.dismiss());
      resolve(seen);
    });
  });
}

/**
 * A fresh load of a screen: what a test left unsaved is let go (its beforeunload question accepted), and a
 * screen opened at the hash it already shows is drawn anew.
 */
async function open(route: string) {
  const letGo = (dialog: Dialog) => dialog.type() === 'beforeunload' && dialog.accept();
  page().on('dialog', letGo);
  await page().goto('about:blank');
  page().off('dialog', letGo);
  await page().goto(`${server.url}/#/${route}`);
}

/** The value of the text field with this name. */
const fieldValue = async (label: string) =>
  (await byName(page(), label, 'textbox')).evaluate((input) => input.value as string);

/** A date input's value, set as a person picking a date would (the input event the form listens to). */
async function pickDate(label: string, value: string) {
  const field = await byName(page(), label, 'textbox');
  await field.evaluate((input, date) => {
    input.value = date;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

const line = { name: 'Statik Gutachten', quantity: '1', unit_price: '500.00', taxes: [{ rate: '19' }] };

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Ingenieurbüro Spree' });
  profileId = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Ingenieurbüro Spree GmbH',
      email: 'buero@spree.example',
      phone: '+49 30 1234567',
      tax_id: 'DE123456789',
      address: { line1: 'Spreeweg 1', postal_code: '10557', city: 'Berlin', country: 'DE' },
      bank_account: { account_holder: 'Ingenieurbüro Spree GmbH', iban: 'DE89370400440532013000' },
    })
  ).id;
  cafeId = (
    await api('POST', '/api/v1/customers', {
      name: 'Café Morgenrot',
      billing_address: { line1: 'Oranienstr. 5', postal_code: '10999', city: 'Berlin', country: 'DE' },
    })
  ).id;
  // A federal authority that needs an XRechnung, with no Leitweg-ID on file.
  authorityId = (
    await api('POST', '/api/v1/customers', {
      name: 'Bundesamt für Beispiele',
      contact_name: 'Frau Weber, Referat Z 2',
      email: 'eingang@bundesamt.example',
      einvoice_profile: 'xrechnung_ubl',
      electronic_address: { scheme: 'EM', value: 'eingang@bundesamt.example' },
      billing_address: { line1: 'Amtsweg 2', postal_code: '53113', city: 'Bonn', country: 'DE' },
    })
  ).id;
  browser = await openBrowser(server.url, 'de-DE');
  await page().goto(`${server.url}/`);
  await typeInto(page(), 'API-Schlüssel', account.apiKey);
  await click(page(), 'Anmelden');
  await waitForText(page(), 'Ingenieurbüro Spree');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('console in German', () => {
  test('German numbers, unit, line discount, order reference and period reach the API exactly', async () => {
    await open(`documents/new/invoice`);
    await choose(page(), 'Kunde', 'Café Morgenrot');
    await typeInto(page(), 'Beschreibung', 'Tragwerksplanung');
    await typeInto(page(), 'Menge', '2,5');
    await choose(page(), 'Einheit', 'Stunde');
    await typeInto(page(), 'Einzelpreis', '1.250,00');
    await typeInto(page(), 'Preisnachlass', '10');
    await typeInto(page(), 'Bestellreferenz', 'PO-4711');
    await pickDate('Zeitraum von', '2026-11-01');
    await pickDate('Zeitraum bis', '2026-11-30');
    // 2,5 × 1.250,00 − 10 % = 2.812,50; with 19 % VAT 3.346,88: German typing is never read as 0.
    await page().waitForFunction(
      // Intl puts a no-break space before the euro sign.
      () => document.body.textContent.replace(/\s/g, ' ').includes('3.346,88 €'),
      { timeout: 15_000 },
    );
    const number = await fieldValue('Nummer');
    expect(number).toStartWith('RE-');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => /^#\/documents\/doc_[^/]+$/.test(location.hash), { timeout: 15_000 });
    const id = (await page().evaluate(() => location.hash)).split('/')[2] ?? '';
    const stored = await api('GET', `/api/v1/documents/${id}`);
    expect(stored.data.line_items[0]).toMatchObject({
      quantity: '2.5',
      unit_price: '1250.00',
      unit_code: 'HUR',
      discount: { type: 'percentage', value: '10' },
    });
    expect(stored.data.order_reference).toBe('PO-4711');
    expect(stored.data.invoice_period).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(stored.totals.total.amount).toBe('3346.88');
    // The document's page names the unit beside the quantity as its PDF does: "2,5 Std.", not "2,5 Stunde".
    await waitForText(page(), '2,5 Std.');
    expect(await page().evaluate(() => document.querySelector('main')?.textContent ?? '')).not.toContain(
      '2,5 Stunde',
    );
    // Its totals name the tax by rate and base, as the PDF does, and the line its amount.
    const shown = await page().evaluate(() => ({
      totals: (document.querySelector('.totals')?.textContent ?? '').replace(/\s/g, ' '),
      line: (document.querySelector('.lines-view tbody tr')?.textContent ?? '').replace(/\s/g, ' '),
    }));
    expect(shown.totals).toContain('USt 19 % auf 2.812,50 €534,38 €');
    expect(shown.line).toContain('2.812,50 €');
    await shot('document-totals-de');

    // Edited again, the stored 2.5 shows as 2,5 and is saved unchanged.
    await click(page(), 'Bearbeiten');
    const quantity = await fieldValue('Menge');
    expect(quantity).toBe('2,5');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => /^#\/documents\/doc_[^/]+$/.test(location.hash), { timeout: 15_000 });
    expect((await api('GET', `/api/v1/documents/${id}`)).data.line_items[0].quantity).toBe('2.5');
  }, 90_000);

  test('an unreadable number is a field error in German with an example, and nothing is saved', async () => {
    const before = (await server.json('/api/v1/documents', { key: account.apiKey })).body.data.length;
    await open(`documents/new/invoice`);
    await choose(page(), 'Kunde', 'Café Morgenrot');
    await typeInto(page(), 'Beschreibung', 'Ortstermin');
    await typeInto(page(), 'Einzelpreis', '1.2.3');
    await waitForText(page(), 'Geben Sie eine Zahl ein, z. B. 1.250,50.');
    const invalid = await (await byName(page(), 'Einzelpreis', 'textbox')).evaluate((input) =>
      input.getAttribute('aria-invalid'),
    );
    expect(invalid).toBe('true');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Einige Zahlen konnten nicht gelesen werden.');
    await waitForText(page(), 'Position 1: Einzelpreis');
    expect((await server.json('/api/v1/documents', { key: account.apiKey })).body.data.length).toBe(before);
  }, 60_000);

  test('leaving unsaved changes asks first: a link, and reloading the page', async () => {
    // What the console filled in itself (the only profile, the next number) is no change of the person's.
    await open(`documents/new/invoice`);
    await page().waitForFunction(() =>
      [...document.querySelectorAll('input')].some((input) => input.value.startsWith('RE-')),
    );
    await click(page(), 'Kunden', 'link');
    await page().waitForFunction(() => location.hash === '#/customers');
    await open(`documents/new/invoice`);
    await typeInto(page(), 'Beschreibung', 'Nicht gespeichert');
    const asked = nextDialog(false);
    await click(page(), 'Kunden', 'link');
    expect((await asked).message).toBe(
      'Sie haben ungespeicherte Änderungen. Seite verlassen und Änderungen verwerfen?',
    );
    expect(await page().evaluate(() => location.hash)).toBe('#/documents/new/invoice');
    const value = await fieldValue('Beschreibung');
    expect(value).toBe('Nicht gespeichert');

    const unload = nextDialog(true);
    await page().reload();
    expect((await unload).type).toBe('beforeunload');

    // The customer form too; leaving when told to goes.
    await open(`customers/new`);
    await typeInto(page(), 'Name', 'Halb ausgefüllt');
    const leave = nextDialog(true);
    await click(page(), 'Dokumente', 'link');
    await leave;
    await page().waitForFunction(() => location.hash === '#/documents');
  }, 60_000);

  test('states are said as states: Storniert beside the action Stornieren; the filter too', async () => {
    const sent = await api('POST', '/api/v1/documents', {
      number: 'RE-2026-0100',
      issue_date: '2026-11-20',
      currency: 'EUR',
      business_profile_id: profileId,
      customer_id: cafeId,
      line_items: [line],
    });
    await api('POST', `/api/v1/documents/${sent.id}/finalize`);
    await open(`documents/${sent.id}`);
    await waitForText(page(), 'Abgeschlossen');
    const asked = nextDialog(true);
    await click(page(), 'Stornieren');
    await asked;
    await page().waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'Storniert');
    await open(`documents`);
    await choose(page(), 'Status', 'Storniert');
    await waitForText(page(), 'RE-2026-0100');
    const statuses = await (await byName(page(), 'Status', 'combobox')).evaluate((select) =>
      [...select.options].map((option: { text: string }) => option.text),
    );
    expect(statuses).toEqual(
      expect.arrayContaining(['Entwurf', 'Abgeschlossen', 'Versendet', 'Bezahlt', 'Storniert']),
    );
    expect(statuses).not.toContain('Stornieren');
  }, 60_000);

  test("Finalize first runs the buyer's e-invoice check and names the fields in German", async () => {
    const draft = await api('POST', '/api/v1/documents', {
      number: 'RE-2026-0200',
      issue_date: '2026-11-20',
      delivery_date: '2026-11-18',
      currency: 'EUR',
      business_profile_id: profileId,
      customer_id: authorityId,
      line_items: [line],
    });
    const asked: string[] = [];
    const watch = (request: { url: () => string; method: () => string }) => {
      if (request.method() === 'POST') asked.push(new URL(request.url()).pathname);
    };
    page().on('request', watch);
    await open(`documents/${draft.id}`);
    // The buyer's contact person, addressed as German letters do.
    await waitForText(page(), 'z. Hd. Frau Weber, Referat Z 2');
    await click(page(), 'Abschließen');
    await waitForText(page(), 'Leitweg-ID (BT-10)', 30_000);
    page().off('request', watch);
    // The console asked the check and, told of findings, never asked to finalize.
    expect(asked).toEqual([`/api/v1/documents/${draft.id}/finalize-check`]);
    await waitForText(page(), 'XRechnung und Peppol verlangen eine Käuferreferenz');
    // Never an XPath: the finding names the field.
    expect(await page().evaluate(() => document.body.textContent.includes('/Invoice'))).toBe(false);
    expect((await api('GET', `/api/v1/documents/${draft.id}`)).status).toBe('draft');
    // The page's own compliance check says the same by field, official rules included: never their XPath.
    await click(page(), 'Konformität prüfen');
    await page().waitForFunction(
      () => document.querySelector('.compliance table')?.textContent?.includes('Leitweg-ID (BT-10)'),
      { timeout: 30_000 },
    );
    const report = await page().evaluate(() => document.querySelector('.compliance')?.textContent ?? '');
    expect(report).toContain('XRechnung und Peppol verlangen eine Käuferreferenz');
    for (const xpath of ['/Invoice', '*:', 'cbc:', 'cac:']) expect(report).not.toContain(xpath);

    await click(page(), 'Entwurf bearbeiten und diese Felder korrigieren', 'link');
    await typeInto(page(), 'Käuferreferenz', '991-12345-67');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => /^#\/documents\/doc_[^/]+$/.test(location.hash), { timeout: 15_000 });
    await click(page(), 'Abschließen');
    await page().waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'Abgeschlossen', {
      timeout: 30_000,
    });
  }, 90_000);

  test('a quote becomes an invoice; an invoice gets its Rechnungskorrektur', async () => {
    const quote = await api('POST', '/api/v1/documents', {
      document_type: 'quote',
      number: 'AN-2026-0001',
      issue_date: '2026-11-02',
      currency: 'EUR',
      business_profile_id: profileId,
      customer_id: cafeId,
      order_reference: 'PO-88',
      valid_until: '2026-12-02',
      line_items: [line, { ...line, name: 'Bauüberwachung', quantity: '3' }],
    });
    await open(`documents/${quote.id}`);
    await waitForText(page(), 'Gültig bis: 02.12.2026');
    // The invoice made from it leaves the quote's validity behind (only a quote has one: a 422 before).
    await click(page(), 'Rechnung erstellen');
    await page().waitForFunction(() => /^#\/documents\/doc_[^/]+\/edit$/.test(location.hash), {
      timeout: 15_000,
    });
    const invoiceId = (await page().evaluate(() => location.hash)).split('/')[2] ?? '';
    const invoice = await api('GET', `/api/v1/documents/${invoiceId}`);
    expect(invoice).toMatchObject({
      document_type: 'invoice',
      status: 'draft',
      customer_id: cafeId,
      business_profile_id: profileId,
      source_document_id: quote.id,
    });
    expect(invoice.data.line_items.map((l: { name: string }) => l.name)).toEqual([
      'Statik Gutachten',
      'Bauüberwachung',
    ]);
    expect(invoice.data.order_reference).toBe('PO-88');
    // Saved in the editor, it keeps the quote as its source (the form neither shows nor sends it).
    await click(page(), 'Speichern');
    await page().waitForFunction(() => !location.hash.endsWith('/edit'), { timeout: 15_000 });
    expect((await api('GET', `/api/v1/documents/${invoiceId}`)).source_document_id).toBe(quote.id);

    await api('POST', `/api/v1/documents/${invoiceId}/finalize`);
    await open(`documents/${invoiceId}`);
    await click(page(), 'Rechnung korrigieren');
    await page().waitForFunction(() => /^#\/documents\/doc_[^/]+\/edit$/.test(location.hash), {
      timeout: 15_000,
    });
    await waitForText(page(), 'Rechnungskorrektur');
    const creditId = (await page().evaluate(() => location.hash)).split('/')[2] ?? '';
    const credit = await api('GET', `/api/v1/documents/${creditId}`);
    expect(credit).toMatchObject({ document_type: 'credit_note', source_document_id: invoiceId });
    expect(credit.number).toStartWith('RK-');
    expect(credit.data.line_items).toHaveLength(2);
  }, 90_000);

  test("a quote's Gültig bis is its valid_until, as its PDF says it, not a due date", async () => {
    await open('documents/new/quote');
    await choose(page(), 'Kunde', 'Café Morgenrot');
    await typeInto(page(), 'Beschreibung', 'Tragwerksplanung');
    await typeInto(page(), 'Einzelpreis', '900,00');
    await pickDate('Gültig bis', '2026-12-31');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => /^#\/documents\/doc_[^/]+$/.test(location.hash), { timeout: 15_000 });
    const id = (await page().evaluate(() => location.hash)).split('/')[2] ?? '';
    const stored = await api('GET', `/api/v1/documents/${id}`);
    expect(stored.data.valid_until).toBe('2026-12-31');
    expect(stored.due_date ?? null).toBeNull();
    await waitForText(page(), 'Gültig bis: 31.12.2026');
    // Edited and saved again, the date stays where it is; cleared, it is gone.
    await click(page(), 'Bearbeiten');
    expect(await fieldValue('Gültig bis')).toBe('2026-12-31');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => !location.hash.endsWith('/edit'), { timeout: 15_000 });
    expect((await api('GET', `/api/v1/documents/${id}`)).data.valid_until).toBe('2026-12-31');
    await click(page(), 'Bearbeiten');
    await pickDate('Gültig bis', '');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => !location.hash.endsWith('/edit'), { timeout: 15_000 });
    expect((await api('GET', `/api/v1/documents/${id}`)).data.valid_until).toBeUndefined();
  }, 90_000);

  test('a numbering sequence RE-2026-0001 is made and changed; a quarterly invoice uses it', async () => {
    const year = new Date().getFullYear();
    await open(`documents`);
    await click(page(), 'Nummernkreise', 'link');
    await click(page(), 'Neuer Nummernkreis');
    // Offered the German way: RE-, the year, four digits, from 1 again each year.
    await waitForText(page(), `RE-${year}-0001`);
    await click(page(), 'Speichern');
    await page().waitForFunction(() => location.hash === '#/numbering');
    await click(page(), 'Rechnungen', 'link');
    await typeInto(page(), 'Nächste Nummer', '42');
    await waitForText(page(), `RE-${year}-0042`);
    await click(page(), 'Speichern');
    await waitForText(page(), `RE-${year}-0042`);
    const [sequence] = (await server.json('/api/v1/numbering-sequences', { key: account.apiKey })).body.data;
    expect(sequence).toMatchObject({
      prefix: 'RE-',
      pattern: '{YYYY}-{NNNN}',
      reset: 'yearly',
      next_number: 42,
    });

    await click(page(), 'Wiederkehrend', 'link');
    await click(page(), 'Neue wiederkehrende Rechnung');
    await choose(page(), 'Kunde', 'Café Morgenrot');
    await choose(page(), 'Häufigkeit', 'Vierteljährlich');
    await choose(page(), 'Nummernkreis', 'Rechnungen');
    await pickDate('Erste Rechnung am', '2030-01-01');
    await typeInto(page(), 'Beschreibung', 'Wartungsvertrag');
    await typeInto(page(), 'Einzelpreis', '1.250,00');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => location.hash === '#/recurring');
    await waitForText(page(), 'Vierteljährlich');
    const [schedule] = (await server.json('/api/v1/recurring-invoices', { key: account.apiKey })).body.data;
    expect(schedule).toMatchObject({
      frequency: 'quarterly',
      start_date: '2030-01-01',
      customer_id: cafeId,
      business_profile_id: profileId,
      numbering_sequence_id: sequence.id,
    });
    expect(schedule.invoice_template.line_items[0]).toMatchObject({
      name: 'Wartungsvertrag',
      unit_price: '1250.00',
    });
    expect(schedule.invoice_template.due_in_days).toBe(14);

    // Opened again: the price shows the German way; paused.
    await click(page(), 'Café Morgenrot', 'link');
    const price = await fieldValue('Einzelpreis');
    expect(price).toBe('1250,00');
    await click(page(), 'Pausieren');
    await waitForText(page(), 'Pausiert');
    expect((await api('GET', `/api/v1/recurring-invoices/${schedule.id}`)).status).toBe('paused');
  }, 90_000);

  test('the profile form: USt-IdNr. and Steuernummer apart, register, directors, bank account, A4 preselected', async () => {
    await open('business-profiles');
    await click(page(), 'Neues Geschäftsprofil');
    // A German console's new profile prints on A4 unless changed.
    const pageSize = await byName(page(), 'Seitenformat', 'combobox');
    expect(await pageSize.evaluate((select) => select.value as string)).toBe('A4');
    await typeInto(page(), 'Firmenname', 'Vermessung Havel GmbH');
    await typeInto(page(), 'USt-IdNr.', 'DE811907980');
    await typeInto(page(), 'Steuernummer', '046/123/45678');
    await typeInto(page(), 'Handelsregister', 'HRB 4711 P, Amtsgericht Potsdam');
    await typeInto(page(), 'Geschäftsführer', 'Hanna Havel, Otto Havel');
    await typeInto(page(), 'Kontoinhaber', 'Vermessung Havel GmbH');
    await typeInto(page(), 'IBAN', 'DE89 3704 0044 0532 0130 00');
    await typeInto(page(), 'BIC / SWIFT', 'COBADEFFXXX');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Vermessung Havel GmbH');
    const profiles = await server.json('/api/v1/business-profiles?limit=100', { key: account.apiKey });
    const summary = profiles.body.data.find(
      (p: { legal_name: string }) => p.legal_name === 'Vermessung Havel GmbH',
    );
    const stored = await api('GET', `/api/v1/business-profiles/${summary.id}`);
    expect(stored).toMatchObject({
      tax_id: 'DE811907980',
      tax_number: '046/123/45678',
      registration_number: 'HRB 4711 P, Amtsgericht Potsdam',
      default_page_size: 'A4',
      bank_account: { account_holder: 'Vermessung Havel GmbH', bic: 'COBADEFFXXX' },
    });
    expect(String(stored.managing_directors)).toContain('Hanna Havel');
    expect(stored.bank_account.iban.replace(/\s/g, '')).toBe('DE89370400440532013000');
  }, 60_000);

  test("a Kleinunternehmer's profile: new invoices start at 0 % exempt under § 19 UStG", async () => {
    // No profile is a small business's yet: the dashboard has no Kleinunternehmer limits.
    await open('dashboard');
    await waitForText(page(), 'Offen und überfällig');
    expect(await page().$eval('main', (main) => main.textContent)).not.toContain('Kleinunternehmergrenzen');
    await open('business-profiles');
    await click(page(), 'Neues Geschäftsprofil');
    await typeInto(page(), 'Firmenname', 'Lektorat Elbe');
    await typeInto(page(), 'Steuernummer', '203/456/78901');
    // 0 % alone is asked about before anything is sent: why no VAT is charged.
    await typeInto(page(), 'Steuersatz', '0');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Bitte wählen Sie, warum keine Umsatzsteuer berechnet wird.');
    await click(page(), 'Kleinunternehmer (§ 19 UStG): ohne Umsatzsteuer');
    expect(await fieldValue('Rechtsgrundlage')).toBe('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
    await shot('profile-small-business-de');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Lektorat Elbe');
    const profiles = await server.json('/api/v1/business-profiles?limit=100', { key: account.apiKey });
    const summary = profiles.body.data.find((p: { legal_name: string }) => p.legal_name === 'Lektorat Elbe');
    expect((await api('GET', `/api/v1/business-profiles/${summary.id}`)).default_tax).toEqual({
      rate: '0',
      category: 'E',
      exemption_reason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    });

    await open('documents/new/invoice');
    await choose(page(), 'Kunde', 'Café Morgenrot');
    await choose(page(), 'Geschäftsprofil', 'Lektorat Elbe');
    await page().waitForFunction(
      () =>
        [...document.querySelectorAll('input')].some((input) => input.value.startsWith('Gemäß § 19 UStG')),
      { timeout: 15_000 },
    );
    expect(await fieldValue('Steuersatz')).toBe('0');
    const category = await byName(page(), 'USt-Kategorie bei 0 %', 'combobox');
    expect(await category.evaluate((select) => select.value as string)).toBe('E');
    await typeInto(page(), 'Beschreibung', 'Lektorat Manuskript');
    await typeInto(page(), 'Einzelpreis', '450');
    await shot('editor-small-business-de');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => /^#\/documents\/doc_[^/]+$/.test(location.hash), { timeout: 15_000 });
    const id = await page().evaluate(() => location.hash.split('/')[2] ?? '');
    const saved = await api('GET', `/api/v1/documents/${id}`);
    expect(saved.data.line_items[0].taxes).toEqual([
      {
        name: 'VAT',
        rate: '0',
        category: 'E',
        exemption_reason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
      },
    ]);
    expect(saved.totals.total).toEqual({ amount: '450.00', currency: 'EUR' });

    // Now the dashboard weighs the year's revenue against the limits (§ 19 UStG: 25,000 € / 100,000 €).
    await open('dashboard');
    await waitForText(page(), 'Kleinunternehmergrenzen (§ 19 UStG)');
    const card = (
      await page().$eval('[aria-labelledby=small-business-heading]', (el) => el.textContent ?? '')
    ).replace(/\s/g, ' ');
    expect(card).toContain('von 100.000,00 €');
    expect(card).toContain('von 25.000,00 €');
    await shot('dashboard-small-business-de');
  }, 90_000);

  test('the customer form: Leitweg-ID and "needs an e-invoice"', async () => {
    await open('customers');
    await click(page(), 'Neuer Kunde');
    await typeInto(page(), 'Name', 'Landesamt für Vermessung');
    await typeInto(page(), 'Leitweg-ID oder Käuferreferenz', '04011000-1234512345-06');
    await choose(page(), 'Braucht E-Rechnung', 'XRechnung (UBL)');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Landesamt für Vermessung');
    const customers = await server.json('/api/v1/customers?limit=100', { key: account.apiKey });
    const made = customers.body.data.find((c: { name: string }) => c.name === 'Landesamt für Vermessung');
    expect(await api('GET', `/api/v1/customers/${made.id}`)).toMatchObject({
      buyer_reference: '04011000-1234512345-06',
      einvoice_profile: 'xrechnung_ubl',
    });
  }, 60_000);

  test('no console errors on the way', () => {
    expect(browser.problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
    expect(browser.foreign).toEqual([]);
  });
});
