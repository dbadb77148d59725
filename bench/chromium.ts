// Our in-process renderer against headless Chromium printing the same invoice as HTML to PDF: the render
// bench's one-page 20-line invoice and its 200-line invoice. Chromium two ways:
// - cold: one `chromium --headless --print-to-pdf` process per PDF (what a script shelling out does);
// - warm: one long-lived Chromium driven over the DevTools protocol (Bun's WebSocket), one tab kept open,
//   each PDF = Page.navigate to the HTML file, wait for load, Page.printToPDF (what a render server that
//   keeps its browser does; the fair comparison).
// Wall-clock median and p95 of each and the ratio to ours. Needs Debian's `chromium`; without it the
// script says so and exits 0. Usage: bun bench/chromium.ts [our runs] [warm runs] [cold runs]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPdf } from '../src/rendering/render-pdf';
import type { RenderInput } from '../src/rendering/types';
import { invoiceOnePage, invoiceWithLines } from '../test/rendering-fixtures';
import { invoiceHtml } from './chromium-html';

const ourRuns = Number(process.argv[2] ?? 200);
const warmRuns = Number(process.argv[3] ?? 40);
const coldRuns = Number(process.argv[4] ?? 8);

const chromium = Bun.which('chromium') ?? Bun.which('chromium-browser') ?? Bun.which('google-chrome');
if (!chromium) {
  console.log('chromium is not installed (apt-get install -y chromium): no comparison made');
  process.exit(0);
}

// The same two documents as bench/render.ts.
const onePage = invoiceOnePage();
const large = invoiceWithLines(200, { templateId: 'tpl_modern', pageSize: 'A4' });

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];
const dir = mkdtempSync(join(tmpdir(), 'inv-chromium-'));

interface Stats {
  median: number;
  p95: number;
  pages: number;
  bytes: number;
}

const pageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type\s*\/Page[^s]/g) ?? []
  ).length;

async function timed(count: number, run: () => Promise<Uint8Array>): Promise<Stats> {
  const ms: number[] = [];
  let last: Uint8Array = new Uint8Array();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    last = await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), pages: pageCount(last), bytes: last.byteLength };
}

async function ours(input: RenderInput, count: number): Promise<Stats> {
  for (let i = 0; i < Math.min(30, count); i++) await renderPdf(input);
  return timed(count, () => renderPdf(input));
}

async function cold(htmlPath: string, count: number): Promise<Stats> {
  const out = join(dir, 'cold.pdf');
  return timed(count, async () => {
    const proc = Bun.spawn(
      [
        chromium as string,
        ...FLAGS,
        `--user-data-dir=${join(dir, 'profile-cold')}`,
        // Only with --print-to-pdf: given to a debugging-port Chromium it opens no tab.
        '--no-pdf-header-footer',
        `--print-to-pdf=${out}`,
        htmlPath,
      ],
      { stdout: 'ignore', stderr: 'ignore' },
    );
    if ((await proc.exited) !== 0) throw new Error(`chromium exited ${proc.exitCode}`);
    return new Uint8Array(readFileSync(out));
  });
}

/** A minimal DevTools-protocol client over one WebSocket. */
class Cdp {
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private waiters: { method: string; resolve: () => void }[] = [];
  private constructor(private ws: WebSocket) {
    ws.onmessage = (event) => {
      const msg = JSON.parse(String(event.data));
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(`${msg.error.message}`));
        else p?.resolve(msg.result);
      } else if (msg.method) {
        const i = this.waiters.findIndex((w) => w.method === msg.method);
        if (i >= 0) this.waiters.splice(i, 1)[0]?.resolve();
      }
    };
  }

  static open(url: string): Promise<Cdp> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.onopen = () => resolve(new Cdp(ws));
      ws.onerror = () => reject(new Error(`cannot connect to ${url}`));
    });
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve: resolve as never, reject }));
  }

  once(method: string): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ method, resolve }));
  }

  close(): void {
    this.ws.close();
  }
}

async function startWarm(): Promise<{ print: (htmlPath: string) => Promise<Uint8Array>; stop: () => void }> {
  const proc = Bun.spawn(
    [
      chromium as string,
      ...FLAGS,
      `--user-data-dir=${join(dir, 'profile-warm')}`,
      '--remote-debugging-port=0',
      '--remote-allow-origins=*',
      'about:blank',
    ],
    { stdout: 'ignore', stderr: 'pipe' },
  );
  // Never leave the browser behind: not on a failed start, a hang, an exception or Ctrl-C.
  const kill = () => proc.kill();
  process.once('exit', () => {
    proc.kill('SIGKILL'); // at once: a browser shutting down would write its profile back after the rm
    rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  try {
    return await connect(proc);
  } catch (error) {
    kill();
    throw error;
  }
}

/** Waits for `promise`, or fails after `ms` (a stuck CDP call should end the bench, not hang it). */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: Timer | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`chromium: no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function connect(
  proc: Bun.Subprocess<'ignore', 'ignore', 'pipe'>,
): Promise<{ print: (htmlPath: string) => Promise<Uint8Array>; stop: () => void }> {
  // Chromium prints "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID" on stderr.
  const reader = proc.stderr.getReader();
  let text = '';
  let url: string | undefined;
  while (!url) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`chromium exited before listening: ${text}`);
    text += new TextDecoder().decode(value);
    url = /DevTools listening on (ws:\S+)/.exec(text)?.[1];
  }
  // Keep draining stderr so Chromium never blocks on a full pipe.
  void (async () => {
    for (;;) if ((await reader.read()).done) break;
  })();
  // The tab Chromium opened with about:blank, through its own endpoint (no session ids to carry).
  const port = new URL(url).port;
  let tab: { type: string; webSocketDebuggerUrl: string } | undefined;
  for (let waited = 0; !tab && waited < 10_000; waited += 50) {
    const res = await fetch(`http://127.0.0.1:${port}/json/list`);
    tab = ((await res.json()) as { type: string; webSocketDebuggerUrl: string }[]).find(
      (t) => t.type === 'page',
    );
    if (!tab) await Bun.sleep(50);
  }
  if (!tab)
    throw new Error(
      `chromium has no page target: ${await (await fetch(`http://127.0.0.1:${port}/json/list`)).text()}`,
    );
  const cdp = await within(10_000, 'connection', Cdp.open(tab.webSocketDebuggerUrl));
  await within(10_000, 'Page.enable', cdp.send('Page.enable'));
  const print = async (htmlPath: string) => {
    const loaded = cdp.once('Page.loadEventFired');
    await within(30_000, 'navigation', cdp.send('Page.navigate', { url: `file://${htmlPath}` }));
    await within(30_000, 'load event', loaded);
    const { data } = await within(
      60_000,
      'PDF',
      cdp.send<{ data: string }>('Page.printToPDF', {
        printBackground: true,
        preferCSSPageSize: true,
        displayHeaderFooter: false,
      }),
    );
    return new Uint8Array(Buffer.from(data, 'base64'));
  };
  return {
    print,
    stop: () => {
      cdp.close();
      proc.kill();
    },
  };
}

const fmt = (s: Stats) =>
  `median ${s.median.toFixed(1).padStart(6)} ms, p95 ${s.p95.toFixed(1).padStart(6)} ms, ${s.pages} page(s), ${(s.bytes / 1024).toFixed(0)} KiB`;

const version = Bun.spawnSync([chromium, '--version']).stdout.toString().trim();
console.log(`${version}; ours ${ourRuns} runs, Chromium warm ${warmRuns} runs, cold ${coldRuns} runs`);
await renderPdf(onePage); // our first render of the process loads fonts; the render workers do it at start
const warm = await startWarm();
try {
  for (const [name, input] of [
    ['20 lines, one page', onePage],
    ['200 lines', large],
  ] as const) {
    const htmlPath = join(dir, `${name.replace(/\W+/g, '-')}.html`);
    writeFileSync(htmlPath, invoiceHtml(input));
    const o = await ours(input, name === '200 lines' ? Math.max(20, Math.round(ourRuns / 5)) : ourRuns);
    for (let i = 0; i < 5; i++) await warm.print(htmlPath);
    const w = await timed(warmRuns, () => warm.print(htmlPath));
    const c = await cold(htmlPath, coldRuns);
    console.log(`\n${name}`);
    console.log(`  ours (in-process)     ${fmt(o)}`);
    console.log(`  Chromium warm (CDP)   ${fmt(w)}  = ${(w.median / o.median).toFixed(1)}x ours (median)`);
    console.log(`  Chromium cold (CLI)   ${fmt(c)}  = ${(c.median / o.median).toFixed(1)}x ours (median)`);
  }
} finally {
  warm.stop();
  rmSync(dir, { recursive: true, force: true });
}
