// The web console's first screen in headless chromium against the executable (or `bun src/main.ts`):
// first contentful paint of the sign-in page, and sign-in to the Documents list drawn, over N fresh loads.
// Run: npm run build && bun bench/console.ts dist/invoice-service 10
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

const [binary = 'dist/invoice-service', runsArg = '10'] = process.argv.slice(2);
const runs = Number(runsArg);
const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const command = binary.endsWith('.ts') ? [process.execPath, binary, 'serve'] : [binary, 'serve'];
const server = Bun.spawn(command, {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent' },
  stdout: 'pipe',
});
let output = '';
const reader = server.stdout.getReader();
while (!/sk_[\w-]{32}/.test(output)) output += new TextDecoder().decode((await reader.read()).value);
const key = /sk_[\w-]{32}/.exec(output)?.[0] ?? '';
const base = `http://127.0.0.1:${port}/`;

const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
});
const paints: number[] = [];
const signIns: number[] = [];
for (let run = 0; run < runs; run++) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(base, { waitUntil: 'load' });
  await page.waitForSelector('input[type=password]');
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  paints.push(
    await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    ),
  );
  // The operator's API-key field (email and password come first in the form).
  await page.type('input[placeholder="sk_…"]', key);
  const started = performance.now();
  await page.click('button[type=submit]');
  await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Documents');
  await page.waitForFunction(() => !document.querySelector('.loading'));
  signIns.push(performance.now() - started);
  await context.close();
}
await browser.close();
server.kill();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const range = (values: number[]) => `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
console.log(
  `first contentful paint of the sign-in page: ${median(paints).toFixed(0)} ms median (${range(paints)}), ${runs} fresh loads`,
);
console.log(
  `sign-in to the Documents screen drawn: ${median(signIns).toFixed(0)} ms median (${range(signIns)})`,
);
