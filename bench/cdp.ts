// Headless Chromium for the benches, driven over the DevTools protocol with Bun's WebSocket (no puppeteer:
// the protocol calls a render server makes are four). Used by bench/chromium.ts (in-process comparison) and
// bench/chromium-server.ts (the same printing behind HTTP, for bench/http-vs-chromium.ts).

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];

export function findChromium(): string | null {
  return Bun.which('chromium') ?? Bun.which('chromium-browser') ?? Bun.which('google-chrome');
}

/** A minimal DevTools-protocol client over one WebSocket. */
export class Cdp {
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

/** Waits for `promise`, or fails after `ms` (a stuck CDP call should end the bench, not hang it). */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: Timer | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`chromium: no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface Browser {
  proc: Bun.Subprocess<'ignore', 'ignore', 'pipe'>;
  /** The DevTools HTTP port. */
  port: number;
  /** Opens a tab (the first call reuses the one Chromium started with) that prints HTML files to PDF. */
  newPrinter(): Promise<Printer>;
  stop(): void;
}

export interface Printer {
  print(htmlPath: string): Promise<Uint8Array>;
}

/** Starts one long-lived headless Chromium with a remote-debugging port; the caller stops it. */
export async function launchChromium(chromium: string, profileDir: string): Promise<Browser> {
  const proc = Bun.spawn(
    [
      chromium,
      ...CHROMIUM_FLAGS,
      `--user-data-dir=${profileDir}`,
      '--remote-debugging-port=0',
      '--remote-allow-origins=*',
      'about:blank',
    ],
    { stdout: 'ignore', stderr: 'pipe' },
  );
  try {
    const port = await devtoolsPort(proc);
    let reusedFirstTab = false;
    const newPrinter = async () => {
      const url = reusedFirstTab ? await openTab(port) : await firstTab(port);
      reusedFirstTab = true;
      return printerOn(url);
    };
    return { proc, port, newPrinter, stop: () => proc.kill() };
  } catch (error) {
    proc.kill();
    throw error;
  }
}

async function devtoolsPort(proc: Bun.Subprocess<'ignore', 'ignore', 'pipe'>): Promise<number> {
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
  return Number(new URL(url).port);
}

interface Target {
  type: string;
  webSocketDebuggerUrl: string;
}

/** The tab Chromium opened with about:blank, through its own endpoint (no session ids to carry). */
async function firstTab(port: number): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const res = await fetch(`http://127.0.0.1:${port}/json/list`);
    const tab = ((await res.json()) as Target[]).find((t) => t.type === 'page');
    if (tab) return tab.webSocketDebuggerUrl;
    await Bun.sleep(50);
  }
  throw new Error(
    `chromium has no page target: ${await (await fetch(`http://127.0.0.1:${port}/json/list`)).text()}`,
  );
}

async function openTab(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' });
  return ((await res.json()) as Target).webSocketDebuggerUrl;
}

async function printerOn(tabUrl: string): Promise<Printer> {
  const cdp = await within(10_000, 'connection', Cdp.open(tabUrl));
  await within(10_000, 'Page.enable', cdp.send('Page.enable'));
  return {
    async print(htmlPath: string) {
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
    },
  };
}
