// A render server built the way people build one around a browser: one warm headless Chromium with a fixed
// number of reused tabs behind HTTP; `POST /pdf` with an HTML body answers the printed PDF. The other side
// of bench/http-vs-chromium.ts. Usage: bun bench/chromium-server.ts <port> [tabs]; prints `ready` when it
// serves.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, launchChromium, type Printer } from './cdp';

const port = Number(process.argv[2]);
const tabs = Number(process.argv[3] ?? 2);
const chromium = findChromium();
if (!chromium) throw new Error('chromium is not installed (apt-get install -y chromium)');

const dir = mkdtempSync(join(tmpdir(), 'inv-chromium-server-'));
const browser = await launchChromium(chromium, join(dir, 'profile'));
const stop = () => {
  browser.proc.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);

// Free tabs; a request waits for one as a render server's page pool does.
const idle: Printer[] = [];
for (let i = 0; i < tabs; i++) idle.push(await browser.newPrinter());
const waiting: ((tab: Printer) => void)[] = [];
const acquire = () => idle.pop() ?? new Promise<Printer>((resolve) => waiting.push(resolve));
const release = (tab: Printer) => {
  const next = waiting.shift();
  if (next) next(tab);
  else idle.push(tab);
};

let counter = 0;
Bun.serve({
  port,
  hostname: '127.0.0.1',
  async fetch(req) {
    if (req.method !== 'POST') return new Response('POST /pdf with an HTML body', { status: 405 });
    const htmlPath = join(dir, `page-${counter++ % 64}.html`);
    writeFileSync(htmlPath, await req.text());
    const tab = await acquire();
    try {
      return new Response(await tab.print(htmlPath), { headers: { 'content-type': 'application/pdf' } });
    } finally {
      release(tab);
    }
  },
});
console.log('ready');
