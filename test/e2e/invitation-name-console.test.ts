// The console with the name an office gives its client's owner (`owner_name`, docs/office.md): the
// invitation's page fills "Your name" with it, and the person keeps or changes it. And the header's switcher
// after its user was removed from a firm: picking it says why it failed and reads the list again, so the
// firm leaves the list without a reload of the page.
// (A browser test: its siblings live in test/e2e, the slow lane; it imports `../e2e/browser` so it runs
// from either folder.)
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { ElementHandle } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, PASSWORD, signIn } from '../users';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let office: TestAccount;
let bakery: TestAccount;
let farm: TestAccount;
let browser: Watched;
let removable: { id: string; workspaceId: string };
const PERSON = { email: 'lange@kanzlei-lange.example' };

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  office = await makeAccount(server, { name: 'Kanzlei Lange', office: true });
  bakery = await makeAccount(server, { name: 'Bäckerei Sonne' });
  farm = await makeAccount(server, { name: 'Hofladen Wiese' });
  await makeUser(server, office.id, { role: 'owner', email: PERSON.email });
  const atBakery = await makeUser(server, bakery.id, { role: 'admin', email: PERSON.email, password: null });
  removable = { id: atBakery.member.id, workspaceId: atBakery.member.workspaceId };
  await makeUser(server, farm.id, { role: 'admin', email: PERSON.email, password: null });
  browser = await openBrowser(server.url);
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;

/** The names of the firms the open switcher lists, in order. */
const listed = () =>
  page().evaluate(() =>
    [...document.querySelectorAll('.switcher-item-name')].map((element) => element.textContent),
  );

describe('console: the name given to an invited owner, and a firm the user lost', () => {
  test("the invitation's page fills in the name the office gave; the person accepts it as it stands", async () => {
    const cookie = await signIn(server, PERSON.email);
    const ownerEmail = `inhaberin.${Date.now()}@metzgerei.example`;
    const created = await server.json('/api/v1/accounts', {
      method: 'POST',
      headers: fromConsole(server, cookie),
      body: { name: 'Metzgerei Korn', owner_email: ownerEmail, owner_name: 'Anna Korn' },
    });
    expect(created.status).toBe(201);
    const context = await browser.browser.createBrowserContext();
    const other = await context.newPage();
    await other.goto(created.body.data.invitation.url);
    await waitForText(other, `For ${ownerEmail} at Metzgerei Korn.`);
    const name = await byName(other, 'Your name', 'textbox');
    expect(await name.evaluate((element) => (element as unknown as { value: string }).value)).toBe(
      'Anna Korn',
    );
    await typeInto(other, 'New password', PASSWORD);
    await typeInto(other, 'Repeat the password', PASSWORD);
    await click(other, 'Set password');
    await waitForText(other, `Your password is set. Sign in with ${ownerEmail}.`);
    await context.close();
    const ownerCookie = await signIn(server, ownerEmail);
    const me = await server.json('/api/v1/auth/me', { headers: { cookie: ownerCookie } });
    expect(me.body.data.user.name).toBe('Anna Korn');
  }, 90_000);

  test('removed from a firm, picking it in the switcher says so and the firm leaves the list', async () => {
    await page().goto(`${server.url}/`);
    await typeInto(page(), 'Email', PERSON.email);
    await typeInto(page(), 'Password', PASSWORD);
    await click(page(), 'Sign in');
    await page().waitForFunction(
      () => document.querySelector('.topbar .firm-name')?.textContent === 'Kanzlei Lange',
      { timeout: 20_000 },
    );
    await click(page(), 'Working in Kanzlei Lange Switch client');
    await page().waitForSelector('.switcher-panel input[type="search"]:focus');
    // (The client made above is theirs too.)
    expect((await listed()).sort()).toEqual([
      'Bäckerei Sonne',
      'Hofladen Wiese',
      'Kanzlei Lange',
      'Metzgerei Korn',
    ]);
    // The bakery's owner removes the office's person from their team, in another place.
    const removed = await server.json(`/api/v1/workspaces/${removable.workspaceId}/members/${removable.id}`, {
      method: 'DELETE',
      key: bakery.apiKey,
    });
    expect(removed.status).toBe(200);
    const item = await page().evaluateHandle(
      () =>
        [...document.querySelectorAll('.switcher-item')].find(
          (button) => button.querySelector('.switcher-item-name')?.textContent === 'Bäckerei Sonne',
        ) ?? null,
    );
    await (item as ElementHandle<Element>).click();
    await waitForText(page(), 'You no longer work in Bäckerei Sonne');
    await page().waitForFunction(
      () =>
        ![...document.querySelectorAll('.switcher-item-name')].some(
          (e) => e.textContent === 'Bäckerei Sonne',
        ),
      { timeout: 20_000 },
    );
    expect((await listed()).sort()).toEqual(['Hofladen Wiese', 'Kanzlei Lange', 'Metzgerei Korn']);
    expect(await page().evaluate(() => document.querySelector('.topbar .firm-name')?.textContent ?? '')).toBe(
      'Kanzlei Lange',
    );
    expect(browser.problems.filter((problem) => !problem.includes('403'))).toEqual([]);
  }, 90_000);
});
