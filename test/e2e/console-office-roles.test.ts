// The console as an accounting office's bookkeeper sees it (the accountant role, docs/roles.md), in a real
// browser: the office's DATEV export of all clients leaves the office itself out, counts the clients that
// got files and says in the console's words (German here) why one got none, with the way to its DATEV
// settings; a DATEV number out of range is said in words with its range; in a client where the person is
// the accountant, the actions their role can never take are not offered (New invoice, Edit, Finalize, Void,
// Duplicate, branding, dunning, workspaces and members) while the books are (Record payment); a received
// invoice names its units and its format; at 390 px no page of a client with a Mandantennummer scrolls
// sideways. SCREENSHOT_DIR=/tmp/shots keeps pictures in English and German at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setAccountOffice } from '../../src/modules/accounts';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { makeUser, PASSWORD } from '../users';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let office: TestAccount;
let bakery: TestAccount;
let farm: TestAccount;
let browser: Watched;
let draft: { id: string; number: string };
let issued: { id: string; number: string; customer_id: string };
let receivedId: string;
const PERSON = { email: 'buchhaltung@kanzlei-berger.example' };
const BAKERY = 'Bäckerei und Konditorei Müller GmbH & Co. KG';

beforeAll(async () => {
  server = await startServer();
  office = await makeAccount(server, { name: 'Kanzlei Berger' });
  await setAccountOffice(server.db, office.id, true, new Date().toISOString());
  bakery = await makeAccount(server, { name: BAKERY });
  farm = await makeAccount(server, { name: 'Hofladen Schmidt' });
  // The bakery has its DATEV numbers; the farm has none.
  const put = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: bakery.apiKey,
    body: { consultant_number: 29098, client_number: 10023 },
  });
  expect(put.status).toBe(200);
  const parties = await makeParties(server, bakery);
  draft = await makeDocument(server, bakery, parties);
  issued = await makeDocument(server, bakery, parties, {}, ['finalize']);
  const received = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bakery.apiKey}`, 'content-type': 'application/xml' },
    body: readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8'),
  });
  expect(received.status).toBe(201);
  receivedId = ((await received.json()) as { data: { id: string } }).data.id;
  // The person: owner of the office, the accountant of both clients.
  await makeUser(server, office.id, { role: 'owner', email: PERSON.email });
  await makeUser(server, bakery.id, { role: 'accountant', email: PERSON.email, password: null });
  await makeUser(server, farm.id, { role: 'accountant', email: PERSON.email, password: null });
  browser = await openBrowser(server.url);
  // Leaving unsaved work or a refused step may ask: accepted, as a person sure of the step would.
  browser.page.on('dialog', (dialog) => dialog.accept());
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, 'Email', PERSON.email);
  await typeInto(browser.page, 'Password', PASSWORD);
  await click(browser.page, 'Sign in');
  await waitForText(browser.page, 'Kanzlei Berger');
}, 90_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;

async function shot(name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page().setViewport({ width, height: 900 });
    await page().screenshot({
      path: join(dir, `roles-${name}-${width}.png`) as `${string}.png`,
      fullPage: true,
    });
  }
  await page().setViewport({ width: 1280, height: 900 });
}

/** The names of the visible buttons (and links styled as buttons) of the page. */
const buttons = () =>
  page().evaluate(() =>
    [...document.querySelectorAll('main button')]
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
  );

async function switchTo(name: string, number: string) {
  await page().click('.switcher-button');
  await page().waitForSelector('.switcher-panel input[type="search"]:focus');
  await page().keyboard.type(number);
  await page().waitForFunction(() => document.querySelectorAll('.switcher-item').length === 1);
  await page().keyboard.press('Enter');
  await page().waitForFunction(
    (wanted: string) => document.querySelector('.topbar .firm-name')?.textContent === wanted,
    { timeout: 20_000 },
    name,
  );
}

/** The text a person sees (innerText: not hidden text). */
// biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
const shown = () => page().evaluate(() => document.body.innerText);

/** How many pixels the page is wider than the window (0: no sideways scrolling). */
const overflow = () =>
  page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('console: an office’s accountant', () => {
  test('an owner still sees every action: New invoice in the office', async () => {
    await page().goto(`${server.url}/#/documents`);
    await byName(page(), 'New invoice', 'button');
    // And adds clients; a Mandantennummer out of range is said with its range.
    await page().goto(`${server.url}/#/office`);
    await typeInto(page(), 'Firm name', 'Tischlerei Holzwurm');
    await typeInto(page(), 'Client number', '123456');
    await typeInto(page(), "Owner's email", 'chef@holzwurm.example');
    await click(page(), 'Add client', 'button');
    await waitForText(page(), 'Enter the client number as a whole number from 1 to 99999.');
    expect(await shown()).not.toContain('Expected union value');
    browser.problems.length = 0; // the refused client's 422 was the point of this step
  }, 90_000);

  test('in German, the DATEV export of all clients leaves the office out and says why a client has no files', async () => {
    await choose(page(), 'Language', 'Deutsch');
    await page().goto(`${server.url}/#/office`);
    await waitForText(page(), 'DATEV-Export für alle Mandanten');
    // The office keeps no client's books: not ticked; both clients are.
    const ticked = await page().evaluate(() =>
      [...document.querySelectorAll('.client-checks input[type="checkbox"]')].map(
        (box: { id: string; checked: boolean }) =>
          `${document.querySelector(`label[for="${box.id}"]`)?.textContent?.trim()}: ${box.checked}`,
      ),
    );
    expect(ticked).toEqual([
      `${BAKERY} (Mandant 10023): true`,
      'Hofladen Schmidt: true',
      'Kanzlei Berger: false',
    ]);
    await waitForText(page(), 'Mandanten (2 von 3)');
    await click(page(), 'DATEV-Export starten');
    await byName(page(), 'ZIP-Datei herunterladen', 'button', 60_000);
    await waitForText(page(), 'Der Export ist fertig: Dateien für 1 von 2 Mandanten');
    await waitForText(
      page(),
      'Hofladen Schmidt: In seinen DATEV-Einstellungen fehlen Berater- und Mandantennummer.',
    );
    const text = await shown();
    expect(text).not.toContain('PUT /api/v1/settings/accounting');
    await shot('office-export-de');
    // The way to the client's DATEV settings: its Exports page, the client acted in.
    await click(page(), 'DATEV-Einstellungen von Hofladen Schmidt öffnen');
    await page().waitForFunction(
      () => document.querySelector('.topbar .firm-name')?.textContent === 'Hofladen Schmidt',
      { timeout: 20_000 },
    );
    await page().waitForFunction(() => location.hash === '#/exports');
    // The accountant keeps the books: the DATEV settings are theirs; a Beraternummer out of range in words.
    await typeInto(page(), 'Beraternummer', '12');
    await click(page(), 'Einstellungen speichern');
    await waitForText(page(), 'Bitte die Beraternummer als ganze Zahl von 1001 bis 9999999 eingeben.');
    expect(await shown()).not.toContain('Expected union value');
    await shot('datev-number-de');
    browser.problems.length = 0; // the refused save's 422 was the point of this step
  }, 120_000);

  test('in a client, the accountant is offered the books, not what the role can never do', async () => {
    await choose(page(), 'Sprache', 'English');
    await switchTo(BAKERY, '10023');
    await page().goto(`${server.url}/#/documents`);
    await byName(page(), issued.number, 'link');
    expect(await buttons()).not.toContain('New invoice');
    expect(await shown()).not.toContain('Other document types');
    await shot('documents-en');

    await page().goto(`${server.url}/#/documents/${draft.id}`);
    await waitForText(page(), draft.number);
    await byName(page(), 'Download PDF', 'button');
    for (const name of ['Edit', 'Finalize', 'Duplicate', 'Delete'])
      expect(await buttons()).not.toContain(name);

    await page().goto(`${server.url}/#/documents/${issued.id}`);
    await byName(page(), 'Record payment', 'button');
    // Everything the page loads (the channels the send card would offer) in before anything is judged.
    await page().waitForNetworkIdle({ idleTime: 300 });
    const offered = await buttons();
    for (const name of ['Mark sent', 'Void', 'Archive', 'Correct this invoice', 'Duplicate', 'Send'])
      expect(offered).not.toContain(name);
    expect(offered).toContain('Download PDF');
    // Keeping the books is the accountant's: marking a sent invoice paid stays.
    const sent = await server.json(`/api/v1/documents/${issued.id}/mark-sent`, {
      method: 'POST',
      key: bakery.apiKey,
    });
    expect(sent.status).toBe(200);
    await page().reload();
    await byName(page(), 'Mark paid', 'button');
    await shot('invoice-en');

    // An editor's address typed shows the document, not a form whose save would be refused.
    await page().goto(`${server.url}/#/documents/${draft.id}/edit`);
    await byName(page(), 'Download PDF', 'button');
    expect(await buttons()).not.toContain('Save');

    // A customer, a product form: read, with no Save or Delete that would be refused.
    await page().goto(`${server.url}/#/customers/${issued.customer_id}`);
    await waitForText(page(), 'Your role reads this; it does not change it.');
    for (const name of ['Save', 'Delete']) expect(await buttons()).not.toContain(name);
    await page().goto(`${server.url}/#/products`);
    await byName(page(), 'Products', 'heading');
    expect(await buttons()).not.toContain('New product');

    await page().goto(`${server.url}/#/settings`);
    await byName(page(), 'Branding profiles', 'heading');
    await waitForText(page(), 'Only owners and admins change the dunning policy.');
    const settings = await buttons();
    for (const name of ['New branding profile', 'Save dunning policy', 'New workspace', 'Add level'])
      expect(settings).not.toContain(name);
    expect(browser.problems).toEqual([]);
  }, 120_000);

  test('a received invoice names its units and its format', async () => {
    await page().goto(`${server.url}/#/received/${receivedId}`);
    await byName(page(), 'Line items', 'heading');
    const text = await shown();
    expect(text).not.toContain('XPP');
    expect(text).not.toContain('xrechnung_ubl');
    expect(text).toContain('XRechnung (UBL)');
    await byName(page(), 'Record payment', 'button');
    const offered = await buttons();
    expect(offered).toContain('Approve');
    expect(offered).not.toContain('Delete');
    await shot('received-en');
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('at 390 px no page of a client with a Mandantennummer scrolls sideways', async () => {
    await page().setViewport({ width: 390, height: 844 });
    const wide: string[] = [];
    try {
      for (const route of [
        'dashboard',
        'documents',
        `documents/${issued.id}`,
        'received',
        `received/${receivedId}`,
        'exports',
        'settings',
      ]) {
        await page().goto(`${server.url}/#/${route}`);
        await page().waitForFunction(() => document.querySelector('main h1') !== null, { timeout: 20_000 });
        await Bun.sleep(300);
        const more = await overflow();
        if (more > 0)
          wide.push(
            `#/${route}: ${more}px ${await page().evaluate(() =>
              [...document.querySelectorAll('main *')]
                .filter((e) => e.getBoundingClientRect().right > 391)
                .slice(0, 4)
                .map(
                  (e) =>
                    `${e.tagName}.${e.className} ${e.textContent?.slice(0, 40)} ${Math.round(e.getBoundingClientRect().right)}`,
                )
                .join(', '),
            )}`,
          );
      }
      // The workspace's members table too (opened).
      await page().goto(`${server.url}/#/settings`);
      const workspace = 'section[aria-labelledby="workspaces-heading"] ul.plain button';
      await page().waitForSelector(workspace);
      await page().click(workspace);
      await page().waitForSelector('.members table');
      const more = await overflow();
      if (more > 0) wide.push(`members: ${more}px`);
      const width = await page().evaluate(
        () => document.querySelector('.switcher-button')?.getBoundingClientRect().width ?? 0,
      );
      expect(width).toBeLessThanOrEqual(390);
    } finally {
      await page().setViewport({ width: 1280, height: 900 });
    }
    expect(wide).toEqual([]);
    await shot('settings-en');
    expect(browser.problems).toEqual([]);
  }, 120_000);
});
