// People sign in to the console with email and password (docs/sign-in.md), in a real browser: the first
// owner's one-time link, an invitation made by "Add member" and opened by the new member, a wrong password,
// German labels, and signing out. The cookie is the credential: the console stores no secret.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createOwnerSetupLink } from '../../src/modules/users';
import { systemClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const OWNER = {
  email: 'inhaberin@ingenieurbuero.example',
  name: 'Ilse Inhaberin',
  password: 'Bauzeichnung 2026!',
};
const MEMBER = {
  email: 'buchhaltung@ingenieurbuero.example',
  name: 'Bernd Buchhalter',
  password: 'Soll und Haben 7',
};

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Ingenieurbüro Spree' });
  browser = await openBrowser(server.url);
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;

async function signInWithPassword(email: string, password: string) {
  await typeInto(page(), 'Email', email);
  await typeInto(page(), 'Password', password);
  await click(page(), 'Sign in');
}

describe('console: signing in with email and password', () => {
  test("the first owner's link sets email, name and password; then they sign in and nothing secret is stored", async () => {
    const link = await createOwnerSetupLink({
      ctx: { db: server.db, clock: systemClock },
      input: { accountId: account.id },
    });
    await page().goto(`${server.url}/#/invitation/${link.token}`);
    await waitForText(page(), 'Set up the owner’s sign-in');
    await typeInto(page(), 'Email', OWNER.email);
    await typeInto(page(), 'Your name', OWNER.name);
    await typeInto(page(), 'New password', OWNER.password);
    await typeInto(page(), 'Repeat the password', OWNER.password);
    await click(page(), 'Set password');
    await waitForText(page(), 'Your password is set');
    await click(page(), 'Go to sign-in', 'link');

    await signInWithPassword(OWNER.email, OWNER.password);
    await waitForText(page(), 'Ingenieurbüro Spree');
    await waitForText(page(), OWNER.name);
    const stored = await page().evaluate(() => ({
      storage: [...Object.keys(sessionStorage), ...Object.keys(localStorage)].filter((name) =>
        name.endsWith('.key'),
      ),
      cookie: document.cookie,
    }));
    expect(stored.storage).toEqual([]);
    expect(stored.cookie).not.toContain('invoice_session'); // HttpOnly: no script reads it
    const cookies = await page().cookies();
    const session = cookies.find((cookie) => cookie.name === 'invoice_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    // A reload keeps the session (the cookie, not anything the page stored).
    await page().reload();
    await waitForText(page(), OWNER.name);
  }, 60_000);

  test('"Add member" shows an invitation link; its page sets name and password; the member signs in', async () => {
    await click(page(), 'Settings', 'link');
    // The owner's workspace was made by the set-up: open it and add a member.
    await click(page(), 'Ingenieurbüro Spree');
    await typeInto(page(), 'Email', MEMBER.email);
    await choose(page(), 'Role', 'member');
    await click(page(), 'Add member');
    await waitForText(page(), 'shown only now');
    const field = await byName(page(), 'Invitation link', 'textbox');
    const url = await field.evaluate((input) => (input as unknown as { value: string }).value);
    expect(url).toContain('#/invitation/');
    const workspaces = await server.json('/api/v1/workspaces', { key: account.apiKey });
    const members = await server.json(`/api/v1/workspaces/${workspaces.body.data[0].id}/members`, {
      key: account.apiKey,
    });
    expect(members.body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [OWNER.email, 'owner'],
      [MEMBER.email, 'member'],
    ]);

    await click(page(), 'Sign out');
    // The sign-in page's own words: the members form on screen has an "Email" field too, and going on
    // before sign-out ends lets its `location.hash = ''` undo the navigation below.
    await waitForText(page(), 'Sign in with your email and password.');
    const afterSignOut = await fetch(`${server.url}/api/v1/auth/me`, {
      headers: { cookie: (await page().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(afterSignOut.status).toBe(401);

    await page().goto(url);
    await waitForText(page(), 'Join Ingenieurbüro Spree');
    await waitForText(page(), MEMBER.email);
    await typeInto(page(), 'Your name', MEMBER.name);
    await typeInto(page(), 'New password', MEMBER.password);
    await typeInto(page(), 'Repeat the password', MEMBER.password);
    await click(page(), 'Set password');
    await waitForText(page(), 'Your password is set');
    await click(page(), 'Go to sign-in', 'link');
    await signInWithPassword(MEMBER.email, MEMBER.password);
    await waitForText(page(), MEMBER.name);
    // Their own password, changed in Settings: the browser stays signed in.
    await click(page(), 'Settings', 'link');
    await typeInto(page(), 'Current password', MEMBER.password);
    await typeInto(page(), 'New password', `${MEMBER.password} neu`);
    await typeInto(page(), 'Repeat the password', `${MEMBER.password} neu`);
    await click(page(), 'Change password');
    await waitForText(page(), 'Password changed.');
    await page().reload();
    await waitForText(page(), MEMBER.name);
    const changed = await server.json('/api/v1/sessions', {
      method: 'POST',
      body: { email: MEMBER.email, password: `${MEMBER.password} neu` },
    });
    expect(changed.status).toBe(201);
    // The same link does not work twice.
    await page().goto(url);
    await waitForText(page(), 'This link no longer works');
    browser.problems.length = 0; // the used link's 404 is the point of this step
    await page().goto(`${server.url}/`);
    await click(page(), 'Sign out');
    await byName(page(), 'Email', 'textbox');
  }, 90_000);

  test('a wrong password is refused with a message; German labels; the API key stays an option', async () => {
    await signInWithPassword(MEMBER.email, MEMBER.password); // the old one
    await waitForText(page(), 'The email or the password is wrong.');
    browser.problems.length = 0; // the refused sign-in's 401 is the point of this step
    await choose(page(), 'Language', 'Deutsch');
    await byName(page(), 'E-Mail', 'textbox');
    await byName(page(), 'Passwort', 'textbox');
    await byName(page(), 'API-Schlüssel', 'textbox');
    await byName(page(), 'Anmelden', 'button');
    await choose(page(), 'Sprache', 'English');
    await typeInto(page(), 'API key', account.apiKey);
    await click(page(), 'Sign in');
    await waitForText(page(), 'Ingenieurbüro Spree');
    expect(await page().evaluate(() => sessionStorage.getItem('invoice-console.key'))).toBe(account.apiKey);
    await click(page(), 'Sign out');
    await byName(page(), 'Email', 'textbox');
    expect(browser.foreign).toEqual([]);
    expect(browser.problems).toEqual([]);
  }, 60_000);
  test('in German: E-Mail and Passwort, "Anmelden", and the documents list', async () => {
    await choose(page(), 'Language', 'Deutsch');
    await typeInto(page(), 'E-Mail', OWNER.email);
    await typeInto(page(), 'Passwort', OWNER.password);
    await click(page(), 'Anmelden');
    await waitForText(page(), OWNER.name);
    await click(page(), 'Dokumente', 'link');
    await page().waitForFunction(() => document.querySelector('h1')?.textContent === 'Dokumente');
    await byName(page(), 'Neue Rechnung', 'button');
    // The list's own reads answered first: one still on its way when the session ends is a 401 (on a busy
    // machine), which the console shows as signed out, and the browser logs.
    await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
    await click(page(), 'Abmelden');
    await byName(page(), 'Passwort', 'textbox');
    await choose(page(), 'Sprache', 'English');
    expect(browser.foreign).toEqual([]);
    expect(browser.problems).toEqual([]);
  }, 60_000);
});
