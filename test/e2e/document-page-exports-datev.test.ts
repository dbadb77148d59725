// A small Irish firm's own Exports page: its adviser does not work with DATEV, so the page offers no DATEV
// files (the office page's rule, src/console/pages/office/datev-use.ts: no account with DATEV numbers, the
// business profiles in Ireland), and keeps the CSV lists, the archive and the tax audit's data carrier. The
// DATEV settings stay folded away: once a Beraternummer is saved there, the DATEV files are offered. While
// the business profiles are still loading, the DATEV export is shown (a German firm's never waits on them).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { HTTPRequest } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, click, openBrowser, signInGerman, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const page = () => browser.page;

/** The legends of the page's visible fieldsets and the names of its visible buttons. */
const offered = () =>
  page().evaluate(() => {
    // Drawn and not inside a closed fold (whose content chromium still lays out).
    const visible = (element: Element) =>
      element.getClientRects().length > 0 && element.checkVisibility({ contentVisibilityAuto: true });
    return {
      groups: [...document.querySelectorAll('main legend')]
        .filter(visible)
        .map((legend) => legend.textContent?.trim()),
      buttons: [...document.querySelectorAll('main button')]
        .filter(visible)
        .map((b) => b.textContent?.trim()),
    };
  });

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server, { name: 'Murphy Tiling' });
  await server.json('/api/v1/business-profiles', {
    method: 'POST',
    key: account.apiKey,
    body: {
      legal_name: 'Murphy Tiling Ltd',
      default_locale: 'en-IE',
      address: { line1: '12 Quay Street', city: 'Galway', postal_code: 'H91 XK2P', country: 'IE' },
    },
  });
  browser = await openBrowser(server.url, 'de-DE');
  await signInGerman(page(), server.url, account.apiKey, 'Murphy Tiling');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe("an Irish firm's Exports page", () => {
  test('no DATEV files; the CSV lists, the archive and the data carrier stay', async () => {
    await page().goto(`${server.url}/#/exports`);
    await byName(page(), 'Datenträger herunterladen (ZIP)', 'button');
    // The DATEV settings are read and folded away: the page has made its decision.
    await page().waitForSelector('details.datev-unused', { timeout: 20_000 });
    const seen = await offered();
    expect(seen.groups).not.toContain('DATEV-Export');
    expect(seen.groups).not.toContain('DATEV-Einstellungen');
    expect(seen.buttons).not.toContain('DATEV-Datei herunterladen');
    expect(seen.groups).toContain('Listen (CSV)');
    expect(seen.buttons).toContain('Belege als CSV herunterladen');
    expect(seen.buttons).toContain('Archiv herunterladen (ZIP)');
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
    expect(await page().evaluate(() => document.body.innerText)).not.toContain('DATEV-Dateien');
    if (process.env.SCREENSHOT_DIR)
      await page().screenshot({
        path: `${process.env.SCREENSHOT_DIR}/document-page-exports-ireland.png`,
        fullPage: true,
      });
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test('while the business profiles load, the DATEV export is shown; then it goes', async () => {
    const held: HTTPRequest[] = [];
    const hold = (request: HTTPRequest) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/business-profiles')) held.push(request);
      else void request.continue();
    };
    await page().setRequestInterception(true);
    page().on('request', hold);
    try {
      // A fresh page: the business profiles asked for anew (and held).
      await page().goto(`${server.url}/#/documents`);
      await page().reload();
      await page().waitForSelector('main h1', { timeout: 20_000 });
      await page().evaluate(() => {
        location.hash = '#/exports';
      });
      await byName(page(), 'Datenträger herunterladen (ZIP)', 'button');
      for (let i = 0; i < 50 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(held.length).toBeGreaterThan(0);
      expect((await offered()).buttons).toContain('DATEV-Datei herunterladen');
    } finally {
      page().off('request', hold);
      for (const request of held) await request.continue();
      await page().setRequestInterception(false);
    }
    await page().waitForSelector('details.datev-unused', { timeout: 20_000 });
    expect((await offered()).buttons).not.toContain('DATEV-Datei herunterladen');
  }, 60_000);

  test('a Beraternummer saved in the folded DATEV settings brings the DATEV files', async () => {
    await page().goto(`${server.url}/#/exports`);
    const summary = await page().waitForSelector('details.datev-unused summary', { timeout: 20_000 });
    await summary?.click();
    await typeInto(page(), 'Beraternummer', '1234567');
    await typeInto(page(), 'Mandantennummer', '10001');
    await click(page(), 'Einstellungen speichern');
    await waitForText(page(), 'Einstellungen gespeichert.');
    await byName(page(), 'DATEV-Datei herunterladen', 'button');
    expect((await offered()).groups).toContain('DATEV-Einstellungen');
    expect(browser.problems).toEqual([]);
  }, 60_000);
});
