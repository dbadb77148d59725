// A bookkeeper who works with the keyboard alone and a colleague with a screen reader, in German and then
// in English: after signing in and after every move to another screen the focus is on the new screen's
// heading (not left on the link behind, or on nothing), a saved customer is announced in a live region
// that was on the page before the words came, and a form's problems are tied to their fields.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, openBrowser, type Watched } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Tastatur GmbH' });
  browser = await openBrowser(server.url, 'de-DE');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

/** The focused element as a reader hears it: its tag and its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? '',
      text: (element?.textContent ?? '').trim(),
      inMain: !!element?.closest('main'),
    };
  });

/** Waits until the focus is on the main heading with this text (or fails naming where it is). */
async function focusOnHeading(page: Page, text: string) {
  await page
    .waitForFunction(
      (wanted: string) => {
        const element = document.activeElement;
        return (
          element?.tagName === 'H1' && !!element.closest('main') && element.textContent?.trim() === wanted
        );
      },
      { timeout: 20_000 },
      text,
    )
    .catch(async () => {
      throw new Error(`the focus is not on the heading ${text}: ${JSON.stringify(await focused(page))}`);
    });
}

/** Waits for a status message (role=status) with this text. */
async function waitForStatus(page: Page, text: string) {
  await page
    .waitForFunction(
      (wanted: string) =>
        [...document.querySelectorAll('[role=status]')].some((element) => element.textContent === wanted),
      { timeout: 20_000 },
      text,
    )
    .catch(async () => {
      const said = await page.$$eval('[role=status], [role=alert]', (elements) =>
        elements.map((element) => element.textContent ?? ''),
      );
      throw new Error(
        `no status ${text}: the statuses say ${JSON.stringify(said)}, the focus is on ${JSON.stringify(await focused(page))}`,
      );
    });
}

/** Presses Tab (Shift+Tab: `back`) until the focus is on a control with this text, at most 80 times. */
async function tabTo(page: Page, text: string, back = false) {
  for (let i = 0; i < 80; i++) {
    if (back) await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    if (back) await page.keyboard.up('Shift');
    if ((await focused(page)).text === text) return;
  }
  throw new Error(`Tab never reached ${text}`);
}

describe('keyboard walk: the focus after sign-in and after each move', () => {
  test('German: sign in, the sections, a new customer saved with Enter and announced', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/`);
    const key = await byName(page, 'API-Schlüssel', 'textbox');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await key.focus();
    await page.keyboard.type(account.apiKey);
    await page.keyboard.press('Enter');
    // Signed in: the sign-in form is gone; the first screen's heading has the focus, not the page itself.
    await focusOnHeading(page, 'Dokumente');

    await tabTo(page, 'Kunden');
    await page.keyboard.press('Enter');
    await focusOnHeading(page, 'Kunden');

    await tabTo(page, 'Neuer Kunde');
    await page.keyboard.press('Enter');
    await focusOnHeading(page, 'Neuer Kunde');

    // Enter on the empty form: the problem is tied to its field and announced.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // Its asterisk is hidden from screen readers: the field's name is "Name".
    const name = await byName(page, 'Name', 'textbox');
    await name.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[aria-invalid=true]');
    const tied = await page.evaluate(() => {
      const field = document.querySelector('[aria-invalid=true]') as HTMLElement;
      const problem = document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
      return {
        problem: problem?.textContent,
        role: problem?.getAttribute('role'),
        field: field === document.activeElement,
      };
    });
    expect(tied).toEqual({ problem: 'Pflichtfeld.', role: 'alert', field: true });

    // The live region is on the page before the words come into it (a region added with its words is
    // often not read out).
    const region = await page.$('main [role=status][aria-live=polite]');
    expect(region).not.toBeNull();
    await page.keyboard.type('Müller & Söhne KG');
    await page.keyboard.press('Enter');
    await focusOnHeading(page, 'Kunden');
    await page.waitForFunction(
      (element: Element) =>
        element.isConnected && element.textContent?.includes('Müller & Söhne KG gespeichert.'),
      { timeout: 20_000 },
      region as NonNullable<typeof region>,
    );
    // It stays for this screen and goes with the next move.
    await tabTo(page, 'Einstellungen');
    await page.keyboard.press('Enter');
    await focusOnHeading(page, 'Einstellungen');
    expect(await page.$eval('main [role=status][aria-live=polite]', (element) => element.textContent)).toBe(
      '',
    );
  }, 90_000);

  test('English: choosing the language by keyboard, then a section: lang, heading focus, names in English', async () => {
    const page = browser.page;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const language = await byName(page, 'Sprache', 'combobox');
    await language.focus();
    // A closed select changes with the arrow keys: English is the option above Deutsch.
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await focusOnHeading(page, 'Settings');
    // From the heading back up into the sections.
    await tabTo(page, 'Exports', true);
    await page.keyboard.press('Enter');
    await focusOnHeading(page, 'Exports');
    await tabTo(page, 'Dashboard', true);
    await page.keyboard.press('Enter');
    await focusOnHeading(page, 'Dashboard');
    expect(
      browser.problems.filter((problem) => !problem.includes('401') && !problem.includes('422')),
    ).toEqual([]);
  }, 60_000);

  test('English: Save pressed with Enter keeps the focus on its button (disabled while it saves), with the status said', async () => {
    const page = browser.page;
    for (const [section, button, said] of [
      ['Exports', 'Save settings', 'Settings saved.'],
      ['Settings', 'Save dunning policy', 'Dunning policy saved.'],
    ] as const) {
      await tabTo(page, section, true);
      await page.keyboard.press('Enter');
      await focusOnHeading(page, section);
      await tabTo(page, button);
      await page.keyboard.press('Enter');
      await waitForStatus(page, said);
      // The focus is back on the button once it is enabled again, not on the page itself.
      await page
        .waitForFunction(
          (name: string) =>
            document.activeElement?.textContent === name &&
            !(document.activeElement as { disabled?: boolean }).disabled,
          { timeout: 20_000 },
          button,
        )
        .catch(async () => {
          throw new Error(`${button}: the focus is on ${JSON.stringify(await focused(page))}`);
        });
    }
    // Renaming the account: "Rename" stays disabled for the name it now has; the focus goes to the name.
    const name = await byName(page, 'Name of the firm or account', 'textbox');
    await name.focus();
    await page.keyboard.type(' Nord');
    await tabTo(page, 'Rename');
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'The account is renamed.');
    await page
      .waitForFunction(
        () => !!(document.activeElement as { value?: string } | null)?.value?.includes('Nord'),
        {
          timeout: 20_000,
        },
      )
      .catch(async () => {
        throw new Error(
          `Rename: the focus is on ${JSON.stringify(await focused(page))} ${await page.evaluate(() => (document.activeElement as { value?: string } | null)?.value)}`,
        );
      });
  }, 60_000);
});
