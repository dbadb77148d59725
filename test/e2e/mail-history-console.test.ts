// A Steuerberater's assistant reads a small firm's e-mail history in the German console: a bounce is said
// in German (the mail server's English answer on hover), e-mailing a sent invoice again asks first and
// names the first sending (the mail then goes out marked "Kopie"), and an XRechnung authority may get the
// XML without the PDF.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import { byName, click, openBrowser, signInGerman, type Watched, waitForText } from './browser';

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
let browser: Watched;
const page = () => browser.page;
const dialogs: string[] = [];

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

let seller: { id: string };

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({
    clock: new FakeClock(new Date('2026-12-07T09:00:00.000Z')),
    smtpUrl: smtp.url({ from: 'rechnung@elektro-schmidt.example' }),
    startJobs: false,
    rulesetsDir: null,
  });
  account = await makeAccount(server, { name: 'Elektro Schmidt GmbH' });
  seller = await api('POST', '/api/v1/business-profiles', {
    ...GERMAN_SELLER,
    legal_name: 'Elektro Schmidt GmbH',
  });
  browser = await openBrowser(server.url, 'de-DE');
  browser.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signInGerman(page(), server.url, account.apiKey, 'Elektro Schmidt GmbH');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

let numbered = 0;
const invoice = async (customerId: string) => {
  numbered += 1;
  const doc = await api('POST', '/api/v1/documents', {
    number: `RE-2026-${String(numbered).padStart(4, '0')}`,
    issue_date: '2026-11-02',
    delivery_date: '2026-11-02',
    currency: 'EUR',
    tax_scheme: 'VAT',
    business_profile_id: seller.id,
    customer_id: customerId,
    line_items: [germanLine({ name: 'Prüfung ortsveränderlicher Geräte', unit_price: '180.00' })],
  });
  await api('POST', `/api/v1/documents/${doc.id}/finalize`);
  await api('POST', `/api/v1/documents/${doc.id}/renders`, {});
  return doc;
};

test('a bounce reads in German, the mail server’s answer on hover', async () => {
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Kunde GmbH',
    email: 'tippfehler@kunde.example',
  });
  const doc = await invoice(customer.id);
  smtp.rejectRecipient('tippfehler@kunde.example');
  await api('POST', `/api/v1/documents/${doc.id}/send`, {
    to: ['tippfehler@kunde.example'],
    cc: ['chef@elektro-schmidt.example'],
  });
  await server.jobs.runDue();
  await page().goto(`${server.url}/#/documents/${doc.id}`);
  const german =
    'Der Mailserver des Empfängers hat die Adresse abgelehnt (Adresse falsch oder Postfach geschlossen).';
  await waitForText(page(), german);
  await waitForText(page(), 'Kopie an: chef@elektro-schmidt.example');
  const hover = await page().evaluate(
    (text: string) =>
      [...document.querySelectorAll('[title]')].find((e) => e.textContent === text)?.getAttribute('title'),
    german,
  );
  expect(hover).toContain('550');
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  expect(await page().evaluate(() => document.body.innerText)).not.toContain('550');
}, 60_000);

test('e-mailing a sent invoice again asks first, naming the first sending; the mail is a copy', async () => {
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Bäckerei Kunz',
    email: 'buchhaltung@kunz.example',
  });
  const doc = await invoice(customer.id);
  await api('POST', `/api/v1/documents/${doc.id}/send`, { to: ['buchhaltung@kunz.example'] });
  await server.jobs.runDue();
  await page().goto(`${server.url}/#/documents/${doc.id}`);
  await byName(page(), 'Senden', 'button');
  const before = smtp.messages.length;
  dialogs.length = 0;
  await click(page(), 'Senden');
  await waitForText(page(), 'Zum Versand eingereiht');
  expect(dialogs[0]).toMatch(
    /^Diese Rechnung wurde am 07\.12\.2026, \d\d:\d\d an buchhaltung@kunz\.example versendet\. .*Kopie senden\?$/,
  );
  await server.jobs.runDue();
  expect(smtp.messages[before]?.parsed.subject).toStartWith('Kopie: Rechnung RE-2026-');
}, 60_000);

test('an XRechnung authority may get the XML alone', async () => {
  const amt = await api('POST', '/api/v1/customers', AUTHORITY);
  const doc = await invoice(amt.id);
  await page().goto(`${server.url}/#/documents/${doc.id}`);
  await click(page(), 'PDF zusätzlich zur E-Rechnung beifügen (zur Ansicht)', 'checkbox');
  const before = smtp.messages.length;
  dialogs.length = 0;
  await click(page(), 'Senden');
  await waitForText(page(), 'Zum Versand eingereiht');
  expect(dialogs).toEqual([]);
  await server.jobs.runDue();
  expect(smtp.messages[before]?.parsed.attachments.map((a) => a.filename)).toEqual([`${doc.number}.xml`]);
}, 60_000);
