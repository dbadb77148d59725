// The API docs page (issue 25): served on the console's origin with the console's protections (a CSP that
// allows its one inline script by hash, never framed, no sniffing), and Swagger UI still draws under it.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { startServer, type TestServer } from '../harness';
import { chromiumPath, openBrowser } from './browser';

const hasChromium = (() => {
  try {
    return existsSync(chromiumPath());
  } catch {
    return false;
  }
})();

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

test.skipIf(!hasChromium)(
  'Swagger UI draws the API under the CSP: the operations are listed, nothing refused, nothing off the origin',
  async () => {
    const { page, browser, problems, foreign } = await openBrowser(server.url);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
    try {
      await page.goto(`${server.url}/api/v1/docs`, { waitUntil: 'domcontentloaded', timeout: 45_000 });
      await page.waitForSelector('.opblock-summary-path', { timeout: 45_000 });
      const paths = await page.$$eval('.opblock-summary-path', (els) => els.map((e) => e.textContent ?? ''));
      expect(paths.join(' ')).toContain('/api/v1/reference/currencies');
      // A browser asks for /favicon.ico on its own; that 404 is no part of the page.
      expect(missing.filter((m) => !m.endsWith('/favicon.ico'))).toEqual([]);
      expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await browser.close();
    }
  },
  120_000,
);
