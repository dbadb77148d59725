// Issue 36 in the console, in German, in a real browser (and against the executable in its lane): the firm
// renames its account, sends a Factur-X customer its invoice with one click and sees it "Versendet", records
// a payment with Skonto, sees what a Rechnungskorrektur set against an invoice, reads a supplier's Skonto
// and findings in words, and a member is told in German what their role may not do.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import { makeUser, PASSWORD } from '../users';
import { byName, click, openBrowser, signInGerman, typeInto, type Watched, waitForText } from './browser';

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
let browser: Watched;
const state: Record<string, any> = {};
const page = () => browser.page;

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

async function invoice(customerId: string, number: string, extra: Record<string, unknown> = {}) {
  const lines = [
    germanLine({ name: 'Tragwerksplanung', quantity: '10', unit_code: 'HUR', unit_price: '95.00' }),
  ];
  const draft = await api(
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(state.profile.id, customerId, number, lines, extra),
  );
  return await api('POST', `/api/v1/documents/${draft.id}/finalize`);
}

/** Waits for `text` as a person reads it: amounts carry no-break spaces ("22,61 €"). */
async function waitForWords(text: string, timeout = 20_000) {
  await page().waitForFunction(
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
    (wanted: string) => document.body.innerText.replace(/[\u00a0\u202f]/g, ' ').includes(wanted),
    { timeout },
    text,
  );
}

async function open(route: string, text: string) {
  await page().goto(`${server.url}/#/${route}`);
  await waitForText(page(), text);
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'rechnung@nordlicht.example' }) });
  account = await makeAccount(server, { name: 'Default account' });
  state.profile = await api('POST', '/api/v1/business-profiles', GERMAN_SELLER);
  state.bakery = await api('POST', '/api/v1/customers', {
    name: 'Bäckerei Sonnenschein OHG',
    email: 'buchhaltung@sonnenschein.example',
    tax_id: 'DE129273398',
    billing_address: { line1: 'Marktplatz 3', postal_code: '14467', city: 'Potsdam', country: 'DE' },
    einvoice_profile: 'factur_x_en16931',
  });
  browser = await openBrowser(server.url, 'de-DE');
  await signInGerman(page(), server.url, account.apiKey, 'Default account');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

describe("a German office's month in the console (issue 36)", () => {
  test('the account takes the firm’s name in the settings, and the header shows it at once', async () => {
    await open('settings', 'Name der Firma bzw. des Kontos');
    await typeInto(page(), 'Name der Firma bzw. des Kontos', 'Ingenieurbüro Nordlicht GmbH');
    await click(page(), 'Umbenennen');
    await waitForText(page(), 'Das Konto ist umbenannt.');
    const header = await page().$eval('.who .account', (node) => node.textContent);
    expect(header).toBe('Ingenieurbüro Nordlicht GmbH');
  }, 60_000);

  test('"Senden" to a Factur-X customer: one click, the Factur-X PDF goes out, the invoice reads "Versendet"', async () => {
    const doc = await invoice(state.bakery.id, 'RE-2026-0401');
    await open(`documents/${doc.id}`, 'RE-2026-0401');
    await click(page(), 'Senden');
    // The send draws the Factur-X PDF and checks its XML first: the executable's first check of the
    // official rules takes ~2 s alone, and above 20 s with CI's lanes keeping both cores busy (twice).
    await waitForText(page(), 'Zum Versand eingereiht', 90_000);
    await server.jobs.runDue();
    const mail = smtp.messages.find((m) => m.envelope.to.includes('buchhaltung@sonnenschein.example'));
    expect(Buffer.from(mail?.parsed.attachments[0]?.content ?? []).toString('latin1')).toContain(
      'factur-x.xml',
    );
    await page().reload();
    await waitForText(page(), 'Versendet');
  }, 150_000);

  test('a payment with Skonto: the form offers it, deducts it and the invoice is paid', async () => {
    const doc = await invoice(state.bakery.id, 'RE-2026-0402', {
      payment: { early_payment_discounts: [{ days: 14, percent: '2' }] },
    });
    await open(`documents/${doc.id}`, 'RE-2026-0402');
    // 10 h at 95,00 € plus 19 %: 1.130,50 €; 2 % Skonto is 22,61 €.
    await waitForWords('Mit Skonto: 2 % (22,61 €) abgezogen, bei Zahlung bis 14.12.2026');
    await click(page(), 'Mit Skonto: 2 % (22,61 €) abgezogen, bei Zahlung bis 14.12.2026', 'checkbox');
    const amount = await (await byName(page(), 'Betrag', 'textbox')).evaluate((input) => input.value);
    expect(amount).toBe('1107,89');
    await click(page(), 'Zahlung erfassen');
    await waitForText(page(), 'Zahlung erfasst.');
    const paid = await api('GET', `/api/v1/documents/${doc.id}`);
    expect(paid).toMatchObject({ status: 'paid', amount_due: '0.00' });
    await waitForText(page(), 'Skonto');
  }, 60_000);

  test('a Rechnungskorrektur set against its invoice shows beside the payments', async () => {
    const doc = await invoice(state.bakery.id, 'RE-2026-0403');
    const correction = await api('POST', '/api/v1/documents', {
      number: 'RK-2026-0401',
      document_type: 'credit_note',
      source_document_id: doc.id,
      reason: 'Eine Stunde zu viel berechnet',
      issue_date: '2026-12-02',
      currency: 'EUR',
      locale: 'de-DE',
      tax_scheme: 'VAT',
      business_profile_id: state.profile.id,
      customer_id: state.bakery.id,
      line_items: [
        germanLine({ name: 'Tragwerksplanung', quantity: '1', unit_code: 'HUR', unit_price: '95.00' }),
      ],
    });
    await api('POST', `/api/v1/documents/${correction.id}/finalize`);
    await open(`documents/${doc.id}`, 'RE-2026-0403');
    await waitForText(page(), 'Verrechnet mit Rechnungskorrekturen');
    await waitForWords('113,05 €');
    await waitForWords('1.017,45 €');
  }, 60_000);

  test("a supplier's Skonto and findings in words, not #SKONTO# lines or XPath", async () => {
    const xml = readFileSync(join(RULESETS_DIR, 'examples', 'xrechnung_ubl', '01.10a-INVOICE_ubl.xml'));
    const res = await server.request('/api/v1/received-documents', {
      method: 'POST',
      key: account.apiKey,
      headers: { 'content-type': 'application/xml' },
      body: xml.toString('utf8'),
    });
    const received = ((await res.json()) as { data: { id: string } }).data;
    await open(`received/${received.id}`, 'Prüfbericht');
    await waitForWords('2.542,32 € zahlen bis 04.07.2016');
    const text = await page().evaluate(() => document.body.textContent ?? '');
    expect(text).not.toContain('#SKONTO#');
    expect(text).not.toContain('Q{urn:');
  }, 60_000);

  test('a member is told in German what their role may not do', async () => {
    const member = await makeUser(server, account.id, { role: 'member' });
    await click(page(), 'Abmelden');
    await typeInto(page(), 'E-Mail', member.email);
    await typeInto(page(), 'Passwort', PASSWORD);
    await click(page(), 'Anmelden');
    await waitForText(page(), 'Ingenieurbüro Nordlicht GmbH');
    // The dunning policy is the owners' and admins': a member reads it, with no save button to press.
    await open('settings', 'Nur Inhaber und Administratoren ändern das Mahnwesen.');
    expect(await page().evaluate(() => document.body.textContent ?? '')).not.toContain('Mahnwesen speichern');
    // A customer someone else made: read, with no save to press and why said (a member changes what they
    // made; the service would refuse it).
    await open(
      `customers/${state.bakery.id}`,
      'Nur die Person, die es angelegt hat, oder ein Admin kann das ändern.',
    );
    const text = await page().evaluate(() => document.body.textContent ?? '');
    expect(text).not.toContain('Speichern');
    expect(text).not.toContain('wsm_');
    expect(text).not.toContain('Missing permission');
    expect(browser.problems).toEqual([]);
  }, 60_000);
});
