// A bookkeeper who works with the keyboard alone and a colleague with a screen reader, in German and in
// English, after actions whose button stays disabled or goes: the focus goes somewhere sensible (the next
// control, the new row, what was said), never to the page itself; what an action did is said in a live
// region that was on the page before the words came; a screen that could not be shown puts the focus on
// its error; and the control given the focus back after an action does not scroll the page.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';
import { byName, openBrowser, typeInto, type Watched } from './browser';

let server: TestServer;
let browser: Watched | undefined;

beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

interface Words {
  language: string;
  approve: string;
  reject: string;
  recordPayment: string;
  paymentRecorded: string;
  finalize: string;
  finalized: string;
  workspaceName: string;
  newWorkspace: string;
  email: string;
  addMember: string;
  name: string;
  unitPrice: string;
  save: string;
  saved: (name: string) => string;
  saveExports: string;
  exportsSaved: string;
}

const GERMAN: Words = {
  language: 'de-DE',
  approve: 'Freigeben',
  reject: 'Ablehnen',
  recordPayment: 'Zahlung erfassen',
  paymentRecorded: 'Zahlung erfasst.',
  finalize: 'Abschließen',
  finalized: 'Abgeschlossen.',
  workspaceName: 'Name des Arbeitsbereichs',
  newWorkspace: 'Neuer Arbeitsbereich',
  email: 'E-Mail',
  addMember: 'Mitglied hinzufügen',
  name: 'Name',
  unitPrice: 'Einzelpreis',
  save: 'Speichern',
  saved: (name) => `${name} gespeichert.`,
  saveExports: 'Einstellungen speichern',
  exportsSaved: 'Einstellungen gespeichert.',
};

const ENGLISH: Words = {
  language: 'en-US',
  approve: 'Approve',
  reject: 'Reject',
  recordPayment: 'Record payment',
  paymentRecorded: 'Payment recorded.',
  finalize: 'Finalize',
  finalized: 'Finalized.',
  workspaceName: 'Workspace name',
  newWorkspace: 'New workspace',
  email: 'Email',
  addMember: 'Add member',
  name: 'Name',
  unitPrice: 'Unit price',
  save: 'Save',
  saved: (name) => `${name} saved.`,
  saveExports: 'Save settings',
  exportsSaved: 'Settings saved.',
};

/** The focused element: its tag, id, role and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? '',
      id: element?.id ?? '',
      role: element?.getAttribute('role') ?? '',
      text: (element?.textContent ?? '').trim().slice(0, 80),
    };
  });

/** Waits until `check` holds for the focused element (or fails naming where the focus is). */
async function focusWhere(page: Page, what: string, check: string, arg: unknown = null) {
  await page
    .waitForFunction(`(${check})(document.activeElement, ${JSON.stringify(arg)})`, { timeout: 10_000 })
    .catch(async () => {
      throw new Error(`${what}: the focus is on ${JSON.stringify(await focused(page))}`);
    });
}

/** Moves to a screen as a link would and waits until its heading (or error) has the focus. */
async function go(page: Page, route: string) {
  await page.evaluate((to: string) => {
    location.hash = `#/${to}`;
  }, route);
  await focusWhere(
    page,
    `after moving to ${route}`,
    '(element) => !!element && element.closest("main") && element !== document.getElementById("main")',
  );
}

/** Presses Enter on the button with this name, as a keyboard user does. */
async function press(page: Page, name: string) {
  const button = await byName(page, name, 'button');
  await button.focus();
  await page.keyboard.press('Enter');
}

/** Waits until `region` (found before the action) holds `text`: it was on the page before its words. */
async function said(page: Page, region: ElementHandle<Element> | null, text: string) {
  expect(region).not.toBeNull();
  await page.waitForFunction(
    (element: Element, wanted: string) => element.isConnected && element.textContent === wanted,
    { timeout: 10_000 },
    region as ElementHandle<Element>,
    text,
  );
}

async function walk(words: Words) {
  const account = await makeAccount(server, { name: `Tastatur ${words.language}` });
  const parties = await makeParties(server, account);
  const draft = await makeDocument(server, account, parties);
  const open = await makeDocument(server, account, parties, {}, ['finalize']);
  const xml = readFileSync(join(RULESETS_DIR, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'));
  const received = await server.request('/api/v1/received-documents', {
    method: 'POST',
    key: account.apiKey,
    body: xml.toString('utf8'),
    headers: { 'content-type': 'application/xml' },
  });
  const receivedId = ((await received.json()) as { data: { id: string } }).data.id;

  await browser?.browser.close();
  browser = await openBrowser(server.url, words.language);
  const page = browser.page;
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(`${server.url}/`);
  const key = await byName(page, words.language === 'de-DE' ? 'API-Schlüssel' : 'API key', 'textbox');
  await key.focus();
  await page.keyboard.type(account.apiKey);
  await page.keyboard.press('Enter');
  await page.waitForSelector('main h1');

  // A document that does not exist: no heading, its error takes the focus.
  await page.evaluate(() => {
    location.hash = '#/customers/cus_nope';
  });
  await focusWhere(page, 'error screen', '(element) => element?.getAttribute("role") === "alert"');

  // Approve stays disabled once approved: the focus goes on to Reject.
  await go(page, `received/${receivedId}`);
  await press(page, words.approve);
  await focusWhere(
    page,
    'after Approve',
    '(element, name) => element?.tagName === "BUTTON" && !element.disabled && element.textContent === name',
    words.reject,
  );
  // Reject stays disabled once rejected: the focus goes on to the next control that can be used.
  await page.keyboard.press('Enter');
  await focusWhere(
    page,
    'after Reject',
    '(element, name) => element?.tagName === "BUTTON" && !element.disabled && element.textContent !== name',
    words.reject,
  );

  // Everything paid: "Record payment" stays disabled; the focus goes to what was said.
  await go(page, `documents/${open.id}`);
  await byName(page, words.recordPayment, 'button');
  const payment = await page.$('section[aria-labelledby=payments-heading] [role=status]');
  await press(page, words.recordPayment);
  await said(page, payment, words.paymentRecorded);
  await focusWhere(
    page,
    'after Record payment',
    '(element, text) => element?.getAttribute("role") === "status" && element.textContent === text',
    words.paymentRecorded,
  );

  // Finalize goes with the step done: said in a region there before, which takes the focus.
  await go(page, `documents/${draft.id}`);
  await byName(page, words.finalize, 'button');
  const done = await page.$('#document-done[role=status]');
  await press(page, words.finalize);
  await said(page, done, words.finalized);
  await focusWhere(page, 'after Finalize', '(element) => element?.id === "document-done"');

  // A new workspace: its button stays disabled for the emptied name; the focus goes to the new row.
  await go(page, 'settings');
  await typeInto(page, words.workspaceName, 'Nordlager');
  await press(page, words.newWorkspace);
  await focusWhere(
    page,
    'after New workspace',
    '(element) => element?.tagName === "BUTTON" && element.textContent === "Nordlager"',
  );
  // Opened, a member invited: the focus goes to the invitation to pass on.
  await page.keyboard.press('Enter');
  await typeInto(page, words.email, 'kollegin@example.com');
  await press(page, words.addMember);
  await focusWhere(page, 'after Add member', '(element) => element?.id.startsWith("invitation-")');

  // Exports' settings saved: said in a region that was there before.
  await go(page, 'exports');
  await byName(page, words.saveExports, 'button');
  const exportsSaid = await page.$('main form [role=status], main .said');
  await press(page, words.saveExports);
  await said(page, exportsSaid, words.exportsSaved);

  // A product saved: said on the list it goes back to, in the shell's live region.
  await go(page, 'products/new');
  const shell = await page.$('main [role=status][aria-live=polite]');
  await typeInto(page, words.name, 'Beratung');
  await typeInto(page, words.unitPrice, '95');
  await press(page, words.save);
  await said(page, shell, words.saved('Beratung'));

  expect(browser.problems.filter((problem) => !problem.includes('404') && !problem.includes('401'))).toEqual(
    [],
  );
}

describe('keyboard walk: the focus and what is said after actions', () => {
  test('German', async () => {
    await walk(GERMAN);
  }, 120_000);

  test('English', async () => {
    await walk(ENGLISH);
  }, 120_000);

  test('a control given the focus back does not scroll the page; one left for the page is not', async () => {
    const page = (browser as Watched).page;
    await go(page, 'dashboard');
    const result = await page.evaluate(async () => {
      const main = document.getElementById('main') as HTMLElement;
      const tall = document.createElement('div');
      tall.style.height = '5000px';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Probe';
      main.prepend(button);
      main.append(tall);
      const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
      // Used, then the page scrolled away while it works (disabled), then enabled: the focus comes back
      // where the page is.
      button.focus();
      window.scrollTo(0, 3000);
      button.disabled = true;
      await settle();
      button.disabled = false;
      await settle();
      const back = document.activeElement === button;
      // Still scrolled away from it (not brought back into view).
      const stayed = button.getBoundingClientRect().bottom < 0;
      // Left for the page itself (a click beside it): disabled and enabled again, it is not given the focus.
      button.focus({ preventScroll: true });
      button.blur();
      button.disabled = true;
      await settle();
      button.disabled = false;
      await settle();
      const notTaken = document.activeElement !== button;
      button.remove();
      tall.remove();
      return { back, stayed, notTaken };
    });
    expect(result).toEqual({ back: true, stayed: true, notTaken: true });
  }, 60_000);
});
