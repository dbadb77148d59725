// Drives Debian's chromium (installed by .ci/run) through puppeteer-core for the console's end-to-end tests.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export type SelectElement = { options: { text: string; value: string }[] };

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function chromiumPath(): string {
  const found = CANDIDATES.find((path): path is string => !!path && existsSync(path));
  if (!found)
    throw new Error('the console tests need chromium: apt-get install chromium (or set CHROMIUM_PATH)');
  return found;
}

export interface Watched {
  page: Page;
  browser: Browser;
  downloads: string;
  /** Console errors, uncaught page errors and failed requests seen so far. */
  problems: string[];
  /** Every request that did not go to the server under test (data:, blob: and the browser's own pages aside). */
  foreign: string[];
}

/** A fresh browser and page at 1280x900 that records console errors and every request off `origin`. */
export async function openBrowser(origin: string, language = 'en-US'): Promise<Watched> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      `--lang=${language}`,
      `--accept-lang=${language}`,
      '--no-first-run',
    ],
    env: { ...process.env, LANGUAGE: language.replace('-', '_') },
  });
  const page = await browser.newPage();
  // puppeteer's 30 s for a navigation or a wait without its own bound: a landing machine loaded by the other
  // lanes took longer once (a step of a 10 s test); a wait that is never met still fails, later.
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(60_000);
  await page.setViewport({ width: 1280, height: 900 });
  await page.setExtraHTTPHeaders({ 'accept-language': language });
  const downloads = mkdtempSync(join(tmpdir(), 'console-downloads-'));
  const session = await page.createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  const problems: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
  page.on('request', (request) => {
    const url = request.url();
    // The built-in PDF viewer (chrome-extension:) is the browser's own; anything on the network counts.
    if (/^(https?|wss?|ftp):/.test(url) && !url.startsWith(origin)) foreign.push(url);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A download navigation is "aborted" by design; everything else failing is a problem.
    if (!reason.includes('ERR_ABORTED')) problems.push(`request failed: ${request.url()} ${reason}`);
  });
  return { page, browser, downloads, problems, foreign };
}

/**
 * The visible element with this accessible name (and role): the label a screen reader announces (label
 * element, aria-label, aria-labelledby or the text of a button or link, aria-hidden parts left out).
 * puppeteer's own `::-p-aria` query matches every node with this chromium, so the names are computed here.
 */
export async function byName(page: Page, name: string, role?: string, timeout = 20_000) {
  const handle = await page.waitForFunction(
    (wanted: string, wantedRole: string | null) => {
      const SELECTORS: Record<string, string> = {
        textbox:
          'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=color]):not([type=hidden]):not([type=submit]):not([type=button]), textarea',
        combobox: 'select',
        button: 'button, [role=button], input[type=submit]',
        link: 'a[href]',
        checkbox: 'input[type=checkbox]',
      };
      const textOf = (node: Node): string => {
        if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
        if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
        if (node instanceof HTMLSelectElement || node instanceof HTMLInputElement) return '';
        return [...node.childNodes].map(textOf).join('');
      };
      const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
      const nameOf = (element: Element): string => {
        const label = element.getAttribute('aria-label');
        if (label) return clean(label);
        const by = element.getAttribute('aria-labelledby');
        if (by)
          return clean(
            by
              .split(' ')
              .map((id: string) => textOf(document.getElementById(id) ?? document.createElement('i')))
              .join(' '),
          );
        if (element.id) {
          const forIt = document.querySelector(`label[for="${CSS.escape(element.id)}"]`);
          if (forIt) return clean(textOf(forIt));
        }
        const wrapping = element.closest('label');
        if (wrapping) return clean(textOf(wrapping));
        return clean(textOf(element));
      };
      const selector = wantedRole ? (SELECTORS[wantedRole] ?? '*') : Object.values(SELECTORS).join(', ');
      return (
        [...document.querySelectorAll(selector)].find(
          (element) => element.getClientRects().length > 0 && nameOf(element) === wanted,
        ) ?? null
      );
    },
    { timeout },
    name,
    role ?? null,
  );
  const element = handle.asElement();
  if (!element) throw new Error(`nothing named ${name}`);
  return element as import('puppeteer-core').ElementHandle<Element>;
}

/** Every visible element with this name and role, in page order. */
export async function allByName(page: Page, name: string, role: string) {
  await byName(page, name, role);
  const found = [];
  for (let index = 0; ; index++) {
    const handle = await page.evaluateHandle(
      (wanted: string, at: number) => {
        const all = [...document.querySelectorAll('input, textarea, select, button, a[href]')].filter(
          (element) =>
            element.getClientRects().length > 0 &&
            (
              element.getAttribute('aria-label') ??
              (element.id
                ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent
                : '') ??
              ''
            )
              .replace(/\s+/g, ' ')
              .replace(/ \*$/, '')
              .trim() === wanted,
        );
        return all[at] ?? null;
      },
      name,
      index,
    );
    const element = handle.asElement();
    if (!element) break;
    found.push(element as import('puppeteer-core').ElementHandle<Element>);
  }
  return found;
}

/** Runs `step` again (up to three times) when the element it found was replaced by a re-render meanwhile. */
async function whileAttached<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 3 || !/detached|not attached|not of type HTMLElement|not clickable/i.test(String(error)))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function typeInto(page: Page, label: string, text: string) {
  await whileAttached(async () => {
    const field = await byName(page, label, 'textbox');
    await field.click({ count: 3 });
    await field.type(text);
  });
}

/** Picks the option whose text contains `optionText`, once the options (often loaded) are there. */
export async function choose(page: Page, label: string, optionText: string) {
  for (let waited = 0; waited < 10_000; waited += 100) {
    // Found again each time: the screen may still be changing under the select found first.
    const select = (await byName(
      page,
      label,
      'combobox',
    )) as import('puppeteer-core').ElementHandle<SelectElement>;
    const value = await select
      .evaluate(
        (element, wanted) => [...element.options].find((option) => option.text.includes(wanted))?.value,
        optionText,
      )
      .catch(() => undefined);
    if (value !== undefined) {
      await select.select(value);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${label} has no option ${optionText}`);
}

export async function click(page: Page, name: string, role = 'button') {
  await whileAttached(async () => {
    const element = await byName(page, name, role);
    await settled(element);
    await element.click();
  });
}

/**
 * Until the element stays where it is for two frames and is enabled (at most about a second): a click at
 * the point where a button was before the screen moved it (a row removed above it, a section loaded) hits
 * nothing, and a disabled one ignores it, either way silently.
 */
async function settled(element: import('puppeteer-core').ElementHandle<Element>) {
  await element.evaluate(async (node) => {
    const where = () => JSON.stringify(node.getBoundingClientRect());
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let i = 0; i < 30; i++) {
      const before = where();
      await frames();
      if (before === where() && !(node as HTMLButtonElement).disabled) return;
    }
  });
}

/** Waits until the page's text contains `text`; past `timeout` the error says what the page said instead. */
export async function waitForText(page: Page, text: string, timeout = 20_000) {
  try {
    await page.waitForFunction(
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
      (wanted: string) => document.body.innerText.includes(wanted),
      { timeout },
      text,
    );
  } catch (error) {
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    const shown = await page.evaluate(() => document.body.innerText).catch(() => '(the page did not answer)');
    throw new Error(`"${text}" not on ${page.url()} after ${timeout} ms; it says:\n${shown.slice(0, 3000)}`, {
      cause: error,
    });
  }
}

/**
 * Signs in with `apiKey` in the German console (the language chosen as a person would keep it, then the
 * page read again) and waits for the firm's name `firm` in the header.
 */
export async function signInGerman(page: Page, origin: string, apiKey: string, firm: string) {
  await page.goto(`${origin}/`);
  await page.evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
  await page.reload();
  await typeInto(page, 'API-Schlüssel', apiKey);
  await click(page, 'Anmelden');
  await waitForText(page, firm);
}
