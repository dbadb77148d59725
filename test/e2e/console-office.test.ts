// The console of an accounting office (issue 40) in a real browser: a person in three accounts (the office
// and two client firms) signs in; the header names the firm on screen; the switcher finds a client by its
// Mandantennummer, switches with the keyboard and remembers the last used; every request names the account
// on screen (`Account`), so a second tab switching elsewhere never moves this tab's writes; the Office page
// shows the overview (sortable, the ageing as small bars), adds a client and shows its owner's link once,
// leaves one, and makes the DATEV export of all clients; an account left in another tab sends this tab to the
// dashboard of the one the session acts in; an invited person who signs in already joins with their own
// password. SCREENSHOT_DIR=/tmp/office-shots keeps pictures of the switcher and the Office page in English
// and German.
// (A browser test: its siblings live in test/e2e, the slow lane; it imports `../e2e/browser` so it runs
// from either folder.)
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { setAccountOffice } from '../../src/modules/accounts';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { ROOT, startServer, type TestServer } from '../harness';
import { makeUser, PASSWORD } from '../users';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let office: TestAccount;
let bakery: TestAccount;
let farm: TestAccount;
let browser: Watched;
const PERSON = { email: 'berger@kanzlei-berger.example', name: 'Petra Berger' };
const COLLEAGUE = { email: 'kollege@kanzlei-berger.example' };
/** Every request of the first tab to the API: its path and the `Account` it named. */
const sent: { path: string; account: string | null }[] = [];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function datevNumbers(account: TestAccount, client: number) {
  const put = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: account.apiKey,
    body: { consultant_number: 29098, client_number: client },
  });
  expect(put.status).toBe(200);
}

beforeAll(async () => {
  server = await startServer();
  office = await makeAccount(server, { name: 'Kanzlei Berger' });
  await setAccountOffice(server.db, office.id, true, new Date().toISOString());
  bakery = await makeAccount(server, { name: 'Bäckerei Müller' });
  farm = await makeAccount(server, { name: 'Hofladen Schmidt' });
  await datevNumbers(bakery, 10023);
  await datevNumbers(farm, 10007);
  // The bakery's customers owe: one invoice 45 days late, one not yet due; and a draft.
  const parties = await makeParties(server, bakery);
  await makeDocument(server, bakery, parties, { issue_date: day(-75), due_date: day(-45) }, ['finalize']);
  await makeDocument(server, bakery, parties, { issue_date: day(-2), due_date: day(28) }, ['finalize']);
  await makeDocument(server, bakery, parties, { issue_date: day(-1), due_date: day(29) });
  // The person: owner of the office, admin of the bakery, accountant of the farm; one password.
  await makeUser(server, office.id, { role: 'owner', email: PERSON.email });
  await makeUser(server, bakery.id, { role: 'admin', email: PERSON.email, password: null });
  await makeUser(server, farm.id, { role: 'accountant', email: PERSON.email, password: null });
  // A colleague at the office who signs in already (invited below as a new client's owner).
  await makeUser(server, office.id, { role: 'member', email: COLLEAGUE.email });
  browser = await openBrowser(server.url);
  browser.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/'))
      sent.push({ path: url.pathname, account: request.headers().account ?? null });
  });
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;

async function screenshot(name: string, on: Page = page()) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await on.screenshot({ path: join(dir, `${name}.png`) as `${string}.png`, fullPage: true });
}

/** The firm the header names. */
const headerFirm = (on: Page = page()) =>
  on.evaluate(() => document.querySelector('.topbar .firm-name')?.textContent ?? '');

async function waitForFirm(name: string, on: Page = page()) {
  await on.waitForFunction(
    (wanted: string) => document.querySelector('.topbar .firm-name')?.textContent === wanted,
    { timeout: 20_000 },
    name,
  );
}

/** The names of the firms the open switcher lists, in order. */
const listed = () =>
  page().evaluate(() =>
    [...document.querySelectorAll('.switcher-item-name')].map((element) => element.textContent),
  );

describe('console: an office and its clients', () => {
  test('signed in, the header names the firm; the switcher finds a client by its Mandantennummer', async () => {
    await page().goto(`${server.url}/`);
    await typeInto(page(), 'Email', PERSON.email);
    await typeInto(page(), 'Password', PASSWORD);
    await click(page(), 'Sign in');
    await waitForFirm('Kanzlei Berger');
    expect(await byName(page(), 'Office', 'link')).toBeTruthy();

    // Its name is what it shows, then what it does (WCAG 2.5.3).
    await click(page(), 'Working in Kanzlei Berger Switch client');
    // The search has the focus; the firm on screen is the last used, then the others by name.
    await page().waitForSelector('.switcher-panel input[type="search"]:focus');
    expect(await listed()).toEqual(['Kanzlei Berger', 'Bäckerei Müller', 'Hofladen Schmidt']);
    await screenshot('switcher-en');
    await page().keyboard.type('10023');
    await page().waitForFunction(() => document.querySelectorAll('.switcher-item').length === 1);
    expect(await listed()).toEqual(['Bäckerei Müller']);
    await page().keyboard.press('Enter');
    await waitForFirm('Bäckerei Müller');
    expect(await page().evaluate(() => location.hash)).toBe('#/dashboard');
    await waitForText(page(), 'Client no. 10023');
    // From then on every request names the bakery.
    await page().waitForFunction(() => document.querySelector('.figure-value') !== null);
    const after = sent.slice(sent.findIndex((r) => r.path === '/api/v1/sessions/current/account') + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.account === bakery.id)).toBe(true);
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the keyboard: arrows move through the firms, Escape closes, Enter picks; the last used come first', async () => {
    const trigger = await byName(
      page(),
      'Working in Bäckerei Müller Client no. 10023 Switch client',
      'button',
    );
    await trigger.focus();
    await page().keyboard.press('Enter');
    await page().waitForSelector('.switcher-panel input[type="search"]:focus');
    // The bakery is the last used (this device), then the office (where the session began).
    expect((await listed()).slice(0, 2)).toEqual(['Bäckerei Müller', 'Kanzlei Berger']);
    await page().keyboard.press('ArrowDown');
    await page().keyboard.press('ArrowDown');
    // Its name as a screen reader hears it: what the button shows, each fact after a comma.
    expect(
      await page().evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim()),
    ).toBe('Kanzlei Berger, Office, your role: owner');
    await page().keyboard.press('Escape');
    await page().waitForFunction(() => document.querySelector('.switcher-panel') === null);
    expect(await page().evaluate(() => document.activeElement?.classList.contains('switcher-button'))).toBe(
      true,
    );
    // Enter on the button opens it again; Tab reaches the firms; Enter on one picks it.
    await page().keyboard.press('Enter');
    await page().waitForSelector('.switcher-panel input[type="search"]:focus');
    await page().keyboard.press('Tab');
    await page().keyboard.press('Tab');
    await page().keyboard.press('Enter');
    await waitForFirm('Kanzlei Berger');
    const recent = await page().evaluate(() =>
      Object.entries(localStorage).find(([name]) => name.startsWith('invoice-console.recent-accounts.')),
    );
    expect(JSON.parse(recent?.[1] as string).slice(0, 2)).toEqual([office.id, bakery.id]);
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the Office page: every firm with its figures, sorted by a click on a column', async () => {
    await click(page(), 'Office', 'link');
    await page().waitForSelector('table.office-clients tbody tr');
    const rows = () =>
      page().evaluate(() =>
        [...document.querySelectorAll('table.office-clients tbody .client-name')].map((e) => e.textContent),
      );
    expect(await rows()).toEqual(['Bäckerei Müller', 'Hofladen Schmidt', 'Kanzlei Berger']);
    const bakeryRow = await page().evaluate(() => {
      const row = [...document.querySelectorAll('table.office-clients tbody tr')].find((r) =>
        r.textContent?.includes('Bäckerei Müller'),
      );
      return {
        cells: [...(row?.querySelectorAll('td') ?? [])].map((c) => c.textContent),
        bar: row?.querySelector('svg[role="img"]')?.getAttribute('aria-label') ?? '',
      };
    });
    expect(bakeryRow.cells[0]).toBe('10023');
    expect(bakeryRow.cells[2]).toMatch(/^€\d/); // overdue
    expect(bakeryRow.cells[4]).toBe('1'); // one draft
    expect(bakeryRow.bar).toContain('Ageing of receivables of Bäckerei Müller (EUR)');
    expect(bakeryRow.bar).toMatch(/31-60 days: €[1-9]/);
    // Outstanding: largest first, then, clicked again, smallest first.
    await click(page(), 'Outstanding');
    await page().waitForSelector('th[aria-sort="descending"]');
    await page().waitForFunction(
      () =>
        document.querySelector('table.office-clients tbody .client-name')?.textContent === 'Bäckerei Müller',
    );
    await click(page(), 'Outstanding');
    await page().waitForSelector('th[aria-sort="ascending"]');
    await page().waitForFunction(
      () =>
        document.querySelector('table.office-clients tbody .client-name')?.textContent !== 'Bäckerei Müller',
    );
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('an office owner adds a client: its owner’s link shown once, the new firm listed and reachable', async () => {
    await click(page(), 'Client');
    await page().waitForSelector('th[aria-sort="ascending"]');
    await typeInto(page(), 'Firm name', 'Tischlerei Holzwurm');
    await typeInto(page(), 'Client number', '10031');
    await typeInto(page(), "Owner's email", 'chef@holzwurm.example');
    await typeInto(page(), "Owner's name", 'Hans Holzwurm');
    await choose(page(), 'Your role in the client', 'accountant');
    await click(page(), 'Add client', 'button');
    await waitForText(page(), 'Tischlerei Holzwurm was added.');
    const link = await page().evaluate(
      () => document.querySelector('.notice-ok input[readonly]')?.value ?? '',
    );
    expect(link).toContain('/#/invitation/');
    await waitForText(page(), 'Tischlerei Holzwurm');
    await page().waitForFunction(
      () => document.querySelectorAll('table.office-clients tbody tr').length === 4,
    );
    // The Beraternummer was the office's own (none) and the Mandantennummer the one typed.
    const me = await server.json('/api/v1/accounts', {
      headers: { cookie: await cookie(), origin: server.url },
    });
    const added = me.body.data.find((a: { name: string }) => a.name === 'Tischlerei Holzwurm');
    expect(added).toMatchObject({ role: 'accountant', client_number: 10031 });
    await screenshot('office-en');
    await page().setViewport({ width: 820, height: 1000 });
    await screenshot('office-en-820');
    await page().setViewport({ width: 1280, height: 900 });
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('the DATEV export of all clients runs as a job and downloads as one ZIP', async () => {
    await click(page(), 'Start the DATEV export');
    const download = await byName(page(), 'Download the ZIP', 'button', 60_000);
    // The office and the new client have no DATEV numbers: named as without files.
    await waitForText(page(), 'Without files:');
    await download.click();
    const name = await page().evaluate(() => {
      const now = new Date();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
      return `DATEV_${first.toISOString().slice(0, 10)}_${last.toISOString().slice(0, 10)}.zip`;
    });
    const path = join(browser.downloads, name);
    for (let i = 0; i < 100 && !existsSync(path); i++) await Bun.sleep(100);
    expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('a second tab switching elsewhere moves nothing of this tab: its writes stay in the firm it shows', async () => {
    const second = await browser.browser.newPage();
    await second.goto(`${server.url}/`);
    await waitForFirm('Kanzlei Berger', second);
    await click(second, 'Working in Kanzlei Berger Switch client');
    await click(second, 'Hofladen Schmidt, Client no. 10007, your role: accountant');
    await waitForFirm('Hofladen Schmidt', second);
    await second.close();
    // This tab still shows the office, and a customer made here is the office's.
    expect(await headerFirm()).toBe('Kanzlei Berger');
    await click(page(), 'Customers', 'link');
    await click(page(), 'New customer');
    await typeInto(page(), 'Name', 'Kunde aus Tab eins');
    await click(page(), 'Save');
    await waitForText(page(), 'Kunde aus Tab eins');
    const names = async (account: TestAccount) =>
      (await server.json('/api/v1/customers?limit=100', { key: account.apiKey })).body.data.map(
        (c: { name: string }) => c.name,
      );
    expect(await names(office)).toContain('Kunde aus Tab eins');
    expect(await names(farm)).not.toContain('Kunde aus Tab eins');
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('leaving a client asks first; a firm left in another tab sends this one to the session’s dashboard', async () => {
    await click(page(), 'Office', 'link');
    await waitForText(page(), 'Tischlerei Holzwurm');
    const asked: string[] = [];
    const answer = (dialog: import('puppeteer-core').Dialog) => {
      asked.push(dialog.message());
      dialog.accept();
    };
    page().on('dialog', answer);
    await click(page(), 'Leave Tischlerei Holzwurm');
    await page().waitForFunction(
      () => document.querySelectorAll('table.office-clients tbody tr').length === 3,
    );
    page().off('dialog', answer);
    expect(asked[0]).toStartWith('Leave Tischlerei Holzwurm?');

    // In the bakery; then the bakery is left elsewhere: the next request here is refused, and the console
    // shows the account the session acts in now, from its dashboard.
    await click(page(), 'Open Bäckerei Müller');
    await waitForFirm('Bäckerei Müller');
    // The dashboard's own requests done (its Kleinunternehmer card reads the profiles after the rest): the
    // refusal below is met by the next request of this tab, not by one of them still on its way.
    await page().waitForNetworkIdle({ idleTime: 500, timeout: 15_000 });
    // A request of the bakery's own screen may meet the refusal before the click below does: the
    // recovery is recorded (hash changes and the firm shown) rather than raced.
    await page().evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenHashes: string[] }).seenHashes = seen;
      window.addEventListener('hashchange', () => seen.push(location.hash));
    });
    const left = await server.json(`/api/v1/accounts/${bakery.id}/leave`, {
      method: 'POST',
      headers: { cookie: await cookie(), origin: server.url },
    });
    expect(left.status).toBe(200);
    await click(page(), 'Documents', 'link');
    // Shown: the dashboard (before or after the click's own screen) of an account other than the bakery.
    await page().waitForFunction(
      () =>
        (window as unknown as { seenHashes: string[] }).seenHashes.includes('#/dashboard') &&
        !['', 'Bäckerei Müller'].includes(document.querySelector('.topbar .firm-name')?.textContent ?? ''),
    );
    await page().click('.switcher-button');
    expect(await listed()).not.toContain('Bäckerei Müller');
    await page().keyboard.press('Escape');
    // The refused request was the point of this step.
    browser.problems.length = 0;
  }, 90_000);

  test('in German: Kanzlei, Mandant wechseln, Mandant hinzufügen', async () => {
    await choose(page(), 'Language', 'Deutsch');
    await click(page(), 'Kanzlei', 'link');
    // Back in the office (the session fell back to one of the person's accounts).
    if ((await headerFirm()) !== 'Kanzlei Berger') {
      await click(page(), 'Kanzlei Berger öffnen');
      await waitForFirm('Kanzlei Berger');
      await click(page(), 'Kanzlei', 'link');
    }
    await waitForText(page(), 'Mandant hinzufügen');
    await waitForText(page(), 'DATEV-Export für alle Mandanten');
    await waitForText(page(), 'Sie arbeiten in');
    await screenshot('office-de');
    await click(page(), `Sie arbeiten in ${await headerFirm()} Mandant wechseln`);
    await waitForText(page(), 'Zuletzt verwendet');
    await screenshot('switcher-de');
    await page().keyboard.press('Escape');
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('axe finds nothing on the Office page and in the open switcher (WCAG 2.1 AA), in German and English', async () => {
    // axe is injected as a script, which the console's CSP refuses: a page of its own bypasses it.
    const checked = await browser.browser.newPage();
    await checked.setBypassCSP(true);
    await checked.setViewport({ width: 1280, height: 900 });
    for (const language of ['Deutsch', 'English']) {
      await checked.goto(`${server.url}/#/office`);
      await checked.waitForSelector('table.office-clients tbody tr');
      if (language === 'English') {
        await choose(checked, 'Sprache', 'English');
        await checked.waitForSelector('table.office-clients tbody tr');
      }
      expect({ language, office: await axeViolations(checked) }).toEqual({ language, office: [] });
      await checked.click('.switcher-button');
      await checked.waitForSelector('.switcher-panel input[type="search"]:focus');
      expect({ language, switcher: await axeViolations(checked) }).toEqual({ language, switcher: [] });
      await checked.keyboard.press('Escape');
    }
    await checked.close();
  }, 90_000);

  test('an invited person who signs in already joins with their own password, not a new one', async () => {
    // English since the check above (the choice is the browser's, for every tab).
    await page().reload();
    await click(page(), 'Office', 'link');
    await typeInto(page(), 'Firm name', 'Café Kollege');
    await typeInto(page(), "Owner's email", COLLEAGUE.email);
    await click(page(), 'Add client', 'button');
    await waitForText(page(), `${COLLEAGUE.email} signs in already`);
    const link = await page().evaluate(
      () => document.querySelector('.notice-ok input[readonly]')?.value ?? '',
    );
    // Another browser (no session): the link asks for the colleague's password only.
    const context = await browser.browser.createBrowserContext();
    const other = await context.newPage();
    await other.goto(link);
    await waitForText(other, 'You already have a login');
    await screenshot('invitation-password-en', other);
    expect(await other.evaluate(() => document.querySelectorAll('input').length)).toBe(1);
    await typeInto(other, 'Your password', 'not the password');
    await click(other, 'Join Café Kollege');
    await waitForText(other, `That is not the password of ${COLLEAGUE.email}.`);
    await typeInto(other, 'Your password', PASSWORD);
    await click(other, 'Join Café Kollege');
    await waitForText(other, 'You now also work in Café Kollege');
    await screenshot('invitation-existing-en', other);
    await context.close();
  }, 90_000);
});

const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** What axe-core finds against WCAG 2.1 A and AA on the page as it is. */
async function axeViolations(on: Page): Promise<string[]> {
  await on.addScriptTag({ content: AXE });
  return (await on.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map(
      (v: { id: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  })) as string[];
}

/** The browser's session cookie, for a request the test makes as this person. */
async function cookie(): Promise<string> {
  const found = (await page().cookies()).find((c) => c.name === 'invoice_session');
  if (!found) throw new Error('no session cookie');
  return `${found.name}=${found.value}`;
}
