// The first week of a German Handwerker GmbH (an owner and an employee, no developer) in the German console,
// on a desktop and a phone: the business profile they fill in as asked gave English invoices ("Invoice",
// "Dec 6, 2026", "€363.07") because nothing suggested a language and an empty one means English; a profile
// without one said nothing before Finalize, after which the invoice stays English; the product form offered
// "Keiner" for a unit and a VAT category (die Einheit, die Kategorie); an authority's invoice did not show
// its Leitweg-ID nor the date of supply on its page; a valid XRechnung was "valid under the official rules
// (Mandatory fields (EN 16931, checked in TypeScript) …)". SCREENSHOT_DIR=/tmp/first-week keeps pictures.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { makeUser, PASSWORD } from '../users';
import { choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

const OWNER = 'meister@elektro-berger.example';
const LEITWEG_ID = '11001-12345-67';

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
async function open(path: string, text: string) {
  await page().goto(`${server.url}/#/${path}`);
  await waitForText(page(), text);
}
async function api(method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const phone = () => page().setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
const desktop = () => page().setViewport({ width: 1280, height: 800 });
const noSidewaysScroll = () =>
  page().evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const HOURS_AND_MATERIAL = [
  {
    name: 'Arbeitsstunde Elektromeister',
    quantity: '3.5',
    unit_code: 'HUR',
    unit_price: '68.50',
    taxes: [{ name: 'USt', rate: '19', category: 'S' }],
  },
  {
    name: 'Mantelleitung NYM-J 3x1,5 mm²',
    quantity: '25',
    unit_code: 'MTR',
    unit_price: '1.19',
    taxes: [{ name: 'USt', rate: '19', category: 'S' }],
  },
];

async function invoiceFor(profileId: string, customerId: string, extra: Record<string, unknown> = {}) {
  return api('POST', '/api/v1/documents', {
    document_type: 'invoice',
    business_profile_id: profileId,
    customer_id: customerId,
    issue_date: '2026-03-02',
    due_date: '2026-03-16',
    currency: 'EUR',
    tax_scheme: 'VAT',
    line_items: HOURS_AND_MATERIAL,
    ...extra,
  });
}

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Elektro Berger GmbH' });
  await makeUser(server, account.id, { role: 'owner', email: OWNER });
  browser = await openBrowser(server.url, 'de-DE');
  // Leaving the editor with a profile chosen asks first (unsaved work): the owner says yes.
  page().on('dialog', (dialog) => dialog.accept());
  await desktop();
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

describe('the first week of a German Handwerker GmbH in the console', () => {
  test('the business profile filled in as the form asks gives German invoices: language, currency and time zone are suggested', async () => {
    await desktop();
    await open('business-profiles/new', 'Neues Geschäftsprofil');
    const filled: [string, string][] = [
      ['Firmenname', 'Elektro Berger GmbH'],
      ['E-Mail', 'info@elektro-berger.example'],
      ['Telefon', '030 1234567'],
      ['USt-IdNr.', 'DE287654321'],
      ['Handelsregister', 'HRB 98765 B, Amtsgericht Charlottenburg'],
      ['Geschäftsführer', 'Thomas Berger'],
      ['Adresszeile 1', 'Werkstattweg 5'],
      ['Postleitzahl', '12345'],
      ['Ort', 'Berlin'],
      ['Land', 'DE'],
      ['IBAN', 'DE89 3704 0044 0532 0130 00'],
    ];
    for (const [label, value] of filled) await typeInto(page(), label, value);
    await shot('profile-new-desktop-de');
    await click(page(), 'Speichern');
    await waitForText(page(), 'info@elektro-berger.example');
    const [summary] = (await server.json('/api/v1/business-profiles', { key: account.apiKey })).body.data;
    const profile = await api('GET', `/api/v1/business-profiles/${summary.id}`);
    expect(profile).toMatchObject({
      default_locale: 'de-DE',
      default_currency: 'EUR',
      default_timezone: 'Europe/Berlin',
      default_page_size: 'A4',
    });

    // The first invoice, hours and material, finalized: its PDF speaks German (§ 14 UStG's words).
    const customer = await api('POST', '/api/v1/customers', {
      name: 'Anna Schmidt',
      billing_address: { line1: 'Lindenstraße 12', postal_code: '12347', city: 'Berlin', country: 'DE' },
    });
    const invoice = await invoiceFor(profile.id, customer.id, {
      number: 'RE-2026-0001',
      delivery_date: '2026-02-27',
    });
    await api('POST', `/api/v1/documents/${invoice.id}/finalize`);
    const render = await api('POST', `/api/v1/documents/${invoice.id}/renders`, {});
    const pdf = await fetch(
      render.download_url.startsWith('http') ? render.download_url : server.url + render.download_url,
    );
    const { text } = await inspectPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Rechnung');
    expect(text).toContain('Leistungsdatum');
    expect(text).toContain('02.03.2026');
    expect(text).not.toContain('Invoice');
    expect(text).not.toContain('Mar 2, 2026');
    await open('business-profiles/new', 'Neues Geschäftsprofil');
    expect(await shown()).toContain('Sprache der PDFs und E-Mails, z. B. de-DE (Deutsch); leer: Englisch');
  }, 120_000);

  test('a profile that names no language is pointed out in the editor and above Finalize, with the way to fix it', async () => {
    await desktop();
    const quiet = await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Berger Altbau GmbH',
      address: { line1: 'Hofweg 2', postal_code: '12345', city: 'Berlin', country: 'DE' },
    });
    const customer = await api('POST', '/api/v1/customers', { name: 'Familie Wolf' });
    await open('documents/new/invoice', 'Neue Rechnung');
    await choose(page(), 'Geschäftsprofil', 'Berger Altbau GmbH');
    await waitForText(page(), 'Dieses Geschäftsprofil nennt keine Sprache: PDF und E-Mail werden englisch.');
    // The suggested profile (German) says nothing.
    await choose(page(), 'Geschäftsprofil', 'Elektro Berger GmbH');
    await page().waitForFunction(
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
      () => !document.body.innerText.includes('nennt keine Sprache'),
    );

    const draft = await invoiceFor(quiet.id, customer.id, { number: 'RE-2026-0101' });
    await open(`documents/${draft.id}`, 'RE-2026-0101');
    await waitForText(page(), 'Dieses Geschäftsprofil nennt keine Sprache: PDF und E-Mail werden englisch.');
    await shot('draft-profile-without-language-de');
    await click(page(), 'Sprache im Geschäftsprofil eintragen', 'link');
    await waitForText(page(), 'Berger Altbau GmbH');
    await typeInto(page(), 'Sprache und Format der Dokumente', 'de-DE');
    await click(page(), 'Speichern');
    // Saved, the console goes back to the list by itself: waited for, or that step could come after the
    // page opened below and take its place (the PATCH is done before the console hears its answer).
    await page().waitForFunction(() => location.hash === '#/business-profiles');
    expect((await api('GET', `/api/v1/business-profiles/${quiet.id}`)).default_locale).toBe('de-DE');
    await open(`documents/${draft.id}`, 'RE-2026-0101');
    await waitForText(page(), 'Abschließen');
    expect(await shown()).not.toContain('nennt keine Sprache');
  }, 120_000);

  test('a screen moved to while the signed-in console is first drawn is shown, not the one it was drawn for', async () => {
    await desktop();
    // The hash changes in the same turn as the first drawing of the signed-in frame, before its effects
    // run (what a link followed while the page loads, or a test's navigation right after a reload, does).
    const moved = await page().evaluateOnNewDocument(() => {
      let done = false;
      new MutationObserver(() => {
        if (done || !document.querySelector('.topbar')) return;
        done = true;
        location.hash = '#/products/new';
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await page().goto('about:blank');
      await page().goto(`${server.url}/#/customers`);
      await waitForText(page(), 'Neuer Artikel');
      expect(await page().evaluate(() => location.hash)).toBe('#/products/new');
    } finally {
      await page().removeScriptToEvaluateOnNewDocument(moved.identifier);
    }
  }, 60_000);

  test('on a phone, a new product offers "Keine Einheit" and "Keine Kategorie", not "Keiner"', async () => {
    await phone();
    await open('products/new', 'Neuer Artikel');
    const firstOptions = await page().evaluate(() =>
      [...document.querySelectorAll('select')].map((select) => select.options[0]?.text ?? ''),
    );
    expect(firstOptions).toContain('Keine Einheit');
    expect(firstOptions).toContain('Keine Kategorie');
    expect(await shown()).not.toContain('Keiner');
    expect(await noSidewaysScroll()).toBe(true);
    await shot('product-new-phone-de');
  }, 60_000);

  test("an authority's invoice shows its Leitweg-ID and date of supply on its page, and its XRechnung is valid in plain words", async () => {
    await phone();
    const seller = await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Elektro Berger Service GmbH',
      email: 'service@elektro-berger.example',
      phone: '030 1234568',
      tax_id: 'DE287654322',
      default_locale: 'de-DE',
      address: { line1: 'Werkstattweg 5', postal_code: '12345', city: 'Berlin', country: 'DE' },
    });
    const authority = await api('POST', '/api/v1/customers', {
      name: 'Bezirksamt Neukölln von Berlin',
      email: 'rechnung@ba-neukoelln.example',
      buyer_reference: LEITWEG_ID,
      einvoice_profile: 'xrechnung_ubl',
      billing_address: { line1: 'Karl-Marx-Straße 83', postal_code: '12043', city: 'Berlin', country: 'DE' },
    });
    const invoice = await invoiceFor(seller.id, authority.id, {
      number: 'RE-2026-0002',
      delivery_date: '2026-02-27',
      buyer_reference: LEITWEG_ID,
    });
    await api('POST', `/api/v1/documents/${invoice.id}/finalize`);
    await open(`documents/${invoice.id}`, 'RE-2026-0002');
    await waitForText(page(), `Leitweg-ID oder Käuferreferenz: ${LEITWEG_ID}`);
    await waitForText(page(), 'Leistungsdatum: 27.02.2026');
    expect(await noSidewaysScroll()).toBe(true);
    await shot('authority-invoice-phone-de');

    await desktop();
    await choose(page(), 'Profil', 'XRechnung (UBL)');
    await click(page(), 'Konformität prüfen');
    await waitForText(page(), 'Gültig nach den offiziellen Regeln', 60_000);
    const said = await shown();
    expect(said).toContain('XRechnung');
    expect(said).not.toContain('TypeScript');
    expect(said).not.toContain('Mandatory fields');
  }, 120_000);
});
