// Every screen of the console checked by axe-core (WCAG 2.1 A and AA: labels, names, contrast, structure),
// at 1280 px and at tablet width, in English and German; and the keyboard path into the page.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOwnerSetupLink } from '../../src/modules/users';
import { systemClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { ROOT, RULESETS_DIR, startServer, type TestServer } from '../harness';
import { byName, openBrowser, type Watched } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const routes: string[] = [];

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Accessible GmbH' });
  const parties = await makeParties(server, account);
  const draft = await makeDocument(server, account, parties);
  const finalized = await makeDocument(server, account, parties, {}, ['finalize']);
  const xml = readFileSync(join(RULESETS_DIR, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'));
  const received = await server.request('/api/v1/received-documents', {
    method: 'POST',
    key: account.apiKey,
    body: xml.toString('utf8'),
    headers: { 'content-type': 'application/xml' },
  });
  const receivedId = ((await received.json()) as { data: { id: string } }).data.id;
  const product = await server.json('/api/v1/products', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'Beratung', unit_code: 'HUR', unit_price: '95.00', tax_rate: '19', tax_category: 'S' },
  });
  routes.push(
    'dashboard',
    'documents',
    'documents/new/invoice',
    `documents/${draft.id}`,
    `documents/${finalized.id}`,
    `documents/${draft.id}/edit`,
    'customers',
    'customers/new',
    `customers/${parties.customerId}`,
    'products',
    'products/new',
    `products/${product.body.data.id}`,
    'business-profiles',
    'business-profiles/new',
    'templates',
    'received',
    `received/${receivedId}`,
    'batches',
    'recurring',
    'recurring/new',
    'numbering',
    'numbering/new',
    'exports',
    'settings',
  );
  browser = await openBrowser(server.url);
  // axe is injected as a script: the console's CSP (rightly) refuses that, so this page alone bypasses it.
  await browser.page.setBypassCSP(true);
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

async function violations(): Promise<string[]> {
  const page = browser.page;
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE });
  const found = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe's own global, injected above
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
  return found;
}

/**
 * Form controls whose names clash on one screen: the same name twice, or one name inside another ("Shipping"
 * and "Shipping description"), so that finding a field by its label (as a person, a screen reader or a
 * test does, case-insensitive and by part) could pick the wrong one. Line items repeat by design.
 */
async function labelClashes(): Promise<string[]> {
  return browser.page.evaluate(() => {
    const names = [...document.querySelectorAll('input, select, textarea')]
      .filter((element: Element) => element.getClientRects().length > 0 && !element.closest('.lines'))
      .map((element: Element) => {
        const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
        const text =
          element.getAttribute('aria-label') ??
          label?.textContent ??
          element.closest('label')?.textContent ??
          '';
        return text
          .replace(/\s*\*\s*$/, '')
          .trim()
          .toLowerCase();
      })
      .filter((name: string) => name !== '');
    const clashes: string[] = [];
    names.forEach((name: string, i: number) => {
      names.forEach((other: string, j: number) => {
        if (i < j && (other.includes(name) || name.includes(other)))
          clashes.push(`labels "${name}" and "${other}"`);
      });
    });
    return clashes;
  });
}

let loads = 0;
/**
 * A fresh load of the screen (a hash change alone would keep the last screen's language and state): a query
 * of its own makes the address differ beyond its hash, so the browser loads the document anew, without a
 * detour through about:blank (the console reads only the hash).
 */
async function visit(route: string) {
  loads += 1;
  await browser.page.goto(`${server.url}/?load=${loads}#/${route}`);
  await browser.page.waitForSelector('main h1', { timeout: 10_000 });
  // Let the screen's lists arrive (the console paces its requests).
  await browser.page.waitForFunction(() => !document.querySelector('.loading'), { timeout: 10_000 });
}

describe('console accessibility', () => {
  test('the sign-in page passes axe, and the keyboard reaches email, password, the key field, the choice and the button', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/`);
    await byName(page, 'API key', 'textbox');
    expect(await violations()).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'current-password',
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('sk_…');
    await page.keyboard.type(account.apiKey);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('checkbox');
    // A visible focus ring on the focused control.
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await byName(page, 'Sign out', 'button');
  }, 60_000);

  test("a one-time link's page (the owner's set-up) passes axe", async () => {
    const page = browser.page;
    const link = await createOwnerSetupLink({
      ctx: { db: server.db, clock: systemClock },
      input: { accountId: account.id },
    });
    await page.goto('about:blank');
    await page.goto(`${server.url}/#/invitation/${link.token}`);
    await byName(page, 'Repeat the password', 'textbox');
    expect(await violations()).toEqual([]);
  }, 30_000);

  for (const [width, language] of [
    [1280, 'en'],
    [820, 'de'],
  ] as const) {
    test(`every screen passes axe (WCAG 2.1 AA) at ${width} px in ${language}, without sideways scrolling`, async () => {
      const page = browser.page;
      await page.setViewport({ width, height: 900 });
      await page.evaluate((code) => localStorage.setItem('invoice-console.language', code), language);
      const problems: string[] = [];
      // axe comes with each screen's document (the same script `violations` would add, registered once
      // instead of sent over for each of the screens).
      const axe = await page.evaluateOnNewDocument(AXE);
      try {
        for (const route of routes) {
          await visit(route);
          const lang = await page.evaluate(() => document.documentElement.lang);
          if (lang !== language) problems.push(`#/${route}: lang ${lang}`);
          for (const violation of await violations()) problems.push(`#/${route}: ${violation}`);
          for (const clash of await labelClashes()) problems.push(`#/${route}: ${clash}`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          if (overflow > 0) problems.push(`#/${route}: ${overflow}px wider than the window`);
        }
      } finally {
        await page.removeScriptToEvaluateOnNewDocument(axe.identifier);
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  test('the check sees what it should: an unlabelled field and grey-on-grey text are reported', async () => {
    await visit('customers');
    await browser.page.evaluate(() => {
      const input = document.createElement('input');
      document.querySelector('main')?.append(input);
      const faint = document.createElement('p');
      faint.textContent = 'faint';
      faint.style.color = '#cccccc';
      document.querySelector('main')?.append(faint);
    });
    const found = (await violations()).map((v) => v.split(':')[0]);
    expect(found).toContain('label');
    expect(found).toContain('color-contrast');
  }, 30_000);

  test('the skip link takes the keyboard past the navigation', async () => {
    const page = browser.page;
    await page.setViewport({ width: 1280, height: 900 });
    await visit('documents');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(['Skip to content', 'Zum Inhalt springen']).toContain(first);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(browser.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 30_000);
});

describe('the browser language', () => {
  test('a browser set to German gets the console in German without choosing', async () => {
    const german = await openBrowser(server.url, 'de-DE');
    try {
      await german.page.goto(`${server.url}/`);
      await byName(german.page, 'API-Schlüssel', 'textbox');
      await byName(german.page, 'Anmelden', 'button');
      expect(await german.page.evaluate(() => document.documentElement.lang)).toBe('de');
    } finally {
      await german.browser.close();
    }
  }, 30_000);
});
