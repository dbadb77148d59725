// A German Steuerkanzlei's month on the Office page (docs/office.md), in a real browser in German: the DATEV
// export of all clients, once made, shows in the overview's "Nicht exportiert" column without reloading; a
// client that removed the office's person meanwhile makes the ZIP's refusal (409) a German sentence naming
// the client; leaving the office the person is the last owner of says in German what to do first; and the
// export's default period is last month by the browser's own calendar (Berlin, half past midnight on
// 1 December: November, though UTC still says 30 November).
// (A browser test: its siblings live in test/e2e, the slow lane.)
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'puppeteer-core';
import { setAccountOffice } from '../../src/modules/accounts';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { makeUser, PASSWORD } from '../users';
import { click, openBrowser, type Watched, waitForText } from './browser';

let server: TestServer;
let office: TestAccount;
let bakery: TestAccount;
let farm: TestAccount;
let browser: Watched;
const PERSON = 'weber@kanzlei-weber.example';

/** The 15th of the browser's (this machine's) last month: inside the export's default period. */
function midLastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 15)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  server = await startServer();
  office = await makeAccount(server, { name: 'Kanzlei Weber' });
  await setAccountOffice(server.db, office.id, true, new Date().toISOString());
  bakery = await makeAccount(server, { name: 'Bäckerei Krause' });
  const put = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: bakery.apiKey,
    body: { consultant_number: 29098, client_number: 10031 },
  });
  expect(put.status).toBe(200);
  farm = await makeAccount(server, { name: 'Hofladen Brandt' });
  const numbered = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: farm.apiKey,
    body: { consultant_number: 29098, client_number: 10032 },
  });
  expect(numbered.status).toBe(200);
  const parties = await makeParties(server, bakery);
  const issued = midLastMonth();
  await makeDocument(server, bakery, parties, { issue_date: issued, due_date: issued }, ['finalize']);
  await makeUser(server, office.id, { role: 'owner', email: PERSON });
  await makeUser(server, bakery.id, { role: 'admin', email: PERSON, password: null });
  await makeUser(server, farm.id, { role: 'accountant', email: PERSON, password: null });
  browser = await openBrowser(server.url, 'de-DE');
}, 90_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;

/** The text of the overview's row of a firm. */
const rowText = (name: string, on: Page = page()) =>
  on.evaluate(
    (wanted: string) =>
      [...document.querySelectorAll('table.office-clients tbody tr')]
        .map((row) => row.textContent ?? '')
        .find((text) => text.includes(wanted)) ?? '',
    name,
  );

/** The client's owner removes the office's person from its team (docs/office.md, Leaving). */
async function removePerson(client: TestAccount) {
  const teams = await server.json('/api/v1/workspaces', { key: client.apiKey });
  const workspaceId = teams.body.data[0].id as string;
  const members = await server.json(`/api/v1/workspaces/${workspaceId}/members`, { key: client.apiKey });
  const person = members.body.data.find((m: { email: string }) => m.email === PERSON);
  const removed = await server.json(`/api/v1/workspaces/${workspaceId}/members/${person.id}`, {
    method: 'DELETE',
    key: client.apiKey,
  });
  expect(removed.status).toBe(200);
}

async function signIn(on: Page) {
  await on.goto(`${server.url}/`);
  await on.waitForSelector('input[type=email]');
  await on.type('input[type=email]', PERSON);
  await on.type('input[type=password]', PASSWORD);
  await on.keyboard.press('Enter');
  await on.waitForSelector('.topbar .firm-name', { timeout: 20_000 });
}

describe('console in German: an office exports, is left by a client, and leaves', () => {
  test('the overview shows the export of all clients once it is made', async () => {
    await signIn(page());
    await page().goto(`${server.url}/#/office`);
    await page().waitForSelector('table.office-clients');
    expect(await rowText('Bäckerei Krause')).toContain('nie exportiert');

    await click(page(), 'DATEV-Export starten');
    await waitForText(page(), 'Der Export ist fertig: Dateien für 2 von 2 Mandanten');
    // The export's files are the bakery's DATEV exports now: its row says up to which day, unreloaded.
    await page().waitForFunction(
      () =>
        [...document.querySelectorAll('table.office-clients tbody tr')].some(
          (row) => row.textContent?.includes('Bäckerei Krause') && row.textContent.includes('exportiert bis'),
        ),
      { timeout: 10_000 },
    );
    expect(await rowText('Bäckerei Krause')).not.toContain('nie exportiert');
  }, 90_000);

  test("the ZIP of a client that removed the office's person is refused in German, naming it", async () => {
    await removePerson(bakery);

    await click(page(), 'ZIP-Datei herunterladen');
    await waitForText(
      page(),
      'Diese ZIP-Datei enthält Dateien von Bäckerei Krause, für die Sie nicht mehr arbeiten: Starten Sie einen neuen Export.',
    );
    const shown = await page().evaluate(() => document.body.innerText);
    expect(shown).not.toContain('no longer reach');
    // The period's fields read the refusal too: nothing broke on the page.
    expect(browser.problems.filter((problem) => problem.startsWith('page error'))).toEqual([]);
  }, 90_000);

  test('opening a client that removed the person says so in German, and the list drops it', async () => {
    // The overview still lists the bakery (read before it removed the person).
    expect(await rowText('Bäckerei Krause')).not.toBe('');
    await click(page(), 'Bäckerei Krause öffnen');
    await waitForText(
      page(),
      'Sie arbeiten nicht mehr für Bäckerei Krause: Der Inhaber hat Sie entfernt, oder Sie haben den Mandanten verlassen.',
    );
    await page().waitForFunction(
      () =>
        ![...document.querySelectorAll('table.office-clients tbody tr')].some((row) =>
          row.textContent?.includes('Bäckerei Krause'),
        ),
      { timeout: 10_000 },
    );
    expect(await page().evaluate(() => document.querySelector('.topbar .firm-name')?.textContent)).toBe(
      'Kanzlei Weber',
    );
  }, 90_000);

  test('picking a client in the switcher that removed the person says so in German', async () => {
    await removePerson(farm);
    await page().click('.switcher-button');
    await page().waitForSelector('.switcher-panel .switcher-item');
    await page().evaluate(() => {
      const items = [...document.querySelectorAll('.switcher-item')];
      items
        .find((item) => item.querySelector('.switcher-item-name')?.textContent === 'Hofladen Brandt')
        ?.click();
    });
    await waitForText(page(), 'Sie arbeiten nicht mehr für Hofladen Brandt');
    const shown = await page().evaluate(() => document.body.innerText);
    expect(shown).not.toContain('Dieses Konto bzw. dieser Schlüssel darf das nicht.');
    await page().keyboard.press('Escape');
  }, 90_000);

  test('leaving the office one is the last owner of says in German what to do first', async () => {
    const asked: string[] = [];
    const answer = (dialog: import('puppeteer-core').Dialog) => {
      asked.push(dialog.message());
      dialog.accept();
    };
    page().on('dialog', answer);
    await click(page(), 'Kanzlei Weber verlassen');
    await waitForText(page(), 'Sie sind der letzte Inhaber von Kanzlei Weber.');
    page().off('dialog', answer);
    expect(asked[0]).toStartWith('Kanzlei Weber verlassen?');
    const shown = await page().evaluate(() => document.body.innerText);
    expect(shown).not.toContain('You are the last owner');
    // Nothing was left: the office is still the firm on screen.
    expect(await rowText('Kanzlei Weber')).toContain('aktuell');
  }, 90_000);

  test("the export's default period is last month by the browser's calendar, not UTC's", async () => {
    const berlin = await browser.browser.newPage();
    try {
      await berlin.emulateTimezone('Europe/Berlin');
      // 1 December 2026, 00:30 in Berlin: 30 November, 23:30 in UTC.
      await berlin.evaluateOnNewDocument(() => {
        const fixed = Date.parse('2026-11-30T23:30:00Z');
        const Real = Date;
        class Frozen extends Real {
          constructor(...args: unknown[]) {
            if (args.length === 0) super(fixed);
            else super(...(args as [string]));
          }
          static override now() {
            return fixed;
          }
        }
        (globalThis as { Date: DateConstructor }).Date = Frozen as DateConstructor;
      });
      await berlin.goto(`${server.url}/#/office`);
      await berlin.waitForSelector('[aria-labelledby=all-exports-heading] input[type=date]', {
        timeout: 20_000,
      });
      const period = await berlin.evaluate(() =>
        [...document.querySelectorAll('[aria-labelledby=all-exports-heading] input[type=date]')].map(
          (input: { value: string }) => input.value,
        ),
      );
      expect(period).toEqual(['2026-11-01', '2026-11-30']);
    } finally {
      await berlin.close();
    }
  }, 90_000);
});
