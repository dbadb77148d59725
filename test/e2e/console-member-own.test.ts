// A member sees only the buttons they may use (docs/roles.md "Own resources"), in a real browser, in
// German: on the owner's customer and draft quote no Speichern, Löschen, Bearbeiten (the API would refuse
// each with a 403), the fields read-only and a line saying who may change it; duplicating and the PDF
// stay. On the member's own customer and draft the change actions are there, and an owner sees them on
// every row. A received invoice someone else took in (an account-level key, as the inbox and mail intake)
// offers a member no Freigeben, Ablehnen, Als bezahlt markieren, Notiz, Kurs, Zahlung or Löschen; their own
// does. Under the member's invoice only the payments they recorded have Löschen (the API asks the payment's
// creator). On their own template that an admin made the default, Als Version sichern stays (the API takes
// it), the rest goes. SCREENSHOT_DIR=/tmp/shots keeps pictures at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentBody } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { makeUser, PASSWORD } from '../users';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

const MEMBER = 'mitarbeiterin@malerei-klein.example';
const NOT_YOURS = 'Nur die Person, die es angelegt hat, oder ein Admin kann das ändern.';
/** A supplier's XRechnung in US dollars (no rate to the euro stated: the rate field is offered to whoever may). */
const UBL_USD = readFileSync(
  join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'),
  'utf8',
)
  .replaceAll('currencyID="EUR"', 'currencyID="USD"')
  .replace(/<cbc:DocumentCurrencyCode>EUR</, '<cbc:DocumentCurrencyCode>USD<');

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const rows = {} as Record<
  'ownerCustomer' | 'memberCustomer' | 'ownerProduct' | 'memberProduct',
  { id: string; name: string }
> &
  Record<'ownerQuote' | 'memberQuote', { id: string; number: string }> &
  Record<'accountReceived' | 'memberReceived', { id: string; invoice_number: string }> &
  Record<'memberInvoice', { id: string; number: string }> &
  Record<'defaultTemplate', { id: string; name: string }>;

/** An e-invoice taken in with `key`, under its own number (so it is no copy of another). */
async function receive(key: string, number: string) {
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' },
    body: UBL_USD.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`),
  });
  const body = (await res.json()) as { data: { id: string; invoice_number: string } };
  if (res.status !== 201) throw new Error(`receive: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function api(key: string, method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key, body });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A key acting for a workspace member (the rows it makes record that member as `created_by`). */
const keyOf = async (memberId: string) =>
  (await api(account.apiKey, 'POST', '/api/v1/api-keys', { workspace_member_id: memberId }))
    .api_key as string;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Malerei Klein GmbH' });
  const owner = await makeUser(server, account.id, { role: 'owner', email: 'chef@malerei-klein.example' });
  const member = await makeUser(server, account.id, { role: 'member', email: MEMBER });
  const ownerKey = await keyOf(owner.member.id);
  const memberKey = await keyOf(member.member.id);
  const profile = await api(ownerKey, 'POST', '/api/v1/business-profiles', {
    legal_name: 'Malerei Klein GmbH',
    address: { line1: 'Hauptstr. 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
  });
  rows.ownerCustomer = await api(ownerKey, 'POST', '/api/v1/customers', { name: 'Hausverwaltung Schulz' });
  rows.memberCustomer = await api(memberKey, 'POST', '/api/v1/customers', { name: 'Praxis Dr. Weber' });
  rows.ownerProduct = await api(ownerKey, 'POST', '/api/v1/products', { name: 'Wand streichen' });
  rows.memberProduct = await api(memberKey, 'POST', '/api/v1/products', { name: 'Tür lackieren' });
  const quote = (key: string, customerId: string) =>
    api(
      key,
      'POST',
      '/api/v1/documents',
      documentBody(
        { profileId: profile.id, customerId },
        { document_type: 'quote', due_date: undefined, number: `AN-${customerId.slice(-6)}` },
      ),
    );
  rows.ownerQuote = await quote(ownerKey, rows.ownerCustomer.id);
  rows.memberQuote = await quote(memberKey, rows.memberCustomer.id);
  // As the inbox, mail intake or an account-level key takes one in: created by nobody.
  rows.accountReceived = await receive(account.apiKey, 'LIEF-4711');
  rows.memberReceived = await receive(memberKey, 'LIEF-4712');
  // The member's invoice, a payment the owner recorded on it and one the member did.
  const invoice = await api(
    memberKey,
    'POST',
    '/api/v1/documents',
    documentBody({ profileId: profile.id, customerId: rows.memberCustomer.id }, { number: 'RE-2026-0815' }),
  );
  rows.memberInvoice = await api(memberKey, 'POST', `/api/v1/documents/${invoice.id}/finalize`);
  await api(ownerKey, 'POST', `/api/v1/documents/${invoice.id}/payments`, {
    amount: '10.00',
    date: '2026-11-03',
  });
  await api(memberKey, 'POST', `/api/v1/documents/${invoice.id}/payments`, {
    amount: '20.00',
    date: '2026-11-04',
  });
  // The member's template, which the owner then makes the account's default.
  rows.defaultTemplate = await api(memberKey, 'POST', '/api/v1/templates/custom', { name: 'Hausvorlage' });
  await api(ownerKey, 'PATCH', `/api/v1/templates/custom/${rows.defaultTemplate.id}`, { is_default: true });

  browser = await openBrowser(server.url, 'de-DE');
  browser.page.on('dialog', (dialog) => dialog.accept());
  await page().goto(`${server.url}/`);
  await page().evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
  await page().reload();
  await typeInto(page(), 'E-Mail', MEMBER);
  await typeInto(page(), 'Passwort', PASSWORD);
  await click(page(), 'Anmelden');
  await page().waitForSelector('.topbar .firm-name');
}, 90_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;

/** The names of the visible buttons of the page's main part. */
const buttons = () =>
  page().evaluate(() =>
    [...document.querySelectorAll('main button')]
      .filter((b) => b.getClientRects().length > 0 && !b.matches(':disabled'))
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
  );

/** The names of every button of the page's main part, disabled ones too (a Save waiting for a change). */
const everyButton = () =>
  page().evaluate(() =>
    [...document.querySelectorAll('main button')]
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
  );

/** How many text fields and choices inside `selector` can be typed into (file pickers aside). */
const typableIn = (selector: string) =>
  page().evaluate(
    (scope) =>
      [
        ...document.querySelectorAll(`${scope} input:not([type=file]), ${scope} textarea, ${scope} select`),
      ].filter(
        (field) =>
          field.getClientRects().length > 0 &&
          !field.matches(':disabled') &&
          !(field as unknown as { readOnly?: boolean }).readOnly,
      ).length,
    selector,
  );

/** How many fields of the page's form (not the statement's dates beside it) can be typed into. */
const typable = () =>
  page().evaluate(
    () =>
      [
        ...document.querySelectorAll('main form.form input, main form.form textarea, main form.form select'),
      ].filter(
        (field) => !field.matches(':disabled') && !(field as unknown as { readOnly?: boolean }).readOnly,
      ).length,
  );

// biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
const shown = () => page().evaluate(() => document.body.innerText);

async function shot(name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page().setViewport({ width, height: 900 });
    await page().screenshot({
      path: join(dir, `member-own-${name}-${width}.png`) as `${string}.png`,
      fullPage: true,
    });
  }
  await page().setViewport({ width: 1280, height: 900 });
}

describe('console: a member and the rows others made', () => {
  test("the owner's customer: read-only, no Speichern or Löschen, said why; the member's own: both", async () => {
    await page().goto(`${server.url}/#/customers/${rows.ownerCustomer.id}`);
    await waitForText(page(), NOT_YOURS);
    await waitForText(page(), 'Hausverwaltung Schulz');
    expect(await buttons()).not.toContain('Speichern');
    expect(await buttons()).not.toContain('Löschen');
    expect(await typable()).toBe(0);
    await byName(page(), 'Zurück zur Liste', 'link');
    await shot('customer-owner');

    await page().goto(`${server.url}/#/customers/${rows.memberCustomer.id}`);
    await byName(page(), 'Speichern', 'button');
    expect(await buttons()).toContain('Löschen');
    expect(await shown()).not.toContain(NOT_YOURS);
    expect(await typable()).toBeGreaterThan(0);
    await shot('customer-own');
  }, 60_000);

  test("the owner's product: read-only; the member's own: Speichern and Löschen", async () => {
    await page().goto(`${server.url}/#/products/${rows.ownerProduct.id}`);
    await waitForText(page(), NOT_YOURS);
    expect(await buttons()).not.toContain('Speichern');
    expect(await buttons()).not.toContain('Löschen');
    expect(await typable()).toBe(0);

    await page().goto(`${server.url}/#/products/${rows.memberProduct.id}`);
    await byName(page(), 'Speichern', 'button');
    expect(await buttons()).toContain('Löschen');
  }, 60_000);

  test("the owner's draft quote: no Bearbeiten, Abschließen or Löschen, Duplizieren and the PDF stay", async () => {
    await page().goto(`${server.url}/#/documents/${rows.ownerQuote.id}`);
    await waitForText(page(), rows.ownerQuote.number);
    await byName(page(), 'PDF herunterladen', 'button');
    await waitForText(page(), NOT_YOURS);
    await byName(page(), 'Duplizieren', 'button');
    const offered = await buttons();
    for (const name of ['Bearbeiten', 'Abschließen', 'Löschen']) expect(offered).not.toContain(name);
    expect(offered).toContain('Duplizieren');
    expect(offered).toContain('Rechnung erstellen');
    await shot('quote-owner');

    // Its editor's address typed: the document is shown, not a form the API would refuse to save.
    await page().goto(`${server.url}/#/documents/${rows.ownerQuote.id}/edit`);
    await waitForText(page(), NOT_YOURS);
    expect(await buttons()).not.toContain('Speichern');
  }, 60_000);

  test("the member's own draft quote: Bearbeiten, Abschließen and Löschen", async () => {
    await page().goto(`${server.url}/#/documents/${rows.memberQuote.id}`);
    await waitForText(page(), rows.memberQuote.number);
    await byName(page(), 'Bearbeiten', 'button');
    const offered = await buttons();
    for (const name of ['Abschließen', 'Löschen', 'Duplizieren']) expect(offered).toContain(name);
    expect(await shown()).not.toContain(NOT_YOURS);
    await shot('quote-own');
  }, 60_000);

  test('a received invoice an account-level key took in: read only, no status, note, rate, payment or Löschen', async () => {
    await page().goto(`${server.url}/#/received/${rows.accountReceived.id}`);
    await waitForText(page(), rows.accountReceived.invoice_number);
    await byName(page(), 'Original herunterladen', 'button');
    await waitForText(page(), NOT_YOURS);
    await waitForText(page(), 'Kurs zum Euro');
    const offered = await everyButton();
    for (const name of [
      'Freigeben',
      'Ablehnen',
      'Als bezahlt markieren',
      'Löschen',
      'Notiz speichern',
      'Zahlung erfassen',
      'Kurs speichern',
    ])
      expect(offered).not.toContain(name);
    expect(offered).toContain('Als PDF anzeigen');
    expect(await typableIn('main')).toBe(0);
    await shot('received-others');
  }, 60_000);

  test('a received invoice the member took in: Freigeben, Ablehnen, Notiz, Kurs, Zahlung and Löschen', async () => {
    await page().goto(`${server.url}/#/received/${rows.memberReceived.id}`);
    await waitForText(page(), rows.memberReceived.invoice_number);
    await byName(page(), 'Freigeben', 'button');
    const offered = await everyButton();
    for (const name of [
      'Freigeben',
      'Ablehnen',
      'Als bezahlt markieren',
      'Löschen',
      'Notiz speichern',
      'Zahlung erfassen',
      'Kurs speichern',
    ])
      expect(offered).toContain(name);
    expect(await shown()).not.toContain(NOT_YOURS);
    await shot('received-own');
  }, 60_000);

  test("the member's invoice: Löschen only on the payment the member recorded, not on the owner's", async () => {
    await page().goto(`${server.url}/#/documents/${rows.memberInvoice.id}`);
    await waitForText(page(), rows.memberInvoice.number);
    await byName(page(), 'Zahlung vom 04.11.2026 löschen', 'button');
    const offered = await everyButton();
    expect(offered).toContain('Zahlung vom 04.11.2026 löschen');
    expect(offered).not.toContain('Zahlung vom 03.11.2026 löschen');
    // Both are listed, and the member may record the next one on their own invoice.
    expect(await shown()).toContain('03.11.2026');
    expect(offered).toContain('Zahlung erfassen');
    await shot('payments-own-invoice');
  }, 60_000);

  test("the member's own template, the account's default: Als Version sichern, no Speichern, Veröffentlichen or Löschen", async () => {
    await page().goto(`${server.url}/#/templates/${rows.defaultTemplate.id}`);
    await waitForText(page(), rows.defaultTemplate.name);
    await byName(page(), 'Als Version sichern', 'button');
    const offered = await everyButton();
    for (const name of ['Speichern', 'Veröffentlichen', 'Löschen']) expect(offered).not.toContain(name);
    await click(page(), 'Als Version sichern');
    await waitForText(page(), 'Version gesichert.');
    await waitForText(page(), 'Version 1');
    await shot('template-default-own');
  }, 60_000);

  test('the browser saw no refused request and no error', () => {
    expect(browser.problems).toEqual([]);
  });
});
